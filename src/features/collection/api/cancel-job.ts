import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { canceledJobResponse } from '@/api/schemas/collection';

/** After a job changes: the clients (their current job, counts) and every job list read again, not awaited. */
export function refreshJobLists(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.clients.all() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all(), predicate: (q) => q.queryKey[1] === 'list' });
}

/** PUT /api/v2/jobs/{job_id}/cancel (reference CancelClientJob, clients.Tasking): a waiting or running job, canceled. */
export function cancelJob(id: number) {
  return apiRequest({
    operation: 'Cancel a job',
    method: 'PUT',
    path: `/api/v2/jobs/${id}/cancel`,
    schema: canceledJobResponse,
  }).then((r) => r.data);
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
