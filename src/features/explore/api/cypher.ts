import { useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { isHttpStatus } from '@/api/errors';
import { graphOps } from '@/api/operations/graph';
import { savedQueryOps } from '@/api/operations/saved-queries';
import { queryKeys } from '@/api/query-keys';
import type { CypherAnswer, CypherQueryBody } from '@/api/schemas/cypher';

/**
 * How long the console waits for a query: beyond the service's own bound on a query (30 s), so a query that
 * overruns gets the service's answer, not a client timeout.
 */
const QUERY_TIMEOUT_MS = 40_000;

/**
 * POST /api/v2/graphs/cypher (reference RunCypherQuery): the query's nodes, relationships and values. A query
 * that finds nothing is answered 404 by the service: null here, an empty answer rather than a failure.
 */
export async function runCypher(body: CypherQueryBody, signal?: AbortSignal): Promise<CypherAnswer | null> {
  try {
    const answer = await call(graphOps.runCypherQuery, {
      body,
      signal,
      timeoutMs: QUERY_TIMEOUT_MS,
      // A read-only query: one that got no answer changed nothing.
      write: false,
    });
    return answer.data;
  } catch (error) {
    if (isHttpStatus(error, 404)) return null;
    throw error;
  }
}

/** One node of an answer with all its properties, by its graph id (`MATCH (n) WHERE id(n) = <id> RETURN n`). */
export function useNodeProperties(id: string | null) {
  return useQuery({
    queryKey: queryKeys.cypher.nodeProperties(id ?? ''),
    queryFn: async ({ signal }) => {
      const answer = await runCypher(
        { query: `MATCH (n) WHERE id(n) = ${Number(id)} RETURN n`, include_properties: true },
        signal,
      );
      return answer?.nodes[id!] ?? null;
    },
    enabled: id !== null && /^\d+$/.test(id),
  });
}

/** GET /api/v2/saved-queries/{id} (reference GetSavedQuery): one query the caller can see. */
export function useSavedQuery(id: number | null) {
  return useQuery({
    queryKey: queryKeys.savedQueries.detail(id ?? 0),
    queryFn: ({ signal }) => call(savedQueryOps.getSavedQuery, { params: { saved_query_id: id! }, signal }).then((r) => r.data),
    enabled: id !== null,
  });
}
