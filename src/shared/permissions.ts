import { labelsFor, type ValueLabel } from './value-labels';
import { inWords, pluralWord } from './words';

/**
 * Permission names as upstream spells them: `<authority>.<name>`, and the five
 * built-in roles with what each grants. Shared by the console (to offer only
 * what a person may do) and the mock server (to answer 403).
 *
 * Source: upstream's public repository (SpecterOps/BloodHound, v8 series):
 * `cmd/api/src/auth/permission.go` for the names and the roles' grants from its
 * database migrations (`migrations/schema.sql`, which `auth/role.go` calls the
 * source of truth), with `graphdb.Ingest` and `db.Wipe` as its route table
 * (`cmd/api/src/api/registration/v2.go`) uses them. Which route needs which
 * permission is in its declaration (src/api/operations/).
 */
export const Permission = {
  AppReadConfig: 'app.ReadAppConfig',
  AppWriteConfig: 'app.WriteAppConfig',
  AuthCreateToken: 'auth.CreateToken',
  AuthManageProviders: 'auth.ManageProviders',
  AuthManageSelf: 'auth.ManageSelf',
  AuthManageUsers: 'auth.ManageUsers',
  AuthReadUsers: 'auth.ReadUsers',
  ClientsManage: 'clients.Manage',
  ClientsRead: 'clients.Read',
  ClientsTasking: 'clients.Tasking',
  CollectionManageJobs: 'collection.ManageJobs',
  DbWipe: 'db.Wipe',
  GraphDbIngest: 'graphdb.Ingest',
  GraphDbMutate: 'graphdb.Mutate',
  GraphDbRead: 'graphdb.Read',
  GraphDbWrite: 'graphdb.Write',
  RisksGenerateReport: 'risks.GenerateReport',
  RisksManageRisks: 'risks.ManageRisks',
  SavedQueriesRead: 'saved_queries.Read',
  SavedQueriesWrite: 'saved_queries.Write',
} as const;

export type PermissionName = (typeof Permission)[keyof typeof Permission];

export const ALL_PERMISSIONS: readonly PermissionName[] = Object.values(Permission);

const P = Permission;

/** The built-in roles, by upstream name, in upstream's order of power, and what each may do. */
export const ROLE_PERMISSIONS: Record<string, { description: string; permissions: readonly PermissionName[] }> = {
  Administrator: { description: 'Can manage users, clients, and application configuration', permissions: ALL_PERMISSIONS },
  'Power User': {
    description: 'Can upload data, manage clients, and perform any action a User can',
    permissions: [
      P.AppReadConfig,
      P.AppWriteConfig,
      P.RisksGenerateReport,
      P.RisksManageRisks,
      P.AuthCreateToken,
      P.AuthManageSelf,
      P.AuthReadUsers,
      P.ClientsManage,
      P.ClientsRead,
      P.ClientsTasking,
      P.CollectionManageJobs,
      P.GraphDbIngest,
      P.GraphDbMutate,
      P.GraphDbRead,
      P.GraphDbWrite,
      P.SavedQueriesRead,
      P.SavedQueriesWrite,
    ],
  },
  User: {
    description: 'Can read data, modify asset group memberships',
    permissions: [
      P.AppReadConfig,
      P.RisksGenerateReport,
      P.AuthCreateToken,
      P.AuthManageSelf,
      P.AuthReadUsers,
      P.ClientsRead,
      P.GraphDbRead,
      P.SavedQueriesRead,
      P.SavedQueriesWrite,
    ],
  },
  'Read-Only': {
    description: 'Used for integrations',
    permissions: [
      P.AppReadConfig,
      P.RisksGenerateReport,
      P.AuthCreateToken,
      P.AuthManageSelf,
      P.AuthReadUsers,
      P.GraphDbRead,
      P.SavedQueriesRead,
    ],
  },
  'Upload-Only': {
    description: 'Used for data collection clients, can post data but cannot read data',
    permissions: [P.ClientsTasking, P.GraphDbIngest],
  },
};

export type PermissionLabel = ValueLabel;

