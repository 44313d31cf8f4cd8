/**
 * Replication rights on a collected domain. A principal that holds both GetChanges and GetChangesAll on the
 * domain, itself or through the groups it is (nested) a member of, can replicate every secret: DCSync to the
 * domain. One that holds GetChanges and GetChangesInFilteredSet can replicate the confidential attributes,
 * the LAPS passwords among them: SyncLAPSPassword to every computer of the domain that has LAPS. When a
 * group holds both rights the edge starts at the group, not at each of its members.
 */
import type { EdgeSink, GraphIndex } from './graph-index';

export const DCSYNC_EDGE_KINDS = ['DCSync', 'SyncLAPSPassword'] as const;

export function postDCSync(index: GraphIndex, sink: EdgeSink): void {
  let lapsComputers: Map<string, string[]> | null = null;
  for (const domain of index.graph.domains) {
    const getChanges = index.sources(domain.objectid, 'GetChanges');
    if (getChanges.length === 0) continue;
    for (const id of index.crossProduct(getChanges, index.sources(domain.objectid, 'GetChangesAll'))) {
      sink.add(id, 'DCSync', domain.objectid);
    }
    const filtered = index.sources(domain.objectid, 'GetChangesInFilteredSet');
    if (filtered.length === 0) continue;
    const syncers = index.crossProduct(getChanges, filtered);
    if (syncers.length === 0) continue;
    lapsComputers ??= computersWithLaps(index);
    for (const computer of lapsComputers.get(domain.objectid) ?? []) {
      for (const id of syncers) sink.add(id, 'SyncLAPSPassword', computer);
    }
  }
}

function computersWithLaps(index: GraphIndex): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const computer of index.nodes('Computer')) {
    if (computer.props.haslaps !== true) continue;
    const sid = index.domainSidOf(computer);
    const list = out.get(sid);
    if (list) list.push(computer.objectid);
    else out.set(sid, [computer.objectid]);
  }
  return out;
}
