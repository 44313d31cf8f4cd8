import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { ssoOps } from '@/api/operations/sso';
import { queryKeys } from '@/api/query-keys';

export interface DeleteSsoProviderInput {
  ssoProviderId: number;
  /** The SAML record's id, for a SAML provider: its cached detail is marked stale. */
  samlProviderId?: number;
}

/**
 * DELETE /api/v2/sso-providers/{sso_provider_id} (reference DeleteSSOProvider):
 * 200 with the users who signed in through it; they are unlinked from it.
 * Only their principal names are kept.
 */
export function deleteSsoProvider({ ssoProviderId }: DeleteSsoProviderInput) {
  return call(ssoOps.deleteSSOProvider, { params: { sso_provider_id: ssoProviderId } }).then((r) => ({
    affectedUsers: r.data.affected_users.map((u) => u.principal_name),
  }));
}

export function useDeleteSsoProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSsoProvider,
    onSuccess: async (_result, { samlProviderId }) => {
      // Not refetched while its page is still open (it would answer 404); the next visit reads it again.
      if (samlProviderId !== undefined) {
        await client.invalidateQueries({ queryKey: queryKeys.ssoProviders.saml(samlProviderId), refetchType: 'none' });
      }
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.ssoProviders.list() }),
        // Users who signed in through it are unlinked.
        client.invalidateQueries({ queryKey: queryKeys.users.all() }),
      ]);
    },
  });
}
