import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import type { QueryValue } from '@/api/client';
import { privilegeZoneOps } from '@/api/operations/privilege-zones';
import type { CertifyBody } from '@/api/schemas/privilege-zones';
import { queryKeys } from '@/api/query-keys';

/** GET /api/v2/asset-group-tags/certifications (enterprise): skip, limit and filters (`certified=eq:0`, `environment_id=eq:<domain SID>`). */
export function listCertifications(query: Record<string, QueryValue>, signal?: AbortSignal) {
  return call(privilegeZoneOps.getAssetGroupTagsCertifications, { query, signal });
}

export function useCertifications(query: Record<string, QueryValue>, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.privilegeZones.certifications(query),
    queryFn: ({ signal }) => listCertifications(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** POST /api/v2/asset-group-tags/certifications: certify or revoke the chosen objects, with a note. */
export function certifyMembers(body: CertifyBody) {
  return call(privilegeZoneOps.certifyOrRevokeObjects, { body });
}

export function useCertifyMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: certifyMembers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.privilegeZones.all() }),
  });
}
