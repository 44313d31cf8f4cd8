import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { roleNameLabel } from '@/shared/permissions';
import { KnownLabel } from '@/components/KnownLabel';
import { useRoles } from '@/api/roles';
import type { Role } from '@/api/schemas/roles';
import { useMayListUsers, useUsers } from '@/api/users';
import { PageHeader } from '@/components/PageHeader';
import { DataTable, useTableState, type Column, type TableSpec, TableProvider } from '@/components/table';
import { usersWithRoleHref } from '@/features/users/components/users-table';

/** The roles table's URL state: the service's order unless the person sorts. */
const ROLES_TABLE: TableSpec = { sortable: ['name', 'permissions', 'users'] };

/** GET /api/v2/roles: every role, what it is for, how many permissions it grants and how many users hold it. */
export default function RolesPage() {
  const roles = useRoles();
  const users = useUsers();
  // Only people who may list users see how many hold each role.
  const countHolders = useMayListUsers();
  const table = useTableState(ROLES_TABLE);
  const holders = useMemo(() => {
    if (!users.data) return null;
    const counts = new Map<number, number>();
    for (const u of users.data) for (const r of u.roles) counts.set(r.id, (counts.get(r.id) ?? 0) + 1);
    return counts;
  }, [users.data]);

  const columns = useMemo(
    (): Column<Role>[] =>
      (
        [
          {
            id: 'name',
            header: 'Role',
            sortable: true,
            sortValue: (r) => r.name,
            rowHeader: true,
            nowrap: true,
            cell: (r) => <KnownLabel label={roleNameLabel(r.name)} />,
          },
          { id: 'description', header: 'Description', hideBelow: 'sm', cell: (r) => r.description || '—' },
          {
            id: 'permissions',
            header: 'Permissions',
            align: 'right',
            sortable: true,
            sortValue: (r) => r.permissions.length,
            cell: (r) => (
              <Chip
                size="small"
                variant="outlined"
                label={r.permissions.length}
                aria-label={`${r.permissions.length} permissions`}
              />
            ),
          },
          {
            id: 'users',
            header: 'Users',
            align: 'right',
            sortable: true,
            // Unknown until the users have loaded: sorted last.
            sortValue: (r) => (holders ? (holders.get(r.id) ?? 0) : null),
            cell: (r) => {
              if (!holders) return users.isError ? '—' : '…';
              const count = holders.get(r.id) ?? 0;
              return (
                <Link
                  component={RouterLink}
                  to={usersWithRoleHref(r.id)}
                  underline="hover"
                  aria-label={`${count} users with the ${r.name} role`}
                >
                  {count}
                </Link>
              );
            },
          },
        ] satisfies Column<Role>[]
      ).filter((c) => c.id !== 'users' || countHolders),
    [holders, users.isError, countHolders],
  );

  return (
    <TableProvider table={table}>
      <PageHeader
        title="Roles"
        description="What each role allows. Roles are fixed by the service; give them to users from the Users page."
      />
      {users.isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          How many users hold each role could not be counted: the users could not be loaded.
        </Alert>
      )}
      <DataTable
        mode="client"
        label="Roles"
        noun="roles"
        pagerLabel="Role pages"
        columns={columns}
        rows={roles.data}
        query={roles}
        rowKey={(r) => r.id}
        rowHref={(r) => `/roles/${r.id}`}
        empty={{ title: 'No roles', text: 'The service defines no roles.' }}
      />
    </TableProvider>
  );
}
