import { extensionOps } from '../../../api/operations/extensions';
import type { ExtensionSchema } from '../../../api/schemas/extensions';
import { FONT_AWESOME } from '../../../api/schemas/custom-nodes';
import { compareText } from '../../../shared/compare-text';
import type { MockArea } from '../../area';
import { ApiFailure, badRequest, notFound } from '../../errors';
import { server } from '../../serve';
import type { DbState } from '../../store/db';
import type { StoredCustomNode } from '../custom-nodes/store';
import { conflictErrors, schemaErrors } from './check';
import { EXTENSION_COUNTER, NODE_KIND_COUNTER, RELATIONSHIP_KIND_COUNTER, seedExtensions } from './seed';
import {
  extensionsOf,
  toExtensionInfo,
  toNodeKindDetail,
  toRelationshipKindDetail,
  type StoredExtension,
  type StoredNodeKind,
  type StoredRelationshipKind,
} from './store';

function nextId(state: DbState, counter: string): number {
  const id = (state.counters[counter] ?? 0) + 1;
  state.counters[counter] = id;
  return id;
}

const infoOf = (info: StoredNodeKind['info'] | undefined) => structuredClone(info ?? {});

/**
 * The custom node kinds (icons and colours) follow an extension's display kinds, as upstream keeps them:
 * a display kind's icon and colour are written there (what the schema leaves out keeps its value), a kind
 * no longer a display kind, or no longer defined, leaves.
 */
function syncCustomNodes(state: DbState, kinds: readonly StoredNodeKind[], removed: readonly string[]): void {
  const now = new Date().toISOString();
  const gone = new Set([...removed, ...kinds.filter((k) => !k.is_display_kind).map((k) => k.name)]);
  state.customNodes = state.customNodes.filter((n) => !gone.has(n.kind_name));
  for (const kind of kinds.filter((k) => k.is_display_kind)) {
    const existing = state.customNodes.find((n) => n.kind_name === kind.name);
    if (existing) {
      const icon = existing.config.icon;
      existing.config = { icon: { type: FONT_AWESOME, name: kind.icon || icon.name, color: kind.color || icon.color } };
      existing.updated_at = now;
    } else {
      const made: StoredCustomNode = {
        id: Math.max(0, ...state.customNodes.map((n) => n.id)) + 1,
        kind_name: kind.name,
        config: { icon: { type: FONT_AWESOME, name: kind.icon, color: kind.color } },
        created_at: now,
        updated_at: now,
        deleted_at: null,
      };
      state.customNodes.push(made);
    }
  }
}

