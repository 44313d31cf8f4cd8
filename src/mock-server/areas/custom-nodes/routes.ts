import { customNodeOps } from '../../../api/operations/custom-nodes';
import { kindNameField } from '../../../api/schemas/custom-nodes';
import type { MockArea } from '../../area';
import { ApiFailure, conflict, notFound } from '../../errors';
import { server } from '../../serve';
import type { MockDb } from '../../store/db';
import { issuesToErrors } from '../../validate';
import { seedCustomNodes } from './seed';
import { toCustomNodeRecord, type StoredCustomNode } from './store';

/** Kind names are compared as the graph compares kinds: exactly. */
function findKind(db: MockDb, name: string): StoredCustomNode {
  const found = db.state.customNodes.find((n) => n.kind_name === name);
  if (!found) throw notFound('kind_name', `No custom node kind is named "${name}".`);
  return found;
}

/**
 * Custom node kinds (reference GetCustomNodes, CreateCustomNodes,
 * GetCustomNode, UpdateCustomNode, DeleteCustomNode): an icon and colour per
 * kind, which the graph draws nodes of that kind with. Anyone signed in reads
 * them; changing them needs app.WriteAppConfig. Creation takes several kinds
 * at once and makes none if any is refused (400 naming the field) or already
 * exists (409).
 */
export const customNodesArea: MockArea = {
  name: 'custom-nodes',
  seed: (state) => seedCustomNodes(state),
  routes(app, { db }) {
    const route = server(app, db);

    route(customNodeOps.getCustomNodes, (c) => c.json({ data: db.state.customNodes.map(toCustomNodeRecord) }));

    route(customNodeOps.createCustomNodes, (c, { body }) => {
      const names = Object.keys(body.custom_types);
      for (const name of names) {
        const checked = kindNameField.safeParse(name);
        if (!checked.success) throw new ApiFailure(400, issuesToErrors(checked.error.issues, `custom_types.${name}`));
        if (checked.data !== name) {
          throw new ApiFailure(400, [
            { context: `custom_types.${name}`, message: 'Kind name must not start or end with spaces' },
          ]);
        }
        if (db.state.customNodes.some((n) => n.kind_name === name)) {
          throw conflict('customnodes', `Conflict: duplicate kind name "${name}"`);
        }
      }
      const now = new Date().toISOString();
      let nextId = Math.max(0, ...db.state.customNodes.map((n) => n.id)) + 1;
      const created = names.map((name): StoredCustomNode => ({
        id: nextId++,
        kind_name: name,
        config: body.custom_types[name]!,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      }));
      db.state.customNodes.push(...created);
      return c.json({ data: created.map(toCustomNodeRecord) }, 201);
    });

    route(customNodeOps.getCustomNode, (c, { params }) => {
      const node = findKind(db, params.kind_name);
      return c.json({ data: toCustomNodeRecord(node) });
    });

    route(customNodeOps.updateCustomNode, (c, { params, body }) => {
      const node = findKind(db, params.kind_name);
      node.config = body.config;
      node.updated_at = new Date().toISOString();
      return c.json({ data: toCustomNodeRecord(node) });
    });

    // Gone, as on upstream's current release: a kind is removed with the extension that defines it.
    route(customNodeOps.deleteCustomNode, () => {
      throw new ApiFailure(410, [
        {
          context: 'kind_name',
          message: 'Node kinds are no longer deleted one by one: a kind is removed with the OpenGraph extension that defines it.',
        },
      ]);
    });
  },
};
