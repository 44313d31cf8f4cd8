import { describe, expect, it } from 'vitest';
import { howToGet, Permission as P, permissionsOf } from './permissions';

const role = (name: string, ...permissions: string[]) => ({
  name,
  permissions: permissions.map((p) => ({ authority: p.split('.')[0]!, name: p.split('.')[1]! })),
});

describe('permissionsOf', () => {
  it('holds what every role grants, once each; nobody holds nothing', () => {
    const user = { roles: [role('A', P.AuthManageUsers, P.AuthManageSelf), role('B', P.AuthManageSelf)] };
    expect([...permissionsOf(user)].sort()).toEqual([P.AuthManageSelf, P.AuthManageUsers].sort());
    expect(permissionsOf(user)).toBe(permissionsOf(user)); // worked out once per answer
    expect(permissionsOf(null).size).toBe(0);
    expect(permissionsOf(undefined).size).toBe(0);
  });

  it('reads a new answer afresh: the same person with other roles holds what those grant', () => {
    const before = { roles: [role('Admin', P.AuthManageUsers)] };
    const after = { roles: [role('Reader', P.AuthManageSelf)] };
    expect(permissionsOf(before).has(P.AuthManageUsers)).toBe(true);
    expect(permissionsOf(after).has(P.AuthManageUsers)).toBe(false);
  });
});
describe('howToGet', () => {
  it('names the roles that grant a permission and who can give one, not the permission', () => {
    expect(howToGet(P.GraphDbWrite)).toBe(
      'The Administrator or Power User roles can: someone with the Administrator role can give you one, on the Users page.',
    );
    expect(howToGet(P.AuthManageUsers)).toBe(
      'The Administrator role can: someone with the Administrator role can give it to you, on the Users page.',
    );
    expect(howToGet(P.ClientsTasking)).toMatch(/^The Administrator, Power User or Upload-Only roles can:/);
    for (const p of [P.GraphDbWrite, P.AuthManageUsers, P.ClientsTasking]) expect(howToGet(p)).not.toContain(p);
  });
});
