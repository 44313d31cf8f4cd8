import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import { lazyPage, type AreaDefinition } from '../../app/area';

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
        async (client) => {
          const [users, roles, providers] = await Promise.all([
            import('./api/list-users'),
            import('./api/list-roles'),
            import('./api/list-sso-providers'),
          ]);
          await Promise.all([
            client.prefetchQuery(users.usersQueryOptions()),
            client.prefetchQuery(roles.rolesQueryOptions()),
            client.prefetchQuery(providers.ssoProvidersQueryOptions()),
          ]);
        },
      ),
    },
    { path: 'users/:userId', ...lazyPage(() => import('./routes/UserDetailPage')) },
    { path: 'roles', ...lazyPage(() => import('./routes/RolesPage')) },
    { path: 'roles/:roleId', ...lazyPage(() => import('./routes/RoleDetailPage')) },
    { path: 'account/password', ...lazyPage(() => import('./routes/AccountPasswordPage')) },
  ],
};
