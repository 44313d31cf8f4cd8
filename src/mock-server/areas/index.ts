import type { MockArea } from '../area';
import { assetGroupsArea } from './asset-groups/routes';
import { auditArea } from './audit/routes';
import { authArea } from './auth/routes';
import { collectionArea } from './collection/routes';
import { collectorsArea } from './collectors/routes';
import { configArea } from './config/routes';
import { customNodesArea } from './custom-nodes/routes';
import { dataQualityArea } from './data-quality/routes';
import { datapipeArea } from './datapipe/routes';
import { entitiesArea } from './entities/routes';
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

/** Every area of the mock service. Seeders run in this order (SSO providers before the users linked to them). */
export const areas: MockArea[] = [
  authArea,
  rolesArea,
  ssoArea,
  usersArea,
  assetGroupsArea,
  // After the asset groups and users: its seed reads the legacy Owned group and names people as actors.
  privilegeZonesArea,
  privilegeZonesPreviewArea,
  collectionArea,
  fileUploadArea,
  collectorsArea,
  entitiesArea,
  graphsArea,
  configArea,
  customNodesArea,
  savedQueriesArea,
  tokensArea,
  // Data quality before the pipeline: the seeded pipeline's last analysis is the newest seeded data-quality point.
  dataQualityArea,
  datapipeArea,
  // Last: the seeded audit history is about the records every other area seeded.
  auditArea,
  apiSpecArea,
];
