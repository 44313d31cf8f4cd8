/**
 * Permission names as upstream spells them: `<authority>.<name>`.
 * Shared by the console (to hide or disable actions) and the mock server
 * (to answer 403). The seeded roles grant them as upstream does.
 */
export const Permission = {
  AppReadConfig: 'app.ReadAppConfig',
  AppWriteConfig: 'app.WriteAppConfig',
  AuthCreateToken: 'auth.CreateToken',
  AuthManageProviders: 'auth.ManageProviders',
  AuthManageSelf: 'auth.ManageSelf',
  AuthManageUsers: 'auth.ManageUsers',
  ClientsManage: 'clients.Manage',
  ClientsRead: 'clients.Read',
  ClientsTasking: 'clients.Tasking',
  CollectionManageJobs: 'collection.ManageJobs',
  GraphDbIngest: 'graphdb.Ingest',
  GraphDbRead: 'graphdb.Read',
  GraphDbWrite: 'graphdb.Write',
  SavedQueriesRead: 'saved_queries.Read',
  SavedQueriesWrite: 'saved_queries.Write',
} as const;

export type PermissionName = (typeof Permission)[keyof typeof Permission];

export const ALL_PERMISSIONS: readonly PermissionName[] = Object.values(Permission);

/** The seeded roles, by upstream name, and what each may do. */
export const ROLE_PERMISSIONS: Record<string, { description: string; permissions: readonly PermissionName[] }> = {
  Administrator: { description: 'Can manage users, clients, and application configuration', permissions: ALL_PERMISSIONS },
  'Power User': {
    description: 'Can upload data, manage clients, and perform any action in the application except manage users and SSO',
    permissions: ALL_PERMISSIONS.filter((p) => p !== Permission.AuthManageUsers && p !== Permission.AuthManageProviders),
  },
  User: {
    description: 'Can read data, modify asset group memberships',
    permissions: [
      Permission.AppReadConfig,
      Permission.AuthCreateToken,
      Permission.AuthManageSelf,
      Permission.ClientsRead,
      Permission.GraphDbRead,
      Permission.GraphDbWrite,
      Permission.SavedQueriesRead,
      Permission.SavedQueriesWrite,
    ],
  },
  'Read-Only': {
    description: 'Used for integrations',
    permissions: [Permission.AppReadConfig, Permission.AuthManageSelf, Permission.GraphDbRead, Permission.SavedQueriesRead],
  },
  'Upload-Only': {
    description: 'Used for data collection clients, can post data but cannot read data',
    permissions: [Permission.AuthManageSelf, Permission.GraphDbIngest],
  },
};

/** Roles that may not carry an environment access control list (API document, endpoint 3). */
export const ROLES_WITHOUT_ENVIRONMENT_LIST: readonly string[] = ['Administrator', 'Power User'];

export interface HasRoles {
  roles: readonly { name: string; permissions: readonly { authority: string; name: string }[] }[];
}

export function permissionsOf(user: HasRoles | null | undefined): Set<string> {
  const out = new Set<string>();
  for (const role of user?.roles ?? []) for (const p of role.permissions) out.add(`${p.authority}.${p.name}`);
  return out;
}

export function can(user: HasRoles | null | undefined, permission: PermissionName): boolean {
  return permissionsOf(user).has(permission);
}
