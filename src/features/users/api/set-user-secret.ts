import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { userOps } from '@/api/operations/users';
import type { SetSecretBodyInput } from '@/api/schemas/users';
import { invalidateUser } from './invalidate';

export interface SetUserSecretInput {
  id: string;
  body: SetSecretBodyInput;
}

/**
 * PUT /api/v2/app-users/{user_id}/secret (userOps.createOrSetUserSecret): 204. Your own
 * password needs `current_secret` too. The password goes in the body only.
 */
export function setUserSecret({ id, body }: SetUserSecretInput) {
  return call(userOps.createOrSetUserSecret, { params: { user_id: id }, body });
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
