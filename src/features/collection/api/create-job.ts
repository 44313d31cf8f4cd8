import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { collectionOps } from '@/api/operations/collection';
import { taskViewFromTask, type CreateJobBodyInput } from '@/api/schemas/collection';
import { refreshJobLists } from './cancel-job';
import { queryKeys } from '@/api/query-keys';

export interface CreateJobInput {
  clientId: string;
  body: CreateJobBodyInput;
}

/**
 * POST /api/v2/clients/{client_id}/jobs (reference CreateClientScheduledJob, enterprise): "run collection
 * now". The new job, status 0 (ready). The console uses the job operations only: upstream's current
 * releases answer both names, and the task operations are deprecated.
 */
export function createJob({ clientId, body }: CreateJobInput) {
  return call(collectionOps.createClientScheduledJob, { params: { client_id: clientId }, body }).then((r) => r.data);
}

export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    onSuccess: (job) => {
      queryClient.setQueryData(queryKeys.tasks.detail(job.id), taskViewFromTask(job));
      // Not awaited: the dialog closes at once, the lists follow.
      refreshJobLists(queryClient);
    },
  });
}
