import type { RouteObject } from 'react-router-dom';
import { lazyPage, page } from '@/lib/area';

/** The Privilege Zones area's certification queue (enterprise) and history pages. */
export const privilegeZonesAdminRoutes: RouteObject[] = [
  {
    path: 'privilege-zones/certification',
    ...lazyPage(
      () => import('./routes/CertificationPage'),
      undefined,
      page('Certification', 'GET', '/api/v2/asset-group-tags/certifications'),
    ),
  },
  {
    path: 'privilege-zones/history',
    ...lazyPage(
      () => import('./routes/HistoryPage'),
      undefined,
      page('Privilege Zones history', 'GET', '/api/v2/asset-group-tags-history'),
    ),
  },
];
