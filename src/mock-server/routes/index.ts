import type { MockArea } from '../area';
import { assetGroupsArea } from './asset-groups';
import { authArea } from './auth';
import { rolesArea } from './roles';
import { ssoArea } from './sso';
import { usersArea } from './users';

/** Every area of the mock service. Seeders run in this order (SSO providers before the users linked to them). */
export const areas: MockArea[] = [authArea, rolesArea, ssoArea, usersArea, assetGroupsArea];
