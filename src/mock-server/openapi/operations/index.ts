import type { OperationArea } from '../operation';
import { adminOperations } from './admin';
import { apiOperations } from './api';
import { assetGroupOperations } from './asset-groups';
import { authOperations } from './auth';
import { collectionOperations } from './collection';
import { collectorOperations } from './collectors';
import { customNodeOperations } from './custom-nodes';
import { fileUploadOperations } from './file-upload';
import { graphOperations } from './graph';
import { privilegeZoneOperations } from './privilege-zones';
import { savedQueryOperations } from './saved-queries';
import { ssoOperations } from './sso';
import { tokenOperations } from './tokens';
import { userOperations } from './users';

/**
 * Every operation's description, one file per area, in the document's tag
 * order. An operation added to the access table needs its entry here (a test
 * fails until it has one): "METHOD /path" → { summary, params, query, body,
 * answer } with the schemas the route reads and the console parses with.
 */
export const OPERATION_AREAS: readonly OperationArea[] = [
  authOperations,
  apiOperations,
  ssoOperations,
  userOperations,
  tokenOperations,
  customNodeOperations,
  adminOperations,
  fileUploadOperations,
  graphOperations,
  assetGroupOperations,
  privilegeZoneOperations,
  savedQueryOperations,
  collectionOperations,
  collectorOperations,
];
