import type { AreaDefinition } from '../../app/area';

/** SSO providers: SAML and OIDC. */
export const ssoArea: AreaDefinition = { id: 'sso', nav: [], routes: [] };
