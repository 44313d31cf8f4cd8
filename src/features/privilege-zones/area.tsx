import type { AreaDefinition } from '@/lib/area';
import { privilegeZonesAdminRoutes } from './admin-routes';

/** Privilege Zones: zones and labels, their rules and members, certification and history. */
export const privilegeZonesArea: AreaDefinition = {
  id: 'privilege-zones',
  nav: [],
  routes: [...privilegeZonesAdminRoutes],
};
