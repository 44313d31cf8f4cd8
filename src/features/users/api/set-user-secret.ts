import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { usersPath } from '@/api/config';
import type { SetSecretBodyInput } from '@/api/schemas/users';
import { invalidateUser } from './invalidate';

export interface SetUserSecretInput {
  id: string;
  body: SetSecretBodyInput;
}

/**
 * PUT /api/v2/app-users/{user_id}/secret (API document 4.2 #10): 204. Your own
 * password needs `current_secret` too. The password goes in the body only.
 */
export function setUserSecret({ id, body }: SetUserSecretInput) {
  return apiRequest({
    operation: 'Set a password',
    method: 'PUT',
    path: `${usersPath()}/${encodeURIComponent(id)}/secret`,
    json: body,
  });
}

export function useSetUserSecret() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setUserSecret,
    // The variables hold passwords: keep nothing once the call settles.
    gcTime: 0,
    onSuccess: (_, { id }) => invalidateUser(client, id),
  });
}
