import { permissionLabel, type PermissionLabel } from '@/shared/permissions';
import type { Permission } from '@/api/schemas/roles';
import { compareText } from '@/shared/compare-text';

/** Headings of the permission groups (by authority), in the order shown. */
const AUTHORITY_TEXT: Record<string, string> = {
  auth: 'Accounts and sign-in',
  app: 'Configuration',
  graphdb: 'Graph and asset groups',
  saved_queries: 'Saved queries',
  clients: 'Collection clients',
  collection: 'Collection jobs',
  risks: 'Risks',
  db: 'Database',
};

export interface PermissionGroup {
  authority: string;
  title: string;
  /** Each permission's full name (`auth.ManageUsers`) and its words (unknown for a name this console does not know). */
  permissions: { name: string; label: PermissionLabel }[];
}

/** The permissions of some roles, each once, grouped by authority with readable words. */
export function groupPermissions(roles: readonly { permissions: readonly Permission[] }[]): PermissionGroup[] {
  const groups = new Map<string, Map<string, PermissionLabel>>();
  for (const role of roles) {
    for (const p of role.permissions) {
      const name = `${p.authority}.${p.name}`;
      const group = groups.get(p.authority) ?? new Map<string, PermissionLabel>();
      group.set(name, permissionLabel(name));
      groups.set(p.authority, group);
    }
  }
  const order = Object.keys(AUTHORITY_TEXT);
  const rank = (a: string) => (order.includes(a) ? order.indexOf(a) : order.length);
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || compareText(a, b))
    .map(([authority, perms]) => ({
      authority,
      title: AUTHORITY_TEXT[authority] ?? authority,
      permissions: [...perms.entries()].map(([name, label]) => ({ name, label })).sort((a, b) => compareText(a.name, b.name)),
    }));
}
