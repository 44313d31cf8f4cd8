import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import { lazyPage, type AreaDefinition } from '@/lib/area';
import { prefetchQueries } from '@/lib/prefetch';

/** Users and roles: list, detail, dialogs; roles and permissions; your own password. */
export const usersArea: AreaDefinition = {
  id: 'users',
  nav: [
    { label: 'Users', path: '/users', icon: <PeopleIcon />, section: 'Access' },
    { label: 'Roles', path: '/roles', icon: <BadgeIcon />, section: 'Access' },
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
      ),
    },
    { path: 'users/:userId', ...lazyPage(() => import('./routes/UserDetailPage')) },
    {
      path: 'roles',
      ...lazyPage(
        () => import('./routes/RolesPage'),
        prefetchQueries(
          () => import('@/api/roles').then((m) => m.rolesQueryOptions()),
          () => import('@/api/users').then((m) => m.usersQueryOptions()),
        ),
      ),
    },
    { path: 'roles/:roleId', ...lazyPage(() => import('./routes/RoleDetailPage')) },
    { path: 'account/password', ...lazyPage(() => import('./routes/AccountPasswordPage')) },
  ],
};
