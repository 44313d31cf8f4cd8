import { graphOps } from '../../../api/operations/graph';
import { wantsCounts, type EntityListEntry } from '../../../api/schemas/entities';
import { ENTITY_INFO_KINDS, type EntityInfoOperationId } from '../../../api/schemas/entity-kinds';
import type { MockArea } from '../../area';
import { badRequest, notFound } from '../../errors';
import { defineList, text } from '../../list';
import { completenessStats, controllersOf, userCounts, type DirectoryGraph, type GraphNode } from '../../seed/graph';
import { server } from '../../serve';
import { graphOf } from '../../seed/live-graph';
import { refuseUnknownParams } from '../../validate';
import { systemTagsOf } from '../asset-groups/store';
import { searchPage, searchType } from './search';
import { entityCounts } from './entity-counts';

const USER_PARAMS = ['counts', 'count'];
const ENTITY_PARAMS = ['counts'];

const notAParameter = (name: string, known: readonly string[]) =>
  `"${name}" is not a parameter of this operation; use ${known.join(', ')}.`;

/** The node of that object id and primary kind (`Base`: of any kind); a 404 naming object_id otherwise. */
function nodeOfKind(graph: DirectoryGraph, objectid: string, kind: string): GraphNode {
  const node = graph.byId.get(objectid) ?? graph.byId.get(objectid.toUpperCase());
  if (!node || (kind !== 'Base' && node.primaryKind !== kind)) {
    const noun = kind === 'Base' ? 'node' : (KIND_NOUNS[kind] ?? kind);
    throw notFound('object_id', `No ${noun} with object id ${objectid} exists.`);
  }
  return node;
}

/** How a 404 names each kind. */
const KIND_NOUNS: Record<string, string> = {
  User: 'user',
  Computer: 'computer',
  Group: 'group',
  Domain: 'domain',
  GPO: 'GPO',
  OU: 'OU',
  Container: 'container',
  AIACA: 'AIA CA',
  RootCA: 'root CA',
  EnterpriseCA: 'enterprise CA',
  NTAuthStore: 'NTAuth store',
  CertTemplate: 'certificate template',
};

export function toListEntry(node: GraphNode): EntityListEntry {
  return { objectID: node.objectid, name: node.name, label: node.primaryKind, kinds: node.kinds };
}

/**
 * The controllers list: paged (10 by default, at most MAX_LIMIT; more is
 * capped), `sort_by`; by name unless sorted otherwise, the object id breaking
 * the last ties, so pages never overlap.
 */
export const CONTROLLERS_LIST = defineList<EntityListEntry>()({
  query: graphOps.getComputerEntityControllers.query,
  columns: { name: text((e) => e.name), objectID: text((e) => e.objectID), label: text((e) => e.label) },
  tieBreak: [
    { column: 'name', descending: false },
    { column: 'objectID', descending: false },
  ],
});

/**
 * Entity queries over the live directory graph (what clear-database left of it):
 * GET /api/v2/computers/{id}/controllers, GET /api/v2/users/{id}, the entity information of every
 * other Active Directory kind (GET /api/v2/base/{id}, /computers/{id}, /groups/{id}, …: one route per
 * row of ENTITY_INFO_KINDS, counts in entity-counts.ts), GET /api/v2/completeness,
 * GET /api/v2/search (search.ts).
 * Open to any signed-in user.
 */
export const entitiesArea: MockArea = {
  name: 'entities',
  routes(app, { db }) {
    const route = server(app, db);

    route(graphOps.getComputerEntityControllers, (c, { params, query: req }) => {
      const objectid = params.object_id;
      const graph = graphOf(db.state);
      const computer = nodeOfKind(graph, objectid, 'Computer');
      const controllers = controllersOf(graph, computer.objectid);
      if (req.params.type === 'graph') {
        // The unsupported `graph` type: nodes keyed by id and the control edges, without paging.
        const ids = new Set(controllers.map((n) => n.objectid));
        const tagsOf = systemTagsOf(db.state);
        const nodes: Record<string, { label: string; kind: string; objectId: string; isTierZero: boolean }> = {};
        for (const n of [computer, ...controllers]) {
          nodes[n.objectid] = {
            label: n.name,
            kind: n.primaryKind,
            objectId: n.objectid,
            isTierZero: tagsOf(n.objectid).split(' ').includes('admin_tier_0'),
          };
        }
        const edges = graph.edges
          .filter((e) => e.target === computer.objectid && ids.has(e.source))
          .filter((e) => e.kind !== 'AdminTo' && e.kind !== 'CanRDP' && e.kind !== 'HasSession')
          .map((e) => ({ source: e.source, target: e.target, label: e.kind, kind: e.kind }));
        return c.json({ data: { nodes, edges } });
      }
      return c.json(CONTROLLERS_LIST.page(CONTROLLERS_LIST.select(controllers.map(toListEntry), req), req, (e) => e));
    });

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
        if (wantsCounts(q)) Object.assign(data, userCounts(graph, user.objectid));
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
