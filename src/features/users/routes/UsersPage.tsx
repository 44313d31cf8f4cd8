import { plural } from '@/shared/words';
import AddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import { userOps } from '@/api/operations/users';
import { useAccess } from '@/lib/access';
import { useRoles } from '@/api/roles';
import { useSelf } from '@/api/self';
import { useSsoProviders } from '@/api/sso-providers';
import { useUsers } from '@/api/users';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import { ChoiceFilter, DataTable, FilterBar, TableSearch, useClientRows, useTableState, TableProvider } from '@/components/table';
import { useUserActionDialogs } from '@/features/users/components/user-actions';
import { RowActions, userColumns } from '@/features/users/components/user-columns';
import { UserFormDialog } from '@/features/users/components/UserFormDialog';
import { byName, userMatchers, USERS_TABLE } from '@/features/users/components/users-table';

const STATUS_OPTIONS = [
  { value: 'enabled', label: 'Enabled' },
  { value: 'disabled', label: 'Disabled' },
] as const;

export default function UsersPage() {
  const users = useUsers();
  const self = useSelf();
  const roles = useRoles();
  const providers = useSsoProviders();
  const table = useTableState(USERS_TABLE);
  const [creating, setCreating] = useState(false);
  const { notify } = useNotice();
  const manage = useAccess(userOps.createUser);
  const canManage = manage.allowed;
  const knownEnvironments = useMemo(
    () =>
      [
        ...new Set((users.data ?? []).flatMap((u) => (u.environment_targeted_access_control ?? []).map((e) => e.environment_id))),
      ].sort(),
    [users.data],
  );
  const dialogs = useUserActionDialogs({ self: self.data, knownEnvironments });

  const selfId = self.data?.id;
  const columns = useMemo(() => userColumns(providers.data, selfId), [providers.data, selfId]);
  const matchers = useMemo(() => userMatchers(providers.data), [providers.data]);
  // Name order first: rows that tie under the chosen sort keep it.
  const rows = useMemo(() => (users.data ? byName(users.data) : undefined), [users.data]);
  const matched = useClientRows(rows, columns, table.state, matchers);

  const total = users.data?.length ?? 0;
  const q = table.state.filters.q?.value;
  const roleOptions = useMemo(() => (roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name })), [roles.data]);
  const { start } = dialogs;

  return (
    <TableProvider table={table}>
      <PageHeader
        title="Users"
        description={
          users.data && matched
            ? table.hasFilters
              ? `${matched.length} of ${plural(total, 'user')} match`
              : plural(total, 'user')
            : 'People and service accounts who can sign in, their roles and how they sign in.'
        }
        actions={
          canManage ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              Create user
            </Button>
          ) : undefined
        }
      />
      <FilterBar>
        <TableSearch label="Filter users" placeholder="Name, principal, email, role or SSO provider" width={300} />
        <ChoiceFilter column="status" label="Status" options={STATUS_OPTIONS} width={150} />
        <ChoiceFilter column="role" label="Role" options={roleOptions} anyLabel="All roles" width={190} />
      </FilterBar>

      <DataTable
        mode="client"
        label="Users"
        noun="users"
        pagerLabel="User pages"
        columns={columns}
        rows={rows}
        matchers={matchers}
        query={users}
        rowKey={(u) => u.id}
        rowHref={(u) => `/users/${u.id}`}
        actions={(u) => <RowActions user={u} self={self.data} onAction={start} />}
        empty={{
          title: 'No users yet',
          text: 'Users who can sign in appear here.',
          action: canManage ? (
            <Button variant="contained" onClick={() => setCreating(true)}>
              Create user
            </Button>
          ) : undefined,
        }}
        filteredEmptyText={
          q ? `Nothing matches "${q}". Try other words or clear the filters.` : 'Try other filters or clear them.'
        }
      />

      {creating && (
        <UserFormDialog
          mode="create"
          selfId={self.data?.id}
          knownEnvironments={knownEnvironments}
          onClose={() => setCreating(false)}
          onSaved={(created) => {
            setCreating(false);
            notify(`Created ${created.name}.`);
          }}
        />
      )}
      {dialogs.element}
    </TableProvider>
  );
}
