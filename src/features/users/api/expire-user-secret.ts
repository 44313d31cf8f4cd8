import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { usersPath } from '@/api/config';
import { invalidateUser } from './invalidate';

/**
 * DELETE /api/v2/app-users/{user_id}/secret (reference DeleteUserSecret,
 * "Expire User Secret"): the password expires now, so at the next sign-in the
 * user must choose a new one. Upstream's "force password reset" is this call.
 */
export function expireUserSecret(id: string) {
  return apiRequest({
    operation: 'Force a password reset',
    method: 'DELETE',
    path: `${usersPath()}/${encodeURIComponent(id)}/secret`,
  });
}

export function useExpireUserSecret() {
  const client = useQueryClient();
  return useMutation({ mutationFn: expireUserSecret, onSuccess: (_, id) => invalidateUser(client, id) });
}
