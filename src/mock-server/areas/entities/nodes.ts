/**
 * How the entity routes find a node of a kind and show it in a list: the 404 of an object id of
 * another kind, and the list entry.
 */
import type { EntityListEntry } from '../../../api/schemas/entities';
import { notFound } from '../../errors';
import type { DirectoryGraph, GraphNode } from '../../seed/graph';

/** The node of that object id and primary kind (`Base`: of any kind); a 404 naming object_id otherwise. */
export function nodeOfKind(graph: DirectoryGraph, objectid: string, kind: string): GraphNode {
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
