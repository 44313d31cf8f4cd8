import { z } from 'zod';
import { entityInfoQuery, entityListQuery, wantsCounts, type EntityListEntry } from '../../api/schemas/entities';
import type { SortSpec } from '../../api/schemas/common';
import type { MockArea } from '../area';
import { badRequest, notFound } from '../errors';
import { completenessStats, controllersOf, directoryGraph, userCounts, type DirectoryGraph, type GraphNode } from '../seed/graph';
import { queryObject, readParam, readQuery } from '../validate';

/** Columns the controllers list sorts by (upstream: "dependent on the entity object kind"). */
export const CONTROLLER_SORT_COLUMNS = ['name', 'objectID', 'label'] as const;
type ControllerSortColumn = (typeof CONTROLLER_SORT_COLUMNS)[number];

/** The most entries one page of an entity list may hold; larger limits are capped. */
export const ENTITY_MAX_LIMIT = 1000;

const controllersQuery = entityListQuery(CONTROLLER_SORT_COLUMNS);
const CONTROLLERS_PARAMS = ['skip', 'limit', 'type', 'sort_by'];
const USER_PARAMS = ['counts', 'count'];

const objectIdParam = z.string().trim().min(1, { error: 'object_id is required' }).max(256, { error: 'object_id is too long' });

function refuseUnknown(params: Record<string, unknown>, allowed: string[]): void {
  for (const name of Object.keys(params)) {
    if (!allowed.includes(name)) {
      throw badRequest(name, `"${name}" is not a parameter of this operation; use ${allowed.join(', ')}.`);
    }
  }
}

function nodeOfKind(graph: DirectoryGraph, objectid: string, kind: 'Computer' | 'User'): GraphNode {
  const node = graph.byId.get(objectid) ?? graph.byId.get(objectid.toUpperCase());
  if (!node || node.primaryKind !== kind) {
    throw notFound('object_id', `No ${kind.toLowerCase()} with object id ${objectid} exists.`);
  }
  return node;
}

export function toListEntry(node: GraphNode): EntityListEntry {
  return { objectID: node.objectid, name: node.name, label: node.primaryKind, kinds: node.kinds };
}

export function sortEntries(entries: EntityListEntry[], sorts: SortSpec<ControllerSortColumn>[]): EntityListEntry[] {
  // Name ascending is the default order, and the last tie-breaker is the object id, so pages never overlap.
  const all: SortSpec<ControllerSortColumn>[] = [
    ...sorts,
    { column: 'name', descending: false },
    { column: 'objectID', descending: false },
  ];
  return [...entries].sort((a, b) => {
    for (const s of all) {
      const cmp = a[s.column].localeCompare(b[s.column], 'en');
      if (cmp !== 0) return s.descending ? -cmp : cmp;
    }
    return 0;
  });
}

/**
 * Entity queries over the directory graph: GET /api/v2/computers/{id}/controllers,
 * GET /api/v2/users/{id}, GET /api/v2/completeness. Open to any signed-in user.
 */
export const entitiesArea: MockArea = {
  name: 'entities',
  routes(app) {
    app.get('/api/v2/computers/:object_id/controllers', (c) => {
      const objectid = readParam(c, 'object_id', objectIdParam);
      refuseUnknown(queryObject(c), CONTROLLERS_PARAMS);
      const q = readQuery(c, controllersQuery);
      const graph = directoryGraph();
      const computer = nodeOfKind(graph, objectid, 'Computer');
      const controllers = controllersOf(graph, computer.objectid);
      if (q.type === 'graph') {
        // The unsupported `graph` type: nodes keyed by id and the control edges, without paging.
        const ids = new Set(controllers.map((n) => n.objectid));
        const nodes: Record<string, { label: string; kind: string; objectId: string; isTierZero: boolean }> = {};
        for (const n of [computer, ...controllers]) {
          nodes[n.objectid] = {
            label: n.name,
            kind: n.primaryKind,
            objectId: n.objectid,
            isTierZero: n.props.highvalue === true,
          };
        }
        const edges = graph.edges
          .filter((e) => e.target === computer.objectid && ids.has(e.source))
          .filter((e) => e.kind !== 'AdminTo' && e.kind !== 'CanRDP' && e.kind !== 'HasSession')
          .map((e) => ({ source: e.source, target: e.target, label: e.kind, kind: e.kind }));
        return c.json({ data: { nodes, edges } });
      }
      const limit = Math.min(q.limit, ENTITY_MAX_LIMIT);
      const sorted = sortEntries(controllers.map(toListEntry), q.sort_by ?? []);
      return c.json({ count: sorted.length, skip: q.skip, limit, data: sorted.slice(q.skip, q.skip + limit) });
    });

    app.get('/api/v2/users/:object_id', (c) => {
      const objectid = readParam(c, 'object_id', objectIdParam);
      refuseUnknown(queryObject(c), USER_PARAMS);
      const q = readQuery(c, entityInfoQuery);
      if (q.count !== undefined && q.counts !== undefined && q.count !== q.counts) {
        throw badRequest(
          'counts',
          'counts and count disagree; send one of them (count is the API document’s name, counts upstream’s).',
        );
      }
      const graph = directoryGraph();
      const user = nodeOfKind(graph, objectid, 'User');
      const data: Record<string, unknown> = { kinds: user.kinds, props: user.props };
      if (wantsCounts(q)) Object.assign(data, userCounts(graph, user.objectid));
      return c.json({ data });
    });

    app.get('/api/v2/completeness', (c) => {
      const stats = completenessStats(directoryGraph());
      // Upstream's keys; values are shares from 0 to 1.
      return c.json({
        data: { LocalGroupCompleteness: stats.localGroupCompleteness, SessionCompleteness: stats.sessionCompleteness },
      });
    });
  },
};
