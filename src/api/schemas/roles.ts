/**
 * Roles and permissions — reference `model.role`, `model.permission`; the
 * operations authOps.getRole, authOps.listRoles, authOps.listPermissions.
 */
import { z } from 'zod';
import { baseFields, dataEnvelope, intPathParam } from './wire-format';

/** Reference `model.permission`. */
export const permission = z.object({
  ...baseFields,
  authority: z.string(),
  name: z.string(),
});
export type Permission = z.infer<typeof permission>;

/** Reference `model.role`. */
export const role = z.object({
  ...baseFields,
  name: z.string(),
  description: z.string(),
  permissions: z.array(permission),
});
export type Role = z.infer<typeof role>;

/** GET /api/v2/roles/{role_id} (authOps.getRole): `{ data: role }`. */
export const roleResponse = dataEnvelope(role);
export type RoleResponse = z.infer<typeof roleResponse>;

/** GET /api/v2/roles (reference ListRoles): `{ data: { roles: role[] } }`. */
export const rolesListResponse = z.object({
  data: z.object({ roles: z.array(role) }),
});
export type RolesListResponse = z.infer<typeof rolesListResponse>;

/** GET /api/v2/permissions (reference ListPermissions): `{ data: { permissions: permission[] } }`. */
export const permissionsListResponse = z.object({
  data: z.object({ permissions: z.array(permission) }),
});
export type PermissionsListResponse = z.infer<typeof permissionsListResponse>;

/** A role's id in a path. */
export const roleId = intPathParam('role_id');
