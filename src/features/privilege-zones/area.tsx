import ShieldIcon from '@mui/icons-material/ShieldOutlined';
import { queryKeys } from '@/api/query-keys';
import type { AssetGroupTag } from '@/api/schemas/privilege-zones';
import { lazyPage, page, type AreaDefinition } from '@/lib/area';
import { cachedName } from '@/lib/item-name';
import { keyOfRouteId, numericId } from '@/lib/route-id';
import { privilegeZonesAdminRoutes } from './admin-routes';

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
      reads: ['GET', '/api/v2/asset-group-tags'],
    },
  ],
  routes: [
    { path: 'privilege-zones', ...lazyPage(ZONES, undefined, page('Privilege Zones', 'GET', '/api/v2/asset-group-tags')) },
    { path: 'privilege-zones/labels', ...lazyPage(ZONES, undefined, page('Privilege Zones', 'GET', '/api/v2/asset-group-tags')) },
    // Certification and history: their static paths win over `:tagId`.
    ...privilegeZonesAdminRoutes,
    {
      path: 'privilege-zones/:tagId',
      ...lazyPage(() => import('./routes/TagPage'), undefined, {
        ...page('Zone or label', 'GET', '/api/v2/asset-group-tags/{asset_group_tag_id}'),
        list: 'Privilege Zones',
        itemName: cachedName<AssetGroupTag>(
          (p) => keyOfRouteId(numericId, p.tagId, queryKeys.privilegeZones.tag),
          (t) => t.name,
        ),
      }),
    },
  ],
};
