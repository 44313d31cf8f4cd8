import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { usersPath } from '@/api/config';
import { mfaStatusResponse, type MfaActivationBody } from '@/api/schemas/users';
import { invalidateUser } from './invalidate';

export interface ActivateMfaInput {
  id: string;
  body: MfaActivationBody;
}

/** POST /api/v2/app-users/{user_id}/mfa-activation (API document 4.2 #19) with a 6-digit code: `data.status`. */
export function activateMfa({ id, body }: ActivateMfaInput) {
  return apiRequest({
    operation: 'Activate MFA',
    method: 'POST',
    path: `${usersPath()}/${encodeURIComponent(id)}/mfa-activation`,
    json: body,
    schema: mfaStatusResponse,
  }).then((r) => r.data.status);
}

export function useActivateMfa() {
  const client = useQueryClient();
  return useMutation({ mutationFn: activateMfa, gcTime: 0, onSuccess: (_, { id }) => invalidateUser(client, id) });
}