/** Writes the schema into a new extension, or into the stored one of its name (kinds keep their ids by name). */
function upsert(state: DbState, schema: ExtensionSchema): { existed: boolean } {
  const now = new Date().toISOString();
  const meta = schema.schema;
  let ext = extensionsOf(state).find((e) => e.name === meta.name);
  const existed = ext !== undefined;
  if (!ext) {
    ext = {
      id: nextId(state, EXTENSION_COUNTER),
      name: meta.name,
      display_name: '',
      version: '',
      namespace: '',
      is_builtin: false,
      node_kinds: [],
      relationship_kinds: [],
      environments: [],
      relationship_findings: [],
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    state.extensions = [...extensionsOf(state), ext];
  }
  const previous = ext;
  const nodeKinds = schema.node_kinds.map((k): StoredNodeKind => ({
    id: previous.node_kinds.find((p) => p.name === k.name)?.id ?? nextId(state, NODE_KIND_COUNTER),
    name: k.name,
    display_name: k.display_name ?? '',
    description: k.description ?? '',
    is_display_kind: k.is_display_kind ?? false,
    icon: k.icon ?? '',
    color: k.color ?? '',
    info: infoOf(k.info),
  }));
  const relationshipKinds = schema.relationship_kinds.map((k): StoredRelationshipKind => ({
    id: previous.relationship_kinds.find((p) => p.name === k.name)?.id ?? nextId(state, RELATIONSHIP_KIND_COUNTER),
    name: k.name,
    description: k.description ?? '',
    is_traversable: k.is_traversable ?? false,
    info: infoOf(k.info),
  }));
  const kept = new Set(nodeKinds.map((k) => k.name));
  const removed = previous.node_kinds.map((k) => k.name).filter((n) => !kept.has(n));
  Object.assign(ext, {
    display_name: meta.display_name?.trim() ? meta.display_name : meta.name,
    version: meta.version,
    namespace: meta.namespace,
    node_kinds: nodeKinds,
    relationship_kinds: relationshipKinds,
    environments: structuredClone(schema.environments),
    relationship_findings: schema.relationship_findings.map((f) => ({
      name: f.name,
      display_name: f.display_name ?? f.name,
      relationship_kind: f.relationship_kind,
      environment_kind: f.environment_kind,
      remediation: { ...f.remediation },
    })),
    updated_at: now,
  });
  syncCustomNodes(state, nodeKinds, removed);
  return { existed };
}

function findNodeKind(state: DbState, id: number): [StoredExtension, StoredNodeKind] {
  for (const e of extensionsOf(state)) {
    const kind = e.node_kinds.find((k) => k.id === id);
    if (kind) return [e, kind];
  }
  throw notFound('node_kind_id', `No node kind has id ${id}.`);
}

function findRelationshipKind(state: DbState, id: number): [StoredExtension, StoredRelationshipKind] {
  for (const e of extensionsOf(state)) {
    const kind = e.relationship_kinds.find((k) => k.id === id);
    if (kind) return [e, kind];
  }
  throw notFound('relationship_kind_id', `No relationship kind has id ${id}.`);
}

/**
 * OpenGraph extensions (reference UpsertOpenGraphExtension, ListExtensions, DeleteExtension,
 * ListEdgeKinds, GetNodeKind, GetRelationshipKind). An extension schema defines a namespace, node kinds
 * with their icons and colours, relationship kinds, environments and findings; its node kinds and
 * relationship kinds join the graph's kinds (GET /api/v2/graphs/kinds), and its display kinds' icons the
 * custom node kinds. Uploading a schema whose name is stored replaces that extension (200), otherwise
 * creates one (201); deleting it removes its kinds. Built-in extensions are neither replaced nor deleted.
 * Anyone signed in reads them; changing them needs app.WriteAppConfig.
 */
export const extensionsArea: MockArea = {
  name: 'extensions',
  seed: (state) => seedExtensions(state),
  routes(app, { db }) {
    const route = server(app, db);

    route(extensionOps.listExtensions, (c) => {
      const sorted = [...extensionsOf(db.state)].sort((a, b) => compareText(a.display_name, b.display_name));
      return c.json({ data: { extensions: sorted.map(toExtensionInfo) } });
    });

    route(extensionOps.upsertOpenGraphExtension, (c, { body }) => {
      const refused = schemaErrors(body);
      if (refused.length) throw new ApiFailure(400, refused);
      const conflicts = conflictErrors(body, extensionsOf(db.state));
      if (conflicts.length) throw new ApiFailure(400, conflicts);
      const { existed } = upsert(db.state, body);
      return c.body(null, existed ? 200 : 201);
    });

    route(extensionOps.deleteExtension, (c, { params }) => {
      const ext = extensionsOf(db.state).find((e) => e.id === params.extension_id);
      if (!ext) throw notFound('extension_id', `no extension found matching extension id: ${params.extension_id}`);
      if (ext.is_builtin) throw badRequest('extension_id', 'built-in extensions cannot be deleted');
      db.state.extensions = extensionsOf(db.state).filter((e) => e !== ext);
      syncCustomNodes(
        db.state,
        [],
        ext.node_kinds.map((k) => k.name),
      );
      return c.body(null, 204);
    });

    route(extensionOps.listEdgeKinds, (c, { query }) => {
      const schemas = query.schemas ? new Set(query.schemas) : null;
      const filter = query.is_traversable;
      const rows = extensionsOf(db.state)
        .filter((e) => !schemas || schemas.has(e.name))
        .flatMap((e) =>
          e.relationship_kinds.map((k) => ({
            id: k.id,
            name: k.name,
            description: k.description,
            is_traversable: k.is_traversable,
            schema_name: e.name,
            is_builtin: e.is_builtin,
          })),
        )
        .filter((k) => !filter || (k.is_traversable === (filter.value === 'true')) === (filter.predicate === 'eq'))
        .sort((a, b) => compareText(a.name, b.name));
      return c.json({ data: rows });
    });

    route(extensionOps.getNodeKind, (c, { params }) => {
      const [ext, kind] = findNodeKind(db.state, params.node_kind_id);
      return c.json({ data: toNodeKindDetail(ext, kind) });
    });

    route(extensionOps.getRelationshipKind, (c, { params }) => {
      const [ext, kind] = findRelationshipKind(db.state, params.relationship_kind_id);
      return c.json({ data: toRelationshipKindDetail(ext, kind) });
    });
  },
};
