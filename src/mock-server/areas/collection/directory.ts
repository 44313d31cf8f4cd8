/**
 * The OUs and domains collection events and jobs name: the live directory
 * graph's, else the copies events keep of ones that are gone.
 */
import { type GraphNode } from '../../seed/graph';
import { graphOf } from '../../seed/live-graph';
import type { DbState } from '../../store/db';
import type { StoredDirectoryObject } from './store';

const DIRECTORY_KINDS: Record<string, StoredDirectoryObject['kind']> = { Domain: 'domain', OU: 'ou' };

function fromGraph(node: GraphNode, kind: StoredDirectoryObject['kind']): StoredDirectoryObject {
  const dn = node.props['distinguishedname'];
  return { objectid: node.objectid, name: node.name, kind, distinguishedname: typeof dn === 'string' ? dn : '', exists: true };
}

/**
 * An OU or a domain events can name, by object id (any case): the live
 * directory graph's (it exists), else one `state.collectionDirectory`
 * remembers (an event named it once, or the seed's; it no longer exists).
 */
export function directoryObject(state: DbState, objectid: string): StoredDirectoryObject | undefined {
  const graph = graphOf(state);
  const node = graph.byId.get(objectid) ?? graph.byId.get(objectid.toUpperCase());
  const kind = node && DIRECTORY_KINDS[node.primaryKind];
  if (node && kind) return fromGraph(node, kind);
  const key = objectid.toLowerCase();
  const kept = state.collectionDirectory.find((o) => o.objectid.toLowerCase() === key);
  return kept && { ...kept, exists: false };
}

/** Every existing domain of the live graph, as directory objects. */
export function existingDomains(state: DbState): StoredDirectoryObject[] {
  return graphOf(state).domains.map((d) => fromGraph(d, 'domain'));
}

/** Keeps a copy of objects an event names, so the event still shows their names once they are gone from the graph. */
export function rememberDirectoryObjects(state: DbState, objects: readonly StoredDirectoryObject[]): void {
  for (const o of objects)
    if (!state.collectionDirectory.some((d) => d.objectid === o.objectid)) state.collectionDirectory.push({ ...o });
}
