import { ssoProviderSlug } from '../../../api/schemas/sso';
import type { DbState, StoredSsoProvider } from '../../store/db';
import { seedTime } from '../../seed/random';

/**
 * The seeded SSO providers: two SAML providers with real-looking IdP metadata
 * (Okta, id 1, and Microsoft Entra ID, id 2) and one OIDC provider (Keycloak,
 * id 3), named as an administrator names them, each with the slug the service
 * derives from its name. Other areas rely on these ids (the users seed links
 * users to them). Deterministic: no clock, no randomness.
 */

const SAML_NS = 'urn:oasis:names:tc:SAML:2.0';

/** IdP metadata XML in the shape Okta and Microsoft Entra ID publish. */
export function idpMetadataXml(options: {
  entityId: string;
  certificate: string;
  redirect?: string;
  post?: string;
  nameIdFormats: string[];
  organization?: string;
}): string {
  const services = [
    options.redirect
      ? `    <md:SingleSignOnService Binding="${SAML_NS}:bindings:HTTP-Redirect" Location="${options.redirect}"/>`
      : null,
    options.post ? `    <md:SingleSignOnService Binding="${SAML_NS}:bindings:HTTP-POST" Location="${options.post}"/>` : null,
  ].filter(Boolean);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<md:EntityDescriptor xmlns:md="${SAML_NS}:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${options.entityId}">`,
    `  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="${SAML_NS}:protocol">`,
    '    <md:KeyDescriptor use="signing">',
    '      <ds:KeyInfo>',
    '        <ds:X509Data>',
    `          <ds:X509Certificate>${options.certificate}</ds:X509Certificate>`,
    '        </ds:X509Data>',
    '      </ds:KeyInfo>',
    '    </md:KeyDescriptor>',
    ...options.nameIdFormats.map((f) => `    <md:NameIDFormat>${f}</md:NameIDFormat>`),
    ...services,
    '  </md:IDPSSODescriptor>',
    ...(options.organization
      ? [
          '  <md:Organization>',
          `    <md:OrganizationName xml:lang="en">${options.organization}</md:OrganizationName>`,
          `    <md:OrganizationDisplayName xml:lang="en">${options.organization}</md:OrganizationDisplayName>`,
          '    <md:OrganizationURL xml:lang="en">https://www.example.com/</md:OrganizationURL>',
          '  </md:Organization>',
        ]
      : []),
    '</md:EntityDescriptor>',
    '',
  ].join('\n');
}

const OKTA_CERT =
  'MIIDTTCCAjWgAwIBAgIUXfA2akdBR135NjWDFWcDbIrLDxkwDQYJKoZIhvcNAQELBQAwNjEdMBsGA1UEAwwUb2t0YS1pZHAuZXhhbXBsZS5jb20xFTATBgNVBAoMDEV4YW1wbGUgQ29ycDAeFw0yNjExMjIwMjI3MDRaFw0zNjExMTkwMjI3MDRaMDYxHTAbBgNVBAMMFG9rdGEtaWRwLmV4YW1wbGUuY29tMRUwEwYDVQQKDAxFeGFtcGxlIENvcnAwggEiMA0GCSqGSIb3DQEBAQUAA4IBDwAwggEKAoIBAQCiWRaNlCrrEbyyc1AJVyAbfALx3oaDxbX1P1QtKhhj8keY6k4Zk/6Rj/Ypq+kMrFXff6xrxz7SqMS3bI/ORGHY8tLYQJCMYo59ZzZeNFqTywRq8aZahXUFuxR9BdHDNJ/ikk7j2nsMf+aeMlQ3GS6algMScwgHu5mdD84iO4CMEedkDFZ4UZeq0Ds4QBuPXHZJgJZW9+MByarcV/Zi5dh9TLQ/gnob7hnfq+fEaUeMg3UdcRAeJIEitX6dSy97C0lSICtJBSS0LMZKeuPwIGS0AouxAqHFH7OVW3uxKNqM0cZJYyANdzAeO8aGqZGVKJ9FJflvYXDI0x1OyO/S1z8nAgMBAAGjUzBRMB0GA1UdDgQWBBSBnHTrHjNodZFi8CisNLjjfvY8STAfBgNVHSMEGDAWgBSBnHTrHjNodZFi8CisNLjjfvY8STAPBgNVHRMBAf8EBTADAQH/MA0GCSqGSIb3DQEBCwUAA4IBAQAfy5UJpFq7iAb82+MSTMKFk0JfiEbObewoRM5YXvQgGwPObMVOUs80UWCSmYxqCKZBUonumxAbDDcj/YDosc979eWsxhStCOc/7dN0raN4zrTw8LeESQGMdhOL7IMJFH1bfFA5+EJDsvfKiQeKA+xg6kj7UuVul20mQlBbtZ8sJw8aUci4I+BwGSL4fYZsO1pn6n7eCV2d17D2gN/jz58m7nQswGwiPW9UxyRyiI/bpl7iOFLqTK/9gye89AVllWtN10xiEBMOzv7E5nrS1dP3WApkryWI718K7JNQxW7nPzXxTB6e80E8Dy8mGFxXct7xkR4c3D5+ser2I5tMkpkd';
const ENTRA_CERT =
  'MIIDTzCCAjegAwIBAgIUCSJcAcirBPCocIQaS/yajs8GRf0wDQYJKoZIhvcNAQELBQAwNzEeMBwGA1UEAwwVZW50cmEtaWRwLmV4YW1wbGUuY29tMRUwEwYDVQQKDAxFeGFtcGxlIENvcnAwHhcNMjYxMTIyMDIyNzA1WhcNMzYxMTE5MDIyNzA1WjA3MR4wHAYDVQQDDBVlbnRyYS1pZHAuZXhhbXBsZS5jb20xFTATBgNVBAoMDEV4YW1wbGUgQ29ycDCCASIwDQYJKoZIhvcNAQEBBQADggEPADCCAQoCggEBALJjOdxFnadvrMc58DkEwlb6U6otiBcBjt85hNmGXnu01lhzR87PnG+Ae8yCvIpN3SYyYmkVp+ATnlGOxTnbEG2yfCA05cl+8eSw7VnRFNiobUpY4KdvNtW+ejE0lEEHn9TkOTKJAC5+Mbiq78JCum6l+HHdFZxDSs1x3AiuOCXbI/dKl5TAWkFqLDxNJj1zQWHw+XTA7JZpSOntN8cPnYogdy4ujTz7gjBir4wgy5sMNIy8zXRghl3+KovLNqOyrWRksqukBAjNzcnUn/fuJ0gb3Zn7l6qMEI9y2D6ZN9Lhh4vgU/bc5AvvT9pLbFzdO2tdl+ioeQCAtc1GqmGdrq8CAwEAAaNTMFEwHQYDVR0OBBYEFLeO1o2iQ7znZUJJ9Bviycso9kvOMB8GA1UdIwQYMBaAFLeO1o2iQ7znZUJJ9Bviycso9kvOMA8GA1UdEwEB/wQFMAMBAf8wDQYJKoZIhvcNAQELBQADggEBAAT8sbJihGIq2JzOHEM5C3X+dyBP3W8B0x/QVrJFTxb3u4F316smsAcGnzOzugjSk/rYkAEf4bkNGedyaDZ1pRYGeqwb/RuBoOS5B19ZCmeQS9qUVypegtlNf7a3HmSVTwZLD394azZU5vZrgh/4IRFogGOUrznmOzWrtjK6Kl/jSWexG/mhLFW2IkkmSA5Wv9dsu+6FAcEHFi/u6+Z6g1Bs0hdYbWH8Jok3MSqj8WBhgbgLLambyhFU1WuGHKc4XenrCyxKyYiahm84Zyqn6Zq86oaNf4BgmlEBGfnHXTb/Gb4S7FnuU4hlutDqReM26OsFVe1qw/+/1JlI/GeGEsI=';

const OKTA_APP = 'exk8d2h4mzQ1bT9xP5d7';
const OKTA_ENTITY = `http://www.okta.com/${OKTA_APP}`;
const OKTA_SSO = `https://example-corp.okta.com/app/example-corp_adminconsole_1/${OKTA_APP}/sso/saml`;

const ENTRA_TENANT = '4b1c2a9e-6f1d-4a43-9f0e-8c2d5e7a1b3c';
const ENTRA_ENTITY = `https://sts.windows.net/${ENTRA_TENANT}/`;
const ENTRA_SSO = `https://login.microsoftonline.com/${ENTRA_TENANT}/saml2`;

/** Ids the seed hands out; other areas may rely on them. */
export const SEEDED_SSO_PROVIDER_IDS = { okta: 1, entraId: 2, keycloak: 3 } as const;

export function seedSsoProviders(state: DbState): void {
  const roleId = (name: string) => {
    const role = state.roles.find((r) => r.name === name);
    if (!role) throw new Error(`seed: no role ${name}`);
    return role.id;
  };
  const at = (days: number) => {
    const t = seedTime(days);
    return { created_at: t, updated_at: t, deleted_at: null };
  };
  const named = (name: string) => ({ name, slug: ssoProviderSlug(name) });

  const providers: StoredSsoProvider[] = [
    {
      id: SEEDED_SSO_PROVIDER_IDS.okta,
      ...named('Okta'),
      type: 'SAML',
      config: { auto_provision: { enabled: true, default_role_id: roleId('Read-Only'), role_provision: false } },
      saml: {
        id: 1,
        display_name: 'Okta',
        metadata_xml: idpMetadataXml({
          entityId: OKTA_ENTITY,
          certificate: OKTA_CERT,
          redirect: OKTA_SSO,
          post: OKTA_SSO,
          nameIdFormats: [
            'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
            'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
          ],
        }),
        idp_issuer_uri: OKTA_ENTITY,
        idp_sso_uri: OKTA_SSO,
        principal_attribute_mappings: [],
      },
      ...at(-180),
    },
    {
      id: SEEDED_SSO_PROVIDER_IDS.entraId,
      ...named('Microsoft Entra ID'),
      type: 'SAML',
      config: { auto_provision: { enabled: false, default_role_id: roleId('User'), role_provision: false } },
      saml: {
        id: 2,
        display_name: 'Microsoft Entra ID',
        metadata_xml: idpMetadataXml({
          entityId: ENTRA_ENTITY,
          certificate: ENTRA_CERT,
          redirect: ENTRA_SSO,
          post: ENTRA_SSO,
          nameIdFormats: [
            'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
            'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
          ],
          organization: 'Example Corp',
        }),
        idp_issuer_uri: ENTRA_ENTITY,
        idp_sso_uri: ENTRA_SSO,
        principal_attribute_mappings: [
          'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
          'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name',
        ],
      },
      ...at(-95.5),
    },
    {
      id: SEEDED_SSO_PROVIDER_IDS.keycloak,
      ...named('Keycloak'),
      type: 'OIDC',
      config: { auto_provision: { enabled: true, default_role_id: roleId('User'), role_provision: true } },
      oidc: { id: 1, issuer: 'https://sso.example.com/realms/corp', client_id: 'admin-console' },
      ...at(-40.25),
    },
  ];

  state.ssoProviders = providers;
  state.counters['sso-provider'] = 3;
  state.counters['saml-provider'] = 2;
  state.counters['oidc-provider'] = 1;
}
