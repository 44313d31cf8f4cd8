import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import { queryKeys } from '@/api/query-keys';
import type { AssetGroup } from '@/api/schemas/asset-groups';
import { lazyPage, page, type AreaDefinition } from '@/lib/area';
import { cachedName } from '@/lib/item-name';
import { keyOfRouteId, numericId } from '@/lib/route-id';
import { assetGroupOps } from '@/api/operations/asset-groups';

/** Asset groups and their members. */
export const assetGroupsArea: AreaDefinition = {
  id: 'asset-groups',
  nav: [
    {
      label: 'Asset groups',
      path: '/asset-groups',
      icon: <CategoryIcon />,
      section: 'Assets',
      reads: assetGroupOps.listAssetGroups,
    },
  ],
  routes: [
    {
      path: 'asset-groups',
      ...lazyPage(() => import('./routes/AssetGroupsPage'), undefined, page('Asset groups', assetGroupOps.listAssetGroups)),
    },
    {
      path: 'asset-groups/:assetGroupId',
      ...lazyPage(() => import('./routes/AssetGroupPage'), undefined, {
        ...page('Asset group', assetGroupOps.getAssetGroup),
        list: 'Asset groups',
        itemName: cachedName<AssetGroup>(
          (p) => keyOfRouteId(numericId, p.assetGroupId, queryKeys.assetGroups.detail),
          (g) => g.name,
        ),
      }),
    },
  ],
};
