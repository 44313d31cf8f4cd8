import StorageIcon from '@mui/icons-material/StorageOutlined';
import { adminOps } from '@/api/operations/admin';
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
      reads: adminOps.deleteBloodHoundDatabase,
    },
  ],
  routes: [
    {
      path: 'database',
      ...lazyPage(
        () => import('./routes/DatabasePage'),
        [() => import('./api/list-selector-groups').then((m) => m.selectorGroupsQueryOptions())],
        page('Database management', adminOps.deleteBloodHoundDatabase),
      ),
    },
  ],
};
