import ManageSearchIcon from '@mui/icons-material/ManageSearchOutlined';
import { lazyPage, page, type AreaDefinition } from '@/lib/area';

/** Entity look-up: computer controllers and user nodes. */
export const entitiesArea: AreaDefinition = {
  id: 'entities',
  nav: [
    {
      label: 'Entity look-up',
      path: '/entities',
      icon: <ManageSearchIcon />,
      section: 'Assets',
      reads: ['GET', '/api/v2/users/{object_id}'],
    },
  ],
  routes: [
    {
      path: 'entities',
      ...lazyPage(
        () => import('./routes/EntityLookupPage'),
        undefined,
        page('Entity look-up', 'GET', '/api/v2/users/{object_id}'),
      ),
    },
    {
      path: 'entities/computers/:objectId',
      ...lazyPage(
        () => import('./routes/ComputerControllersPage'),
        undefined,
        page('Computer controllers', 'GET', '/api/v2/computers/{object_id}/controllers'),
      ),
    },
    {
      path: 'entities/users/:objectId',
      ...lazyPage(() => import('./routes/UserNodePage'), undefined, page('User node', 'GET', '/api/v2/users/{object_id}')),
    },
  ],
};
