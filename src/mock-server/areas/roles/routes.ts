import { authOps } from '../../../api/operations/auth';
import type { MockArea } from '../../area';
import { notFound } from '../../errors';
import { defineList } from '../../list';
import { server } from '../../serve';
import type { StoredPermission, StoredRole } from '../../store/db';
import { baseOf, toRoleRecord } from '../../store/records';

/** Roles and permissions are answered whole, in store order: the lists take no parameters (others are ignored). */
export const ROLES_LIST = defineList<StoredRole>()({ query: authOps.listRoles.query, columns: {} });
export const PERMISSIONS_LIST = defineList<StoredPermission>()({ query: authOps.listPermissions.query, columns: {} });

/** authOps.listRoles, authOps.getRole, authOps.listPermissions. */
export const rolesArea: MockArea = {
  name: 'roles',
  routes(app, { db }) {
    const route = server(app, db);
    route(authOps.listRoles, (c, { query }) => {
      const roles = ROLES_LIST.select(db.state.roles, query);
      return c.json({ data: { roles: roles.map((r) => toRoleRecord(db.state, r)) } });
    });
    route(authOps.getRole, (c, { params }) => {
      const id = params.role_id;
      const role = db.state.roles.find((r) => r.id === id);
      if (!role) throw notFound('role_id', `No role has id ${id}.`);
      return c.json({ data: toRoleRecord(db.state, role) });
    });
    route(authOps.listPermissions, (c, { query }) =>
      c.json({
        data: {
          permissions: PERMISSIONS_LIST.select(db.state.permissions, query).map((p) => ({
            id: p.id,
            ...baseOf(p),
            authority: p.authority,
            name: p.name,
          })),
        },
      }),
    );
  },
};
