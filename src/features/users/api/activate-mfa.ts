import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { userOps } from '@/api/operations/users';
import type { MfaActivationBody } from '@/api/schemas/users';
import { invalidateUser } from './invalidate';

export interface ActivateMfaInput {
  id: string;
  body: MfaActivationBody;
}

/** POST /api/v2/app-users/{user_id}/mfa-activation (userOps.activateUserMfa) with a 6-digit code: `data.status`. */
export function activateMfa({ id, body }: ActivateMfaInput) {
  return call(userOps.activateUserMfa, { params: { user_id: id }, body }).then((r) => r.data.status);
}

export function useActivateMfa() {
  const client = useQueryClient();
  return useMutation({ mutationFn: activateMfa, gcTime: 0, onSuccess: (_, { id }) => invalidateUser(client, id) });
}
