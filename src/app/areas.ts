import type { AreaDefinition } from '@/lib/area';
import { homeArea } from '@/features/home/area';
import { dataQualityArea } from '@/features/data-quality/area';
import { attackPathsArea } from '@/features/attack-paths/area';
import { usersArea } from '@/features/users/area';
import { ssoArea } from '@/features/sso/area';
import { privilegeZonesArea } from '@/features/privilege-zones/area';
import { assetGroupsArea } from '@/features/asset-groups/area';
import { collectionArea } from '@/features/collection/area';
import { collectorsArea } from '@/features/collectors/area';
import { exploreArea } from '@/features/explore/area';
import { configurationArea } from '@/features/configuration/area';
import { databaseArea } from '@/features/database/area';
import { auditArea } from '@/features/audit/area';
import { apiExplorerArea } from '@/features/api-explorer/area';

/** Every area of the console, in navigation order. */
export const areas: AreaDefinition[] = [
  homeArea,
  attackPathsArea,
  dataQualityArea,
  usersArea,
  ssoArea,
  exploreArea,
  privilegeZonesArea,
  assetGroupsArea,
  collectionArea,
  collectorsArea,
  configurationArea,
  databaseArea,
  auditArea,
  apiExplorerArea,
];
