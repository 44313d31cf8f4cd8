import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { usersPath } from '@/api/config';
import { queryKeys } from '@/api/query-keys';

/** DELETE /api/v2/app-users/{user_id} (API document 4.2 #20): 204. */
export function deleteUser(id: string) {
  return apiRequest({ operation: 'Delete a user', method: 'DELETE', path: `${usersPath()}/${encodeURIComponent(id)}` });
}

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: queryKeys.users.detail(id) });
      return client.invalidateQueries({ queryKey: queryKeys.users.list() });
    },
  });
}
