import ManageSearchIcon from '@mui/icons-material/ManageSearchOutlined';
import { lazyPage, type AreaDefinition } from '@/lib/area';

/** Entity look-up: computer controllers and user nodes. */
export const entitiesArea: AreaDefinition = {
  id: 'entities',
  nav: [{ label: 'Entity look-up', path: '/entities', icon: <ManageSearchIcon />, section: 'Assets' }],
  routes: [
    { path: 'entities', ...lazyPage(() => import('./routes/EntityLookupPage')) },
    { path: 'entities/computers/:objectId', ...lazyPage(() => import('./routes/ComputerControllersPage')) },
    { path: 'entities/users/:objectId', ...lazyPage(() => import('./routes/UserNodePage')) },
  ],
};
