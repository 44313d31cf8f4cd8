import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { jobLogResponse } from '@/api/schemas/collection';

/** GET /api/v2/jobs/{job_id}/log (reference GetClientJobLog, clients.Read): what the job's run wrote, as text. */
export function getJobLog(id: number, signal?: AbortSignal) {
  return apiRequest({ operation: 'Read a job’s log', path: `/api/v2/jobs/${id}/log`, schema: jobLogResponse, signal }).then(
    (r) => r.data.log ?? '',
  );
}

/** A job's log, read again every `refreshMs` (as often as the job itself; false: only on request). */
export function useJobLog(id: number, { refreshMs, enabled = true }: { refreshMs: number | false; enabled?: boolean }) {
  return useQuery({
    ...queryOptions({ queryKey: queryKeys.tasks.log(id), queryFn: ({ signal }) => getJobLog(id, signal) }),
    refetchInterval: refreshMs,
    enabled,
  });
}
