import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { usersPath } from '@/api/config';
import { mfaStatusResponse, type MfaRemoveBody } from '@/api/schemas/users';
import { invalidateUser } from './invalidate';

export interface RemoveMfaInput {
  id: string;
  body: MfaRemoveBody;
}

/** DELETE /api/v2/app-users/{user_id}/mfa (reference RemoveUserMfa), confirmed with the acting user's own password. */
export function removeMfa({ id, body }: RemoveMfaInput) {
  return apiRequest({
    operation: 'Disable MFA',
    method: 'DELETE',
    path: `${usersPath()}/${encodeURIComponent(id)}/mfa`,
    json: body,
    schema: mfaStatusResponse,
  }).then((r) => r.data.status);
}

export function useRemoveMfa() {
  const client = useQueryClient();
  return useMutation({ mutationFn: removeMfa, gcTime: 0, onSuccess: (_, { id }) => invalidateUser(client, id) });
}
