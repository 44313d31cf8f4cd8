/**
 * POST /api/v2/asset-group-tags/preview-selectors: what a rule's seeds would
 * select, computed at once over the live graph (the only membership computed
 * outside an analysis), with how each object came in (`source`). Up to
 * `?limit` members (200 by default), seeds first, then children, then parents.
 *
 * Refusals (400, naming the field): seeds of both types, an empty seed, a
 * Cypher seed that does not parse (its `line L:C`) or is too complex for a
 * rule (upstream's stricter selector bound), an unknown expansion, a bad limit.
 * Needs graphdb.Read (the access table); a user limited to some environments
 * is refused, as upstream refuses them every Privilege Zones read.
 */
import type { Context } from 'hono';
import { privilegeZoneOps } from '../../../api/operations/privilege-zones';
import type { AssetGroupTagMember } from '../../../api/schemas/privilege-zones';
import type { MockArea } from '../../area';
import type { MockEnv } from '../../auth';
import { ApiFailure, forbidden, type ErrorDetail } from '../../errors';
import { server } from '../../serve';
import { graphOf } from '../../seed/live-graph';
import { Expansion, parseCypherSeed, SeedQueryError, seedCypherGraph, selectFromSeeds } from './membership';

export const PREVIEW_LIMIT = 200;

export const privilegeZonesPreviewArea: MockArea = {
  name: 'privilege-zones-preview',
  routes(app, { db }) {
    const route = server(app, db);
    // A user limited to some environments is refused before the query and the body are read.
    const guard = (c: Context<MockEnv>) => {
      const principal = c.get('principal');
      if (principal.kind === 'user' && !principal.user.all_environments) {
        throw forbidden('Privilege Zones are for users with access to every environment; yours is limited to some.');
      }
    };
    route(
      privilegeZoneOps.previewSelectors,
      (c, { query: { limit = PREVIEW_LIMIT }, body }) => {
        const errors: ErrorDetail[] = [];
        body.seeds.forEach((seed, i) => {
          if (seed.type !== 2) return;
          try {
            parseCypherSeed(seed.value);
          } catch (e) {
            if (!(e instanceof SeedQueryError)) throw e;
            errors.push({ context: `seeds[${i}].value`, message: `seeds[${i}].value: ${e.message}` });
          }
        });
        if (errors.length > 0) throw new ApiFailure(400, errors);

        const state = db.state;
        const graph = graphOf(state);
        const cypherOf = (marks: boolean) => seedCypherGraph(state, graph, marks);
        let selection;
        try {
          selection = selectFromSeeds(graph, cypherOf, body.seeds, body.expansion ?? Expansion.All, { limit, strict: true });
        } catch (e) {
          // A query that parses but cannot run on the graph (too many rows or steps, a type error): the rule would select nothing.
          if (!(e instanceof SeedQueryError)) throw e;
          throw new ApiFailure(400, [{ context: 'seeds', message: `seeds: ${e.message}` }]);
        }
        const graphIds = graphIdsOf(seedCypherGraph(state, graph));
        const members: AssetGroupTagMember[] = [...selection.values()].map(({ node, source }) => ({
          id: graphIds.get(node.objectid) ?? 0,
          object_id: node.objectid,
          environment_id: node.domainSid,
          primary_kind: node.primaryKind,
          name: node.name,
          source,
        }));
        return c.json({ data: { members } });
      },
      { guard },
    );
  },
};

const graphIdMaps = new WeakMap<object, Map<string, number>>();

/** Object id → graph id, once per engine graph. */
function graphIdsOf(cypher: ReturnType<typeof seedCypherGraph>): Map<string, number> {
  let ids = graphIdMaps.get(cypher);
  if (!ids) {
    ids = new Map(cypher.nodes.map((n) => [n.source.objectid, n.id]));
    graphIdMaps.set(cypher, ids);
  }
  return ids;
}
