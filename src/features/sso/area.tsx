import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import { lazyPage, type AreaDefinition } from '@/lib/area';
import { prefetchQueries } from '@/lib/prefetch';

/**
 * SSO providers: SAML and OIDC. Any signed-in user may look (reads are open,
 * as upstream); changing them needs auth.ManageProviders, so the pages hide
 * their create, edit and delete actions from users without it.
 */
export const ssoArea: AreaDefinition = {
  id: 'sso',
  nav: [{ label: 'SSO providers', path: '/sso-providers', icon: <KeyIcon />, section: 'Access' }],
  routes: [
    {
      path: 'sso-providers',
      ...lazyPage(
        () => import('./routes/SsoProvidersPage'),
        prefetchQueries(
          () => import('@/api/sso-providers').then((m) => m.ssoProvidersQueryOptions()),
          () => import('@/api/roles').then((m) => m.rolesQueryOptions()),
        ),
      ),
    },
    { path: 'sso-providers/saml/:samlProviderId', ...lazyPage(() => import('./routes/SamlProviderPage')) },
  ],
};
