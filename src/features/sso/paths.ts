/** Console paths of the SSO area. */
export const SSO_PROVIDERS_PATH = '/sso-providers';

/** The SAML provider page is addressed by the SAML record's id, as GET /api/v2/saml/providers/{saml_provider_id} is. */
export function samlDetailPath(samlProviderId: number): string {
  return `${SSO_PROVIDERS_PATH}/saml/${samlProviderId}`;
}
