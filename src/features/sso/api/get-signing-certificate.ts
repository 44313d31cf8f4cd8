import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { samlSigningCertificate } from '@/api/schemas/sso';

/**
 * GET /api/v2/sso-providers/{sso_provider_id}/signing-certificate: the service's SAML signing
 * certificate (PEM), for the identity provider's side of the set-up. Asked for on demand (a
 * download), never cached.
 */
export function getSigningCertificate(ssoProviderId: number) {
  return apiRequest({
    operation: 'Download the signing certificate',
    path: `/api/v2/sso-providers/${ssoProviderId}/signing-certificate`,
    text: true,
    schema: samlSigningCertificate,
  });
}

export function useSigningCertificateDownload() {
  return useMutation({ mutationFn: getSigningCertificate, gcTime: 0 });
}
