import { intPathParam } from '../../../api/schemas/common';
import type { MockArea } from '../../area';
import { notFound } from '../../errors';
import { defineList } from '../../list';
import type { StoredPermission, StoredRole } from '../../store/db';
import { baseOf, toRoleRecord } from '../../store/records';
import { readParam } from '../../validate';

export const roleId = intPathParam('role_id');

/** Roles and permissions are answered whole, in store order: the lists take no parameters (others are ignored). */
export const ROLES_LIST = defineList<StoredRole>()({ columns: {} });
export const PERMISSIONS_LIST = defineList<StoredPermission>()({ columns: {} });

/** GET /api/v2/roles, /api/v2/roles/{role_id}, /api/v2/permissions. Any signed-in user may read them. */
export const rolesArea: MockArea = {
  name: 'roles',
  routes(app, { db }) {
    app.get('/api/v2/roles', (c) => {
      const roles = ROLES_LIST.select(db.state.roles, ROLES_LIST.parse(c));
      return c.json({ data: { roles: roles.map((r) => toRoleRecord(db.state, r)) } });
    });
    app.get('/api/v2/roles/:role_id', (c) => {
      const id = readParam(c, 'role_id', roleId);
      const role = db.state.roles.find((r) => r.id === id);
      if (!role) throw notFound('role_id', `No role has id ${id}.`);
      return c.json({ data: toRoleRecord(db.state, role) });
    });
    app.get('/api/v2/permissions', (c) =>
      c.json({
        data: {
          permissions: PERMISSIONS_LIST.select(db.state.permissions, PERMISSIONS_LIST.parse(c)).map((p) => ({
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
