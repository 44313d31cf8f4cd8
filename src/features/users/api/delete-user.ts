import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { userOps } from '@/api/operations/users';
import { queryKeys } from '@/api/query-keys';

/** DELETE /api/v2/app-users/{user_id} (userOps.deleteUser): 204. */
export function deleteUser(id: string) {
  return call(userOps.deleteUser, { params: { user_id: id } });
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
