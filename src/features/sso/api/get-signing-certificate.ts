import { useMutation } from '@tanstack/react-query';
import { call } from '@/api/call';
import { ssoOps } from '@/api/operations/sso';

/**
 * GET /api/v2/sso-providers/{sso_provider_id}/signing-certificate: the service's SAML signing
 * certificate (PEM), for the identity provider's side of the set-up. Asked for on demand (a
 * download), never cached.
 */
export function getSigningCertificate(ssoProviderId: number) {
  return call(ssoOps.getSSOProviderSAMLSigningCertificate, { params: { sso_provider_id: ssoProviderId } });
}

export function useSigningCertificateDownload() {
  return useMutation({ mutationFn: getSigningCertificate, gcTime: 0 });
}
