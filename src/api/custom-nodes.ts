import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';
import { customNodesResponse } from './schemas/custom-nodes';

/** GET /api/v2/custom-nodes (reference GetCustomNodes): every custom node kind with its icon and colour. */
export function listCustomNodes(signal?: AbortSignal) {
  return apiRequest({
    operation: 'List custom node kinds',
    path: '/api/v2/custom-nodes',
    schema: customNodesResponse,
    signal,
  }).then((r) => r.data);
}

export const customNodesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.customNodes.list(), queryFn: ({ signal }) => listCustomNodes(signal) });

/** The node kinds page and the Cypher graph read the kinds through this one query. */
export function useCustomNodes({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...customNodesQueryOptions(), enabled });
}
