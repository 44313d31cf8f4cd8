import type { Permission } from '@/api/schemas/roles';

/** What each permission lets its holder do, in words (by upstream name; see README "Who may do what"). */
const PERMISSION_TEXT: Record<string, string> = {
  'app.ReadAppConfig': 'Read the configuration and feature flags',
  'app.WriteAppConfig': 'Change the configuration and feature flags',
  'auth.CreateToken': 'Create API tokens',
  'auth.ManageProviders': 'Manage SSO providers',
  'auth.ManageSelf': 'Manage their own account: password, MFA, API tokens; read roles',
  'auth.ManageUsers': 'Manage users and their accounts; read the audit log',
  'clients.Manage': 'Add and change collection clients and their schedules',
  'clients.Read': 'See collection clients, tasks, jobs and schedules',
  'clients.Tasking': 'Run collection tasks',
  'collection.ManageJobs': 'Manage collection jobs',
  'db.Wipe': 'Clear the database',
  'graphdb.Ingest': 'Upload collected files',
  'graphdb.Mutate': 'Change graph data',
  'graphdb.Read': 'Read the graph, asset groups and data quality',
  'graphdb.Write': 'Change asset groups and run analysis',
  'risks.GenerateReport': 'Generate risk reports',
  'risks.ManageRisks': 'Manage risks',
  'saved_queries.Read': 'Read saved queries',
  'saved_queries.Write': 'Save, change and share queries',
};

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
  permissions: { name: string; text: string }[];
}

/** The permissions of some roles, each once, grouped by authority with readable words. */
export function groupPermissions(roles: readonly { permissions: readonly Permission[] }[]): PermissionGroup[] {
  const groups = new Map<string, Map<string, string>>();
  for (const role of roles) {
    for (const p of role.permissions) {
      const name = `${p.authority}.${p.name}`;
      const group = groups.get(p.authority) ?? new Map<string, string>();
      group.set(name, PERMISSION_TEXT[name] ?? name);
      groups.set(p.authority, group);
    }
  }
  const order = Object.keys(AUTHORITY_TEXT);
  const rank = (a: string) => (order.includes(a) ? order.indexOf(a) : order.length);
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([authority, perms]) => ({
      authority,
      title: AUTHORITY_TEXT[authority] ?? authority,
      permissions: [...perms.entries()].map(([name, text]) => ({ name, text })).sort((a, b) => a.name.localeCompare(b.name)),
    }));
}
