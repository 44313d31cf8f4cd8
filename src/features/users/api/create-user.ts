import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { userOps } from '@/api/operations/users';
import { queryKeys } from '@/api/query-keys';
import type { CreateUserBodyInput } from '@/api/schemas/users';

/** POST /api/v2/app-users (reference CreateUser): answers the new user. The body may carry its first password. */
export function createUser(body: CreateUserBodyInput) {
  return call(userOps.createUser, { body }).then((r) => r.data);
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    // The body may hold a password: keep nothing once the call settles.
    gcTime: 0,
    onSuccess: (user) => {
      client.setQueryData(queryKeys.users.detail(user.id), user);
      return client.invalidateQueries({ queryKey: queryKeys.users.list() });
    },
  });
}
