import { useQuery } from '@tanstack/react-query';
import { call } from './call';
import { graphOps } from './operations/graph';
import { queryKeys } from './query-keys';

/** GET /api/v2/graphs/kinds?type=eq:<type> (reference GetKinds): the node or relationship kinds the graph knows. */
export function useGraphKinds(type: 'node' | 'edge') {
  return useQuery({
    queryKey: queryKeys.cypher.kinds(type),
    queryFn: async ({ signal }): Promise<string[]> => {
      const answer = await call(graphOps.getKinds, { query: { type: `eq:${type}` }, signal });
      return answer.data.kinds;
    },
    staleTime: 5 * 60_000,
  });
}
