import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { usersPath } from '@/api/config';
import { queryKeys } from '@/api/query-keys';
import { mfaStatusResponse } from '@/api/schemas/users';

/** GET /api/v2/app-users/{user_id}/mfa-activation (reference GetMfaActivationStatus): activated, pending or deactivated. */
export function getMfaStatus(id: string, signal?: AbortSignal) {
  return apiRequest({
    operation: 'Get MFA status',
    path: `${usersPath()}/${encodeURIComponent(id)}/mfa-activation`,
    schema: mfaStatusResponse,
    signal,
  }).then((r) => r.data.status);
}

export const mfaStatusQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.users.mfaStatus(id), queryFn: ({ signal }) => getMfaStatus(id, signal) });

export function useMfaStatus(id: string, enabled = true) {
  return useQuery({ ...mfaStatusQueryOptions(id), enabled });
}
