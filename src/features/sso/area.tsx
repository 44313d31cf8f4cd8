import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import { authOps } from '@/api/operations/auth';
import { ssoOps } from '@/api/operations/sso';
import { queryKeys } from '@/api/query-keys';
import type { SamlProvider } from '@/api/schemas/sso';
import { lazyPage, page, type AreaDefinition } from '@/lib/area';
import { cachedName } from '@/lib/item-name';
import { keyOfRouteId, numericId } from '@/lib/route-id';

/**
 * SSO providers: SAML and OIDC. Anyone may list them (the list is public, as
 * upstream, for the sign-in page); a provider's details and any change need
 * auth.ManageProviders, so the pages hide those from people without it.
 */
export const ssoArea: AreaDefinition = {
  id: 'sso',
  nav: [{ label: 'SSO providers', path: '/sso-providers', icon: <KeyIcon />, section: 'Access' }],
  routes: [
    {
      path: 'sso-providers',
      ...lazyPage(
        () => import('./routes/SsoProvidersPage'),
        [
          () => import('@/api/sso-providers').then((m) => m.ssoProvidersQueryOptions()),
          [authOps.listRoles, () => import('@/api/roles').then((m) => m.rolesQueryOptions())],
        ],
        { title: 'SSO providers' },
      ),
    },
    {
      path: 'sso-providers/saml/:samlProviderId',
      ...lazyPage(() => import('./routes/SamlProviderPage'), undefined, {
        ...page('SAML provider', ssoOps.getSamlProvider),
        list: 'SSO providers',
        itemName: cachedName<SamlProvider>(
          (p) => keyOfRouteId(numericId, p.samlProviderId, queryKeys.ssoProviders.saml),
          (s) => s.name,
        ),
      }),
    },
  ],
};
