import ShieldIcon from '@mui/icons-material/ShieldOutlined';
import { queryKeys } from '@/api/query-keys';
import type { AssetGroupTag } from '@/api/schemas/privilege-zones';
import { lazyPage, page, type AreaDefinition } from '@/lib/area';
import { cachedName } from '@/lib/item-name';
import { keyOfRouteId, numericId } from '@/lib/route-id';
import { privilegeZonesAdminRoutes } from './admin-routes';
import { privilegeZoneOps } from '@/api/operations/privilege-zones';

const ZONES = () => import('./routes/ZonesPage');

/** Privilege Zones: zones and labels, a tag's rules and objects, certification and history (API word: asset group tags). */
export const privilegeZonesArea: AreaDefinition = {
  id: 'privilege-zones',
  nav: [
    {
      label: 'Privilege Zones',
      path: '/privilege-zones',
      icon: <ShieldIcon />,
      section: 'Assets',
      reads: privilegeZoneOps.getAssetGroupTags,
    },
  ],
  routes: [
    { path: 'privilege-zones', ...lazyPage(ZONES, undefined, page('Privilege Zones', privilegeZoneOps.getAssetGroupTags)) },
    {
      path: 'privilege-zones/labels',
      ...lazyPage(ZONES, undefined, page('Privilege Zones', privilegeZoneOps.getAssetGroupTags)),
    },
    // Certification and history: their static paths win over `:tagId`.
    ...privilegeZonesAdminRoutes,
    {
      path: 'privilege-zones/:tagId',
      ...lazyPage(() => import('./routes/TagPage'), undefined, {
        ...page('Zone or label', privilegeZoneOps.getAssetGroupTag),
        list: 'Privilege Zones',
        itemName: cachedName<AssetGroupTag>(
          (p) => keyOfRouteId(numericId, p.tagId, queryKeys.privilegeZones.tag),
          (t) => t.name,
        ),
      }),
    },
  ],
};
