import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { scheduledTaskResponse, taskViewFromTask, type CreateTaskBodyInput } from '@/api/schemas/collection';

export interface CreateTaskInput {
  clientId: string;
  body: CreateTaskBodyInput;
}

/** POST /api/v2/clients/{client_id}/tasks (API document 4.2 #5): "run collection now". The new task, status 0 (ready). */
export function createTask({ clientId, body }: CreateTaskInput) {
  return apiRequest({
    operation: 'Run collection now',
    method: 'POST',
    path: `/api/v2/clients/${encodeURIComponent(clientId)}/tasks`,
    json: body,
    schema: scheduledTaskResponse,
  }).then((r) => r.data);
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: (task) => {
      queryClient.setQueryData(queryKeys.tasks.detail(task.id), taskViewFromTask(task));
      // Not awaited: the dialog closes at once, the lists follow.
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients.all() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all(), predicate: (q) => q.queryKey[1] === 'list' });
    },
  });
}
