import {
  oidcProviderBody,
  oidcProviderPatchBody,
  oidcProviderResponse,
  samlCreateFormValues,
  samlPatchFormValues,
  samlProviderResponse,
  samlSigningCertificate,
  ssoProviderDeleteResponse,
  ssoProviderPatchResponse,
  ssoProvidersListResponse,
} from '../../../api/schemas/sso';
import { PROVIDERS_LIST, providerIdParam, samlIdParam } from '../../areas/sso/routes';
import { file, type OperationArea } from '../operation';

const providerId = { sso_provider_id: providerIdParam };

export const ssoOperations: OperationArea = {
  tag: 'SSO',
  operations: {
    'GET /api/v2/sso-providers': {
      summary: 'List SSO providers',
      description: 'People with auth.ManageProviders get whole records; anyone else what a sign-in page needs.',
      query: PROVIDERS_LIST.schema,
      answer: ssoProvidersListResponse,
    },
    'POST /api/v2/sso-providers/saml': {
      summary: 'Create a SAML provider',
      description: "A multipart form: the text fields below and the identity provider's `metadata` XML file.",
      body: { media: ['multipart/form-data'], schema: samlCreateFormValues },
      answer: samlProviderResponse,
      errors: [409, 413, 415],
    },
    'POST /api/v2/sso-providers/oidc': {
      summary: 'Create an OIDC provider',
      body: oidcProviderBody,
      answer: oidcProviderResponse,
      status: 201,
      errors: [409],
    },
    'PATCH /api/v2/sso-providers/{sso_provider_id}': {
      summary: 'Update an SSO provider',
      description: 'A SAML provider takes the multipart form (every field optional), an OIDC provider JSON.',
      params: providerId,
      body: { media: ['application/json', 'multipart/form-data'], schema: oidcProviderPatchBody.or(samlPatchFormValues) },
      answer: ssoProviderPatchResponse,
      errors: [409, 415],
    },
    'DELETE /api/v2/sso-providers/{sso_provider_id}': {
      summary: 'Delete an SSO provider',
      params: providerId,
      answer: ssoProviderDeleteResponse,
    },
    'GET /api/v2/sso-providers/{sso_provider_id}/signing-certificate': {
      summary: "The service's SAML signing certificate for a provider (PEM)",
      params: providerId,
      answer: { media: ['text/plain'], schema: samlSigningCertificate },
    },
    'GET /api/v2/saml/providers/{saml_provider_id}': {
      summary: 'Get a SAML provider',
      params: { saml_provider_id: samlIdParam },
      answer: samlProviderResponse,
      deprecated: true,
    },
    'GET /api/v2/sso/{sso_provider_slug}/login': {
      summary: 'Start an SSO sign-in (redirects to the identity provider)',
      status: 303,
    },
    'GET /api/v2/sso/{sso_provider_slug}/callback': {
      summary: 'Finish an SSO sign-in (redirects to the console with a session)',
      status: 303,
    },
    'POST /api/v2/sso/{sso_provider_slug}/callback': {
      summary: 'Finish an SSO sign-in from a form post (redirects to the console with a session)',
      body: file('application/x-www-form-urlencoded'),
      status: 303,
    },
    'GET /api/v2/sso/{sso_provider_slug}/metadata': {
      summary: "The service provider's SAML metadata",
      answer: file('application/samlmetadata+xml'),
      unserved: "The mock's identity providers are its own; it publishes no service-provider metadata.",
    },
  },
};
