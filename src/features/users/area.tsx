import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import { lazyPage, listPage, page, type AreaDefinition } from '@/lib/area';
import { prefetchQueries } from '@/lib/prefetch';

/** Users and roles: list, detail, dialogs; roles and permissions; your own profile, password and API tokens. */
export const usersArea: AreaDefinition = {
  id: 'users',
  nav: [
    { label: 'Users', path: '/users', icon: <PeopleIcon />, section: 'Access', reads: ['GET', '/api/v2/app-users'] },
    { label: 'Roles', path: '/roles', icon: <BadgeIcon />, section: 'Access', reads: ['GET', '/api/v2/roles'] },
  ],
  routes: [
    {
      path: 'users',
      ...lazyPage(
        () => import('./routes/UsersPage'),
        prefetchQueries(
          () => import('@/api/users').then((m) => m.usersQueryOptions()),
          () => import('@/api/roles').then((m) => m.rolesQueryOptions()),
          () => import('@/api/sso-providers').then((m) => m.ssoProvidersQueryOptions()),
        ),
        // Roles fill the role filter; SSO providers name each user's provider.
        listPage('Users', '/api/v2/app-users', '/api/v2/roles', '/api/v2/sso-providers'),
      ),
    },
    {
      path: 'users/:userId',
      ...lazyPage(() => import('./routes/UserDetailPage'), undefined, page('User', 'GET', '/api/v2/app-users/{user_id}')),
    },
    {
      path: 'roles',
      ...lazyPage(
        () => import('./routes/RolesPage'),
        prefetchQueries(
          () => import('@/api/roles').then((m) => m.rolesQueryOptions()),
          [['GET', '/api/v2/app-users'], () => import('@/api/users').then((m) => m.usersQueryOptions())],
        ),
        // Users give each role its holders (for those who may list them).
        listPage('Roles', '/api/v2/roles', '/api/v2/app-users'),
      ),
    },
    {
      path: 'roles/:roleId',
      ...lazyPage(() => import('./routes/RoleDetailPage'), undefined, page('Role', 'GET', '/api/v2/roles/{role_id}')),
    },
    {
      path: 'profile',
      ...lazyPage(
        () => import('./routes/ProfilePage'),
        prefetchQueries(
          () => import('@/api/sso-providers').then((m) => m.ssoProvidersQueryOptions()),
          [['GET', '/api/v2/tokens'], () => import('@/api/tokens').then((m) => m.tokensQueryOptions(null))],
        ),
        page('My profile', 'GET', '/api/v2/self'),
      ),
    },
    {
      path: 'account/password',
      ...lazyPage(
        () => import('./routes/AccountPasswordPage'),
        undefined,
        page('Change your password', 'PUT', '/api/v2/app-users/{user_id}/secret'),
      ),
    },
  ],
};
