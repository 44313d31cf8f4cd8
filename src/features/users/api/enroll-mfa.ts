import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { userOps } from '@/api/operations/users';
import type { MfaEnrollBody } from '@/api/schemas/users';
import { invalidateUser } from './invalidate';

export interface EnrollMfaInput {
  id: string;
  body: MfaEnrollBody;
}

/**
 * POST /api/v2/app-users/{user_id}/mfa (reference AddUserMfa) with the user's
 * password: answers the QR code (a PNG data URL) and the TOTP secret. Both are
 * secrets: they stay in the dialog that asked, never in the query cache.
 */
export function enrollMfa({ id, body }: EnrollMfaInput) {
  return call(userOps.addUserMfa, { params: { user_id: id }, body }).then((r) => r.data);
}

export function useEnrollMfa() {
  const client = useQueryClient();
  return useMutation({ mutationFn: enrollMfa, gcTime: 0, onSuccess: (_, { id }) => invalidateUser(client, id) });
}
