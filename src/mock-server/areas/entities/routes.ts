import { graphOps } from '../../../api/operations/graph';
import { wantsCounts } from '../../../api/schemas/entities';
import { ENTITY_INFO_KINDS, type EntityInfoOperationId } from '../../../api/schemas/entity-kinds';
import type { MockArea } from '../../area';
import { badRequest } from '../../errors';
import { completenessStats } from '../../seed/graph';
import { server } from '../../serve';
import { graphOf } from '../../seed/live-graph';
import { refuseUnknownParams } from '../../validate';
import { systemTagsOf } from '../asset-groups/store';
import { searchPage, searchType } from './search';
import { entityCounts, userCounts } from './entity-counts';
import { nodeOfKind } from './nodes';
import { relatedListRoutes } from './related-routes';

const USER_PARAMS = ['counts', 'count'];
const ENTITY_PARAMS = ['counts'];

const notAParameter = (name: string, known: readonly string[]) =>
  `"${name}" is not a parameter of this operation; use ${known.join(', ')}.`;

/**
 * Entity queries over the live directory graph (what clear-database left of it):
 * every related list and PATCH /api/v2/domains/{id} (related-routes.ts), GET /api/v2/users/{id}, the
 * entity information of every other Active Directory kind (GET /api/v2/base/{id}, /computers/{id}, /groups/{id}, …: one route per
 * row of ENTITY_INFO_KINDS, counts in entity-counts.ts), GET /api/v2/completeness,
 * GET /api/v2/search (search.ts).
 * Open to any signed-in user.
 */
export const entitiesArea: MockArea = {
  name: 'entities',
  routes(app, { db }) {
    const route = server(app, db);

    relatedListRoutes(app, db);

    route(
      graphOps.getUserEntity,
      (c, { params, query: q }) => {
        const objectid = params.object_id;
        if (q.count !== undefined && q.counts !== undefined && q.count !== q.counts) {
          throw badRequest('counts', 'counts and count disagree; send one of them (they are two names of one switch).');
        }
        const graph = graphOf(db.state);
        const user = nodeOfKind(graph, objectid, 'User');
        // system_tags as upstream's node property: the system groups (Tier Zero, Owned) it is a member of now.
        const tags = systemTagsOf(db.state)(user.objectid);
        const data: Record<string, unknown> = {
          kinds: user.kinds,
          props: tags ? { ...user.props, system_tags: tags } : user.props,
        };
        if (wantsCounts(q)) Object.assign(data, userCounts({ graph, tagsOf: systemTagsOf(db.state) }, user));
        return c.json({ data });
      },
      // Unknown parameters are refused before the known ones are read.
      { guard: (c) => refuseUnknownParams(c, USER_PARAMS, notAParameter) },
    );

    for (const key of Object.keys(ENTITY_INFO_KINDS) as EntityInfoOperationId[]) {
      const row = ENTITY_INFO_KINDS[key];
      route(
        graphOps[key],
        (c, { params, query: q }) => {
          const graph = graphOf(db.state);
          const node = nodeOfKind(graph, params.object_id, row.kind);
          const tagsOf = systemTagsOf(db.state);
          const tags = tagsOf(node.objectid);
          const data: Record<string, unknown> = {
            kinds: node.kinds,
            props: tags ? { ...node.props, system_tags: tags } : node.props,
          };
          if (q.counts ?? true) Object.assign(data, entityCounts(key, { graph, tagsOf }, node));
          return c.json({ data });
        },
        { guard: (c) => refuseUnknownParams(c, ENTITY_PARAMS, notAParameter) },
      );
    }

    route(graphOps.search, (c, { query: { skip, limit, params } }) => {
      const type = searchType(params.type);
      return c.json(searchPage(graphOf(db.state), { q: params.q, type, skip, limit }, systemTagsOf(db.state)));
    });

    route(graphOps.getCompletenessStats, (c) => {
      const stats = completenessStats(graphOf(db.state));
      // Upstream's keys; values are shares from 0 to 1.
      return c.json({
        data: { LocalGroupCompleteness: stats.localGroupCompleteness, SessionCompleteness: stats.sessionCompleteness },
      });
    });
  },
};
