import type { MockArea } from '../area';
import { assetGroupsArea } from './asset-groups';
import { authArea } from './auth';
import { collectionArea } from './collection';
import { configArea } from './config';
import { entitiesArea } from './entities';
import { fileUploadArea } from './file-upload';
import { rolesArea } from './roles';
import { savedQueriesArea } from './saved-queries';
import { ssoArea } from './sso';
import { usersArea } from './users';

/** Every area of the mock service. Seeders run in this order (SSO providers before the users linked to them). */
export const areas: MockArea[] = [
  authArea,
  rolesArea,
  ssoArea,
  usersArea,
  assetGroupsArea,
  collectionArea,
  fileUploadArea,
  entitiesArea,
  configArea,
  savedQueriesArea,
];
