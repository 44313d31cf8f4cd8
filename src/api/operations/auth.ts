import { defineOperations, needs, pub, signedIn } from '../operation';
import { Permission as P } from '../../shared/permissions';
import { apiVersionResponse, loginBody, loginResponse, selfResponse } from '../schemas/auth';
import { listQuery } from '../list-query';
import { permissionsListResponse, roleId, roleResponse, rolesListResponse } from '../schemas/roles';

export const authOps = defineOperations('Sign-in and roles', {
  login: {
    method: 'POST',
    path: '/api/v2/login',
    access: pub,
    summary: 'Sign in',
    description: 'Answers a session token for the `Authorization: Bearer` header. Failed sign-ins are throttled.',
    body: loginBody,
    answer: loginResponse,
    errors: [429],
  },
  logout: {
    method: 'POST',
    path: '/api/v2/logout',
    access: signedIn,
    summary: 'Sign out (ends the session)',
  },
  getSelf: {
    method: 'GET',
    path: '/api/v2/self',
    access: signedIn,
    summary: 'The signed-in person',
    answer: selfResponse,
  },
  getApiVersion: {
    method: 'GET',
    path: '/api/version',
    access: signedIn,
    summary: 'The API version',
    answer: apiVersionResponse,
  },
  listPermissions: {
    method: 'GET',
    path: '/api/v2/permissions',
    access: needs(P.AuthManageSelf),
    summary: 'List permissions',
    // Answered whole, in store order: the list takes no parameters (others are ignored).
    query: listQuery<never, never>({}),
    answer: permissionsListResponse,
  },
  getPermission: {
    method: 'GET',
    path: '/api/v2/permissions/{permission_id}',
    access: needs(P.AuthManageSelf),
    summary: 'Get a permission',
    unserved: 'The list answers every permission; the console reads no single one.',
  },
  listRoles: {
    method: 'GET',
    path: '/api/v2/roles',
    access: needs(P.AuthManageSelf),
    summary: 'List roles',
    // Answered whole, in store order: the list takes no parameters (others are ignored).
    query: listQuery<never, never>({}),
    answer: rolesListResponse,
  },
  getRole: {
    method: 'GET',
    path: '/api/v2/roles/{role_id}',
    access: needs(P.AuthManageSelf),
    summary: 'Get a role',
    params: { role_id: roleId },
    answer: roleResponse,
  },
});
