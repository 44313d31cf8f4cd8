import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { userOps } from '@/api/operations/users';
import type { UpdateUserBodyInput } from '@/api/schemas/users';
import { invalidateUser } from './invalidate';

export interface UpdateUserInput {
  id: string;
  body: UpdateUserBodyInput;
}

/** PATCH /api/v2/app-users/{user_id} (userOps.updateUser): 204, no body. */
export function updateUser({ id, body }: UpdateUserInput) {
  return call(userOps.updateUser, { params: { user_id: id }, body });
}

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: (_, { id }) => invalidateUser(client, id) });
}
