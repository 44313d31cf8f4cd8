import { z } from 'zod';
import type { MockArea } from '../area';
import { notFound } from '../errors';
import { baseOf, toRoleRecord } from '../store/records';
import { readParam } from '../validate';

const roleId = z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').positive('must be positive');

/** GET /api/v2/roles, /api/v2/roles/{role_id}, /api/v2/permissions. Any signed-in user may read them. */
export const rolesArea: MockArea = {
  name: 'roles',
  routes(app, { db }) {
    app.get('/api/v2/roles', (c) => c.json({ data: { roles: db.state.roles.map((r) => toRoleRecord(db.state, r)) } }));
    app.get('/api/v2/roles/:role_id', (c) => {
      const id = readParam(c, 'role_id', roleId);
      const role = db.state.roles.find((r) => r.id === id);
      if (!role) throw notFound('role_id', `No role has id ${id}.`);
      return c.json({ data: toRoleRecord(db.state, role) });
    });
    app.get('/api/v2/permissions', (c) =>
      c.json({
        data: {
          permissions: db.state.permissions.map((p) => ({
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
