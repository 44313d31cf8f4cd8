import { apiVersionResponse, loginBody, loginResponse, selfResponse } from '../../../api/schemas/auth';
import { permissionsListResponse, roleResponse, rolesListResponse } from '../../../api/schemas/roles';
import { PERMISSIONS_LIST, ROLES_LIST, roleId } from '../../areas/roles/routes';
import type { OperationArea } from '../operation';

export const authOperations: OperationArea = {
  tag: 'Sign-in and roles',
  operations: {
    'POST /api/v2/login': {
      summary: 'Sign in',
      description: 'Answers a session token for the `Authorization: Bearer` header. Failed sign-ins are throttled.',
      body: loginBody,
      answer: loginResponse,
      errors: [429],
    },
    'POST /api/v2/logout': { summary: 'Sign out (ends the session)' },
    'GET /api/v2/self': { summary: 'The signed-in person', answer: selfResponse },
    'GET /api/version': { summary: 'The API version', answer: apiVersionResponse },
    'GET /api/v2/permissions': { summary: 'List permissions', query: PERMISSIONS_LIST.schema, answer: permissionsListResponse },
    'GET /api/v2/permissions/{permission_id}': {
      summary: 'Get a permission',
      unserved: 'The list answers every permission; the console reads no single one.',
    },
    'GET /api/v2/roles': { summary: 'List roles', query: ROLES_LIST.schema, answer: rolesListResponse },
    'GET /api/v2/roles/{role_id}': { summary: 'Get a role', params: { role_id: roleId }, answer: roleResponse },
  },
};
