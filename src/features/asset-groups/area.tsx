import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import { lazyPage, type AreaDefinition } from '@/lib/area';

/** Asset groups and their members. */
export const assetGroupsArea: AreaDefinition = {
  id: 'asset-groups',
  nav: [{ label: 'Asset groups', path: '/asset-groups', icon: <CategoryIcon />, section: 'Assets' }],
  routes: [
    { path: 'asset-groups', ...lazyPage(() => import('./routes/AssetGroupsPage')) },
    { path: 'asset-groups/:assetGroupId', ...lazyPage(() => import('./routes/AssetGroupPage')) },
  ],
};
