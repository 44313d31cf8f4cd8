import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import { queryKeys } from '@/api/query-keys';
import type { Role } from '@/api/schemas/roles';
import type { User } from '@/api/schemas/users';
import { lazyPage, page, type AreaDefinition } from '@/lib/area';
import { cachedName } from '@/lib/item-name';
import { keyOfRouteId, numericId, uuidId } from '@/lib/route-id';
import { userName } from '@/lib/user-name';

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
        // Roles fill the role filter; SSO providers name each user's provider.
        [
          () => import('@/api/users').then((m) => m.usersQueryOptions()),
          [['GET', '/api/v2/roles'], () => import('@/api/roles').then((m) => m.rolesQueryOptions())],
          () => import('@/api/sso-providers').then((m) => m.ssoProvidersQueryOptions()),
        ],
        page('Users', 'GET', '/api/v2/app-users'),
      ),
    },
    {
      path: 'users/:userId',
      ...lazyPage(() => import('./routes/UserDetailPage'), undefined, {
        ...page('User', 'GET', '/api/v2/app-users/{user_id}'),
        list: 'Users',
        itemName: cachedName<User>((p) => keyOfRouteId(uuidId, p.userId, queryKeys.users.detail), userName),
      }),
    },
    {
      path: 'roles',
      ...lazyPage(
        () => import('./routes/RolesPage'),
        // Users give each role its holders (for those who may list them).
        [
          () => import('@/api/roles').then((m) => m.rolesQueryOptions()),
          [['GET', '/api/v2/app-users'], () => import('@/api/users').then((m) => m.usersQueryOptions())],
        ],
        page('Roles', 'GET', '/api/v2/roles'),
      ),
    },
    {
      path: 'roles/:roleId',
      ...lazyPage(() => import('./routes/RoleDetailPage'), undefined, {
        ...page('Role', 'GET', '/api/v2/roles/{role_id}'),
        list: 'Roles',
        itemName: cachedName<Role>(
          (p) => keyOfRouteId(numericId, p.roleId, queryKeys.roles.detail),
          (r) => r.name,
        ),
      }),
    },
    {
      path: 'profile',
      ...lazyPage(
        () => import('./routes/ProfilePage'),
        [
          () => import('@/api/sso-providers').then((m) => m.ssoProvidersQueryOptions()),
          [['GET', '/api/v2/tokens'], () => import('@/api/tokens').then((m) => m.tokensQueryOptions(null))],
        ],
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
