import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import type { QueryValue } from '@/api/client';
import { adminOps } from '@/api/operations/admin';
import { queryKeys } from '@/api/query-keys';

/**
 * The list query: `skip`, `limit`, repeated `sort_by`, `before` and `after` (RFC 3339) and the filters
 * `actor_id`, `actor_name`, `action`, `status` (`column=predicate:value`); see `auditApiQuery`.
 */
export type ListAuditLogsQuery = Record<string, QueryValue>;

/** GET /api/v2/audit (reference ListAuditLogs): one page of audit entries and the count of all that match. */
export function listAuditLogs(query: ListAuditLogsQuery, signal?: AbortSignal) {
  return call(adminOps.listAuditLogs, { query, signal }).then((r) => r.data);
}

export const auditLogsQueryOptions = (query: ListAuditLogsQuery) =>
  queryOptions({
    queryKey: queryKeys.audit.list({ ...query }),
    queryFn: ({ signal }) => listAuditLogs(query, signal),
    placeholderData: keepPreviousData,
  });

/** One page of the audit log; `enabled: false` while the view cannot be asked for (a wrong date). */
export function useAuditLogs(query: ListAuditLogsQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...auditLogsQueryOptions(query), enabled });
}
