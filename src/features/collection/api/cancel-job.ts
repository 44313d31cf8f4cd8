import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { collectionOps } from '@/api/operations/collection';
import { queryKeys } from '@/api/query-keys';

/** After a job changes: the clients (their current job, counts) and every job list read again, not awaited. */
export function refreshJobLists(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.clients.all() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all(), predicate: (q) => q.queryKey[1] === 'list' });
}

/** PUT /api/v2/jobs/{job_id}/cancel (reference CancelClientJob, clients.Tasking): a waiting or running job, canceled. */
export function cancelJob(id: number) {
  return call(collectionOps.cancelClientJob, { params: { job_id: id } }).then((r) => r.data);
}

export function useCancelJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelJob,
    onSuccess: (job) => {
      // The answer is the display record, without the job's event title and log path: the page reads the job again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.tasks.detail(job.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tasks.log(job.id) });
      refreshJobLists(queryClient);
    },
  });
}
