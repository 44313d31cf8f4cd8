import type { Operation } from '../operation';
import { adminOps } from './admin';
import { apiOps } from './api';
import { assetGroupOps } from './asset-groups';
import { attackPathOps } from './attack-paths';
import { authOps } from './auth';
import { collectionOps } from './collection';
import { collectorOps } from './collectors';
import { customNodeOps } from './custom-nodes';
import { extensionOps } from './extensions';
import { fileUploadOps } from './file-upload';
import { graphOps } from './graph';
import { privilegeZoneOps } from './privilege-zones';
import { savedQueryOps } from './saved-queries';
import { ssoOps } from './sso';
import { tokenOps } from './tokens';
import { userOps } from './users';

export {
  adminOps,
  apiOps,
  assetGroupOps,
  attackPathOps,
  authOps,
  collectionOps,
  collectorOps,
  customNodeOps,
  extensionOps,
  fileUploadOps,
  graphOps,
  privilegeZoneOps,
  savedQueryOps,
  ssoOps,
  tokenOps,
  userOps,
};

/**
 * Every area's declarations, in the API document's tag order. An operation the service has is declared in
 * its area's file and nowhere else; the mock serves only declared operations (src/mock-server/serve.ts).
 */
const AREAS = [
  authOps,
  apiOps,
  ssoOps,
  userOps,
  tokenOps,
  customNodeOps,
  extensionOps,
  adminOps,
  fileUploadOps,
  graphOps,
  assetGroupOps,
  privilegeZoneOps,
  attackPathOps,
  savedQueryOps,
  collectionOps,
  collectorOps,
] as const;

/** Every declared operation, in the document's order. */
export const OPERATIONS: readonly Operation[] = AREAS.flatMap((area) => Object.values(area) as Operation[]);
