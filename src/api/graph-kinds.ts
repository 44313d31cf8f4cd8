import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';
import { graphKindsResponse } from './schemas/cypher';

/** GET /api/v2/graphs/kinds?type=eq:<type> (reference GetKinds): the node or relationship kinds the graph knows. */
export function useGraphKinds(type: 'node' | 'edge') {
  return useQuery({
    queryKey: queryKeys.cypher.kinds(type),
    queryFn: async ({ signal }): Promise<string[]> => {
      const answer = await apiRequest({
        operation: 'List graph kinds',
        path: '/api/v2/graphs/kinds',
        query: { type: `eq:${type}` },
        schema: graphKindsResponse,
        signal,
      });
      return answer.data.kinds;
    },
    staleTime: 5 * 60_000,
  });
}
