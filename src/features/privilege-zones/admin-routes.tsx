import type { RouteObject } from 'react-router-dom';
import { lazyPage, page } from '@/lib/area';
import { privilegeZoneOps } from '@/api/operations/privilege-zones';

/** The Privilege Zones area's certification queue (enterprise) and history pages. */
export const privilegeZonesAdminRoutes: RouteObject[] = [
  {
    path: 'privilege-zones/certification',
    ...lazyPage(
      () => import('./routes/CertificationPage'),
      undefined,
      page('Certification', privilegeZoneOps.getAssetGroupTagsCertifications),
    ),
  },
  {
    path: 'privilege-zones/history',
    ...lazyPage(
      () => import('./routes/HistoryPage'),
      undefined,
      page('Privilege Zones history', privilegeZoneOps.getAssetGroupTagHistory),
    ),
  },
];