/** What each permission lets its holder do, in words (by upstream name, `<authority>.<name>`; see docs/security.md, "Who may do what"). */
export const PERMISSION_WORDS: Readonly<Record<string, string>> = {
  'app.ReadAppConfig': 'Read the configuration and feature flags',
  'app.WriteAppConfig': 'Change the configuration and feature flags',
  'auth.CreateToken': 'Create API tokens',
  'auth.ManageProviders': 'Manage SSO providers',
  'auth.ManageSelf': 'Manage their own account: password, MFA, API tokens; read roles',
  'auth.ManageUsers': 'Manage users and their accounts; read the audit log',
  'auth.ReadUsers': "Read other users' names and email addresses (to share with them or filter by them)",
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

/** A permission (`auth.ManageUsers`) in words; a name this console does not know as it came, unknown. */
export const permissionLabel = labelsFor(PERMISSION_WORDS);

/**
 * A role's name: the built-in roles are known (their name is their label); any other (a server's own
 * role) shows as it came, unknown. The console grants nothing by a role's name: what a person may do
 * comes from the permissions the role lists, and a permission it does not know grants nothing here.
 */
export const roleNameLabel = labelsFor(Object.fromEntries(Object.keys(ROLE_PERMISSIONS).map((name) => [name, name])));

/** The role whose holders keep the service manageable: at least one enabled account must hold it. */
export const ADMINISTRATOR_ROLE = 'Administrator';

/** Roles that may not carry an environment access control list (`userOps.createUser`, `userOps.updateUser`). */
export const ROLES_WITHOUT_ENVIRONMENT_LIST: readonly string[] = ['Administrator', 'Power User'];

export interface HasRoles {
  roles: readonly { name: string; permissions: readonly { authority: string; name: string }[] }[];
}

export function permissionsOf(user: HasRoles | null | undefined): ReadonlySet<string> {
  if (!user) return NO_PERMISSIONS;
  let out = held.get(user);
  if (!out) {
    const all = new Set<string>();
    for (const role of user.roles) for (const p of role.permissions) all.add(`${p.authority}.${p.name}`);
    held.set(user, (out = all));
  }
  return out;
}

const NO_PERMISSIONS: ReadonlySet<string> = new Set();
/**
 * Each person's permissions, worked out once per answer: a page asks for every row (which actions to offer),
 * and the answers are not changed in place (a new answer is a new object).
 */
const held = new WeakMap<HasRoles, ReadonlySet<string>>();

export function can(user: HasRoles | null | undefined, permission: PermissionName): boolean {
  return permissionsOf(user).has(permission);
}

/** The built-in roles that grant `permission`, in words ("the Administrator or Power User role"). */
export function rolesGranting(permission: PermissionName): string {
  const names = Object.entries(ROLE_PERMISSIONS)
    .filter(([, r]) => r.permissions.includes(permission))
    .map(([name]) => name);
  if (names.length === 0) return 'a role that grants it';
  return `the ${inWords(names, 'or')} ${pluralWord(names.length, 'role')}`;
}

/** The built-in roles that grant `permission`, by name, in upstream's order of power. */
export function roleNamesGranting(permission: PermissionName): string[] {
  return Object.entries(ROLE_PERMISSIONS)
    .filter(([, r]) => r.permissions.includes(permission))
    .map(([name]) => name);
}

/**
 * How a person who lacks `permission` can come to have it, in words a person can act on: the roles
 * that grant it, and who can give them a role (the holders of auth.ManageUsers) and where. "The
 * Administrator or Power User role can: someone with the Administrator role can give you one, on the
 * Users page."
 */
export function howToGet(permission: PermissionName): string {
  const roles = roleNamesGranting(permission);
  const grantors = roleNamesGranting(Permission.AuthManageUsers);
  const who =
    grantors.length > 0
      ? `someone with the ${inWords(grantors, 'or')} ${pluralWord(grantors.length, 'role')}`
      : 'an administrator';
  if (roles.length === 0)
    return `None of the built-in roles can: ${who} can give you a role of this server's that does, on the Users page.`;
  const give = pluralWord(roles.length, 'give it to you', 'give you one');
  return `The ${inWords(roles, 'or')} ${pluralWord(roles.length, 'role')} can: ${who} can ${give}, on the Users page.`;
}
