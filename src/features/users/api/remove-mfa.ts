import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { userOps } from '@/api/operations/users';
import type { MfaRemoveBody } from '@/api/schemas/users';
import { invalidateUser } from './invalidate';

export interface RemoveMfaInput {
  id: string;
  body: MfaRemoveBody;
}

/** DELETE /api/v2/app-users/{user_id}/mfa (reference RemoveUserMfa), confirmed with the acting user's own password. */
export function removeMfa({ id, body }: RemoveMfaInput) {
  return call(userOps.removeUserMfa, { params: { user_id: id }, body }).then((r) => r.data.status);
}

export function useRemoveMfa() {
  const client = useQueryClient();
  return useMutation({ mutationFn: removeMfa, gcTime: 0, onSuccess: (_, { id }) => invalidateUser(client, id) });
}
