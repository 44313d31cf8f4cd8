import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { userOps } from '@/api/operations/users';
import { queryKeys } from '@/api/query-keys';

/** GET /api/v2/app-users/{user_id}/mfa-activation (reference GetMfaActivationStatus): activated, pending or deactivated. */
export function getMfaStatus(id: string, signal?: AbortSignal) {
  return call(userOps.getMfaActivationStatus, { params: { user_id: id }, signal }).then((r) => r.data.status);
}

export const mfaStatusQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.users.mfaStatus(id), queryFn: ({ signal }) => getMfaStatus(id, signal) });

export function useMfaStatus(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...mfaStatusQueryOptions(id), enabled });
}
