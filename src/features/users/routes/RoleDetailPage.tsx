import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { permissionLabel } from '@/shared/permissions';
import { KnownLabel } from '@/components/KnownLabel';
import { useMayListUsers } from '@/api/users';
import type { Permission, Role } from '@/api/schemas/roles';
import { DetailFrame } from '@/components/DetailFrame';
import { numericId, useRouteId } from '@/lib/route-id';
import { PageHeader } from '@/components/PageHeader';
import { EmptyState } from '@/components/states';
import {
  DataTable,
  FilterBar,
  TableSearch,
  useTableState,
  type Column,
  type RowMatchers,
  type TableSpec,
  TableProvider,
} from '@/components/table';
import { useRole } from '@/features/users/api/get-role';
import { usersWithRoleHref } from '@/features/users/components/users-table';

/** The permissions table: by authority, then name, unless the person sorts otherwise; `q` searches both. */
const PERMISSIONS_TABLE: TableSpec = {
  sortable: ['authority', 'name'],
  filters: { q: { predicates: ['~eq'] } },
  defaultSort: [
    { column: 'authority', descending: false },
    { column: 'name', descending: false },
  ],
};

const fullName = (p: Permission) => `${p.authority}.${p.name}`;

const COLUMNS: Column<Permission>[] = [
  { id: 'authority', header: 'Authority', sortable: true, sortValue: (p) => p.authority, cell: (p) => p.authority },
  { id: 'name', header: 'Name', sortable: true, sortValue: (p) => p.name, cell: (p) => p.name },
  {
    id: 'allows',
    header: 'What it allows',
    hideBelow: 'md',
    cell: (p) => <KnownLabel label={permissionLabel(fullName(p))} />,
  },
  {
    id: 'permission',
    header: 'Permission',
    mono: true,
    rowHeader: true,
    cell: (p) => (
      <Typography component="span" variant="inherit" color="text.secondary">
        {fullName(p)}
      </Typography>
    ),
  },
];

const MATCHERS: RowMatchers<Permission> = {
  q: (p, f) => fullName(p).toLowerCase().includes(f.value.toLowerCase()),
};

/** GET /api/v2/roles/{role_id}: the role and its permissions (authority, name). */
export default function RoleDetailPage() {
  const id = useRouteId('roleId', numericId);
  const role = useRole(id.ok ? id.id : 0, { enabled: id.ok });
  return (
    <DetailFrame list={{ label: 'Roles', to: '/roles' }} noun="role" title="Role" id={id} query={role}>
      {(r) => <RoleDetail role={r} query={role} />}
    </DetailFrame>
  );
}

function RoleDetail({ role: r, query }: { role: Role; query: UseQueryResult<Role> }) {
  const listUsers = useMayListUsers();
  const table = useTableState(PERMISSIONS_TABLE);
  const count = r.permissions.length;
  return (
    <TableProvider table={table}>
      <PageHeader
        title={r.name}
        crumbs={[{ label: 'Roles', to: '/roles' }, { label: r.name }]}
        description={r.description}
        actions={
          listUsers && (
            <Link component={RouterLink} to={usersWithRoleHref(r.id)} underline="hover" sx={{ alignSelf: 'center' }}>
              Users with this role
            </Link>
          )
        }
      />
      <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        Permissions ({count})
      </Typography>
      {count === 0 ? (
        <EmptyState title="No permissions">Users with only this role can sign in but do nothing.</EmptyState>
      ) : (
        <>
          {(count > 10 || table.hasFilters) && (
            <FilterBar>
              <TableSearch label="Filter permissions" placeholder="Authority or name" />
            </FilterBar>
          )}
          <DataTable
            mode="client"
            label={`Permissions (${count})`}
            noun="permissions"
            pagerLabel="Permission pages"
            columns={COLUMNS}
            rows={r.permissions}
            matchers={MATCHERS}
            query={query}
            rowKey={(p) => p.id}
            empty={{ title: 'No permissions' }}
          />
        </>
      )}
    </TableProvider>
  );
}
