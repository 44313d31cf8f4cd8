import { beforeAll, describe, expect, it } from 'vitest';
import { permissionsNeeded, type Operation } from '../api/operation';
import { OPERATIONS } from '../api/operations';
import { matchRoute } from './operation-table';
import { ROLE_PERMISSIONS } from '../shared/permissions';
import { call, testMockServer } from '../testing/mock-service';
import type { MockServer } from './app';
import type { StoredUser } from './store/db';

const ROLES = Object.keys(ROLE_PERMISSIONS);
const GATE = 'Your role does not allow this';

/** A request path for a table row: numeric ids that match nothing, UUIDs that match nothing, or `userId`. */
function pathOf(route: Operation, userId: string): string {
  // An account operation without {user_id} takes the account as the user_id query parameter.
  const query = route.access.kind === 'account' && !route.path.includes('{user_id}') ? `?user_id=${userId}` : '';
  return (
    route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (name === 'user_id') return userId;
      if (name === 'client_id') return '00000000-0000-4000-8000-000000000000';
      if (name.endsWith('slug')) return 'no-such-provider';
      return '999999';
    }) + query
  );
}

describe('access table', () => {
  let mock: MockServer;
  let account: Record<string, { user: StoredUser; token: string }> = {};

  /** From the seeded state: an enabled account holding only that role, for each role, with a fresh session. */
  async function freshAccounts() {
    mock.db.reset();
    const out: typeof account = {};
    for (const role of ROLES) {
      const roleId = mock.db.state.roles.find((r) => r.name === role)!.id;
      const user = mock.db.state.users.find(
        (u) => u.deleted_at === null && !u.is_disabled && u.role_ids.length === 1 && u.role_ids[0] === roleId,
      )!;
      out[role] = { user, token: await mock.tokens.issue(user.id, 'user') };
    }
    return out;
  }

  beforeAll(async () => {
    mock = testMockServer();
    account = await freshAccounts();
  });

  it('has a declaration for every /api operation the mock serves, and the mock serves nothing outside them', () => {
    const served = mock.app.routes.filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL');
    expect(served.length).toBeGreaterThan(40);
    for (const r of served) {
      const path = r.path.replace(/:(\w+)/g, '{$1}');
      expect(matchRoute(r.method, path.replace(/\{(\w+)\}/g, 'x'))?.op.path, `${r.method} ${r.path}`).toBeDefined();
    }
  });

  it('prefers a literal segment over a parameter (/jobs/end is not /jobs/{job_id})', () => {
    expect(matchRoute('POST', '/api/v2/jobs/end')?.op.access.kind).toBe('client');
    expect(matchRoute('GET', '/api/v2/jobs/12')?.params).toEqual({ job_id: '12' });
    expect(matchRoute('GET', '/api/v2/bloodhound-users/abc')?.op.path).toBe('/api/v2/app-users/{user_id}');
  });

  it('answers an operation nobody declared 404 without asking who is calling', async () => {
    const res = await call(mock, 'GET', '/api/v2/not-an-operation');
    expect(res.status).toBe(404);
  });

  // Every operation, for every role, on their own account and on someone else's: 403 exactly when the role lacks what it needs.
  for (const route of OPERATIONS) {
    if (route.access.kind === 'public') continue;
    it(`${route.method} ${route.path}`, async () => {
      // An allowed call may change things (sign out, expire a password, end sessions): each role starts afresh.
      const variants = route.access.kind === 'account' ? [true, false] : [true];
      for (const role of ROLES) {
        for (const self of variants) {
          account = await freshAccounts();
          const { user, token } = account[role]!;
          const target = self ? user.id : account[role === 'Administrator' ? 'User' : 'Administrator']!.user.id;
          const res = await call(mock, route.method, pathOf(route, target), {
            token,
            json: route.method === 'GET' ? undefined : {},
          });
          const message = JSON.stringify(res.body);
          const gated = res.status === 403 && (message.includes(GATE) || message.includes('Only a collection client'));
          const needed = permissionsNeeded(route.access, self);
          const lacks = route.access.kind === 'client' || needed.some((p) => !ROLE_PERMISSIONS[role]!.permissions.includes(p));
          expect(gated, `${role}${self ? '' : ' on another account'}: ${res.status} ${message}`).toBe(lacks);
          expect(res.status, `${role}: ${message}`).not.toBe(401);
        }
      }
    });
  }

  it('names the permission and the roles that grant it', async () => {
    const res = await call(mock, 'GET', '/api/v2/app-users', { token: account['Upload-Only']!.token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      errors: [
        {
          message: 'Your role does not allow this: it needs the auth.ManageUsers permission (the Administrator role).',
        },
      ],
    });
  });

  it('lets every role read itself', async () => {
    for (const role of ROLES) {
      const res = await call(mock, 'GET', '/api/v2/self', { token: account[role]!.token });
      expect(res.status, role).toBe(200);
    }
  });

  it("keeps a collection client's token to its job and task operations", async () => {
    const clientId = mock.db.state.collectionClients.find((k) => k.deleted_at === null)!.id;
    const token = await mock.tokens.issue(clientId, 'client');
    for (const path of ['/api/v2/app-users', '/api/v2/config', '/api/v2/sso-providers/1/signing-certificate', '/api/v2/self']) {
      const res = await call(mock, 'GET', path, { token });
      expect(res.status, path).toBe(403);
      expect(res.body).toMatchObject({ errors: [{ message: expect.stringContaining('job and task operations') }] });
    }
    const end = await call(mock, 'POST', '/api/v2/jobs/end', { token });
    expect([200, 400]).toContain(end.status);
  });
});
