import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { userOps } from '@/api/operations/users';
import { invalidateUser } from './invalidate';

/**
 * DELETE /api/v2/app-users/{user_id}/secret (reference DeleteUserSecret,
 * "Expire User Secret"): the password expires now, so at the next sign-in the
 * user must choose a new one. Upstream's "force password reset" is this call.
 */
export function expireUserSecret(id: string) {
  return call(userOps.deleteUserSecret, { params: { user_id: id } });
}

export function useExpireUserSecret() {
  const client = useQueryClient();
  return useMutation({ mutationFn: expireUserSecret, onSuccess: (_, id) => invalidateUser(client, id) });
}
