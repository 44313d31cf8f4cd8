import type { MockArea } from '../area';
import { assetGroupsArea } from './asset-groups/routes';
import { attackPathsArea } from './attack-paths/routes';
import { auditArea } from './audit/routes';
import { authArea } from './auth/routes';
import { collectionArea } from './collection/routes';
import { collectorsArea } from './collectors/routes';
import { configArea } from './config/routes';
import { customNodesArea } from './custom-nodes/routes';
import { dataQualityArea } from './data-quality/routes';
import { datapipeArea } from './datapipe/routes';
import { entitiesArea } from './entities/routes';
import { extensionsArea } from './extensions/routes';
import { fileUploadArea } from './file-upload/routes';
import { graphsArea } from './graphs/routes';
import { privilegeZonesArea } from './privilege-zones/routes';
import { privilegeZonesPreviewArea } from './privilege-zones/preview';
import { rolesArea } from './roles/routes';
import { savedQueriesArea } from './saved-queries/routes';
import { ssoArea } from './sso/routes';
import { tokensArea } from './tokens/routes';
import { usersArea } from './users/routes';
import { apiSpecArea } from '../openapi/routes';

/**
 * Every area of the mock service; routes register in this order. Seeders run
 * after the areas each names in its `seedsAfter` (seed-order.ts), and the
 * seed does not depend on this order.
 */
export const areas: MockArea[] = [
  authArea,
  rolesArea,
  ssoArea,
  usersArea,
  assetGroupsArea,
  privilegeZonesArea,
  privilegeZonesPreviewArea,
  attackPathsArea,
  collectionArea,
  fileUploadArea,
  collectorsArea,
  entitiesArea,
  graphsArea,
  configArea,
  customNodesArea,
  extensionsArea,
  savedQueriesArea,
  tokensArea,
  dataQualityArea,
  datapipeArea,
  auditArea,
  apiSpecArea,
];
