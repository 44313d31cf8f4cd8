import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import { authOps } from '@/api/operations/auth';
import { tokenOps } from '@/api/operations/tokens';
import { userOps } from '@/api/operations/users';
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
    { label: 'Users', path: '/users', icon: <PeopleIcon />, section: 'Access', reads: userOps.listUsers },
    { label: 'Roles', path: '/roles', icon: <BadgeIcon />, section: 'Access', reads: authOps.listRoles },
  ],
  routes: [
    {
      path: 'users',
      ...lazyPage(
        () => import('./routes/UsersPage'),
        // Roles fill the role filter; SSO providers name each user's provider.
        [
          () => import('@/api/users').then((m) => m.usersQueryOptions()),
          [authOps.listRoles, () => import('@/api/roles').then((m) => m.rolesQueryOptions())],
          () => import('@/api/sso-providers').then((m) => m.ssoProvidersQueryOptions()),
        ],
        page('Users', userOps.listUsers),
      ),
    },
    {
      path: 'users/:userId',
      ...lazyPage(() => import('./routes/UserDetailPage'), undefined, {
        ...page('User', userOps.getUser),
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
          [userOps.listUsers, () => import('@/api/users').then((m) => m.usersQueryOptions())],
        ],
        page('Roles', authOps.listRoles),
      ),
    },
    {
      path: 'roles/:roleId',
      ...lazyPage(() => import('./routes/RoleDetailPage'), undefined, {
        ...page('Role', authOps.getRole),
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
          [tokenOps.listAuthTokens, () => import('@/api/tokens').then((m) => m.tokensQueryOptions(null))],
        ],
        page('My profile', authOps.getSelf),
      ),
    },
    {
      path: 'account/password',
      ...lazyPage(
        () => import('./routes/AccountPasswordPage'),
        undefined,
        page('Change your password', userOps.createOrSetUserSecret),
      ),
    },
  ],
};
