import StorageIcon from '@mui/icons-material/StorageOutlined';
import { lazyPage, page, type AreaDefinition } from '@/lib/area';

/** Database management: clearing collected data and histories (administrators: db.Wipe). */
export const databaseArea: AreaDefinition = {
  id: 'database',
  nav: [
    {
      label: 'Database management',
      path: '/database',
      icon: <StorageIcon />,
      section: 'Settings',
      reads: ['POST', '/api/v2/clear-database'],
    },
  ],
  routes: [
    {
      path: 'database',
      ...lazyPage(
        () => import('./routes/DatabasePage'),
        [() => import('./api/list-selector-groups').then((m) => m.selectorGroupsQueryOptions())],
        page('Database management', 'POST', '/api/v2/clear-database'),
      ),
    },
  ],
};
