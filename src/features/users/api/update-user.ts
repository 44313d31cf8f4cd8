import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { usersPath } from '@/api/config';
import type { UpdateUserBodyInput } from '@/api/schemas/users';
import { invalidateUser } from './invalidate';

export interface UpdateUserInput {
  id: string;
  body: UpdateUserBodyInput;
}

/** PATCH /api/v2/app-users/{user_id} (API document 4.2 #3): 204, no body. */
export function updateUser({ id, body }: UpdateUserInput) {
  return apiRequest({
    operation: 'Update a user',
    method: 'PATCH',
    path: `${usersPath()}/${encodeURIComponent(id)}`,
    json: body,
  });
}

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: (_, { id }) => invalidateUser(client, id) });
}
