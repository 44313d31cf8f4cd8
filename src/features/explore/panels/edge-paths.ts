import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { graphOps } from '@/api/operations/graph';
import { queryKeys } from '@/api/query-keys';
import type { EdgeRef } from '@/features/explore/api/edge-composition';

const edgeQuery = (edge: EdgeRef) => ({ source_node: edge.source, target_node: edge.target, edge_type: edge.kind });
const keyOf = (edge: EdgeRef) => ({ source: edge.source, target: edge.target, kind: edge.kind });

/** GET /api/v2/graphs/relay-targets: the computers an NTLM relay relationship reaches, as a graph. */
export const relayTargetsQueryOptions = (edge: EdgeRef) =>
  queryOptions({
    queryKey: queryKeys.entities.relayTargets(keyOf(edge)),
    queryFn: ({ signal }) => call(graphOps.getRelayTargets, { query: edgeQuery(edge), signal }).then((r) => r.data),
  });

/** GET /api/v2/graphs/acl-inheritance: the containers an inherited permission comes down through, as a graph. */
export const aclInheritanceQueryOptions = (edge: EdgeRef) =>
  queryOptions({
    queryKey: queryKeys.entities.aclInheritance(keyOf(edge)),
    queryFn: ({ signal }) => call(graphOps.getAclInheritancePath, { query: edgeQuery(edge), signal }).then((r) => r.data),
  });

export function useRelayTargets(edge: EdgeRef, { enabled }: { enabled: boolean }) {
  return useQuery({ ...relayTargetsQueryOptions(edge), enabled });
}

export function useAclInheritance(edge: EdgeRef, { enabled }: { enabled: boolean }) {
  return useQuery({ ...aclInheritanceQueryOptions(edge), enabled });
}
