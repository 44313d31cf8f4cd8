import { plural } from '@/shared/words';
import AddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import { roleNameLabel } from '@/shared/permissions';
import { KnownLabel } from '@/components/KnownLabel';
import { useAccess } from '@/lib/access';
import { useRoles } from '@/api/roles';
import type { SsoProvider } from '@/api/schemas/sso';
import type { User } from '@/api/schemas/users';
import { useSelf } from '@/api/self';
import { useSsoProviders } from '@/api/sso-providers';
import { useUsers } from '@/api/users';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import {
  CellTag,
  ChoiceFilter,
  DataTable,
  FilterBar,
  TableSearch,
  useClientRows,
  useTableState,
  type Column,
} from '@/components/table';
import { RelativeTime } from '@/components/Time';
import { visuallyHidden } from '@/components/visually-hidden';
import { UserActionsMenu, useUserActionDialogs } from '@/features/users/components/user-actions';
import {
  emailOf,
  MFA_LABELS,
  mfaStateOf,
  providerName,
  ssoProviderIdOf,
  userActions,
  userName,
  type ActingUser,
} from '@/features/users/components/user-display';
import { UserFormDialog } from '@/features/users/components/UserFormDialog';
import {
  byName,
  statusValue,
  userMatchers,
  userSortValues,
  USERS_TABLE,
  type UserTableSort,
} from '@/features/users/components/users-table';

const STATUS_OPTIONS = [
  { value: 'enabled', label: 'Enabled' },
  { value: 'disabled', label: 'Disabled' },
] as const;

/** Text in the secondary colour (the table's `muted` rule); `title` shows on hover. */
function Muted({ children, title }: { children: string; title?: string }) {
  return (
    <span className="muted" title={title}>
      {children}
    </span>
  );
}

/**
 * The columns, by priority on narrow screens: name, roles and status always show (with the row's menu,
 * pinned at the right edge); MFA and last login from 1200 px; principal, email and SSO from 1536 px. On
 * phones every column is a line of the row's card.
 */
function userColumns(providers: readonly SsoProvider[] | undefined, selfId: string | undefined): Column<User>[] {
  const sortBy = userSortValues(providers);
  const sortable = (id: UserTableSort) => ({ id, sortable: true, sortValue: sortBy[id] });
  return [
    {
      ...sortable('name'),
      header: 'Name',
      rowHeader: true,
      cell: (u) =>
        u.id === selfId ? (
          <>
            {userName(u)}
            <Box component="span" sx={visuallyHidden}>
              {' '}
              (you)
            </Box>
            <span aria-hidden className="after">
              <CellTag label="You" />
            </span>
          </>
        ) : (
          userName(u)
        ),
    },
    { ...sortable('principal'), header: 'Principal', mono: true, hideBelow: 'lg', cell: (u) => u.principal_name },
    {
      ...sortable('email'),
      header: 'Email',
      hideBelow: 'xl',
      cell: (u) => {
        const email = emailOf(u);
        return email ? (
          // One line cut with an ellipsis in the table; wrapped on a phone's card.
          <span className="clip" title={email}>
            {email}
          </span>
        ) : (
          <Muted>None</Muted>
        );
      },
    },
    {
      ...sortable('roles'),
      header: 'Roles',
      cell: (u) =>
        u.roles.length === 0 ? (
          <Muted>No role</Muted>
        ) : (
          <span className="tags">
            {u.roles.map((r) => (
              <CellTag key={r.id} label={<KnownLabel label={roleNameLabel(r.name)} />} variant="outlined" />
            ))}
          </span>
        ),
    },
    {
      ...sortable('sso'),
      header: 'SSO',
      hideBelow: 'lg',
      nowrap: true,
      cell: (u) => providerName(providers, ssoProviderIdOf(u)) ?? <Muted>None</Muted>,
    },
    {
      ...sortable('status'),
      header: 'Status',
      filterValue: statusValue,
      cell: (u) => (
        <CellTag
          label={u.is_disabled ? 'Disabled' : 'Enabled'}
          tone={u.is_disabled ? 'default' : 'success'}
          variant={u.is_disabled ? 'outlined' : 'filled'}
        />
      ),
    },
    {
      ...sortable('mfa'),
      header: 'MFA',
      hideBelow: 'md',
      cell: (u) => {
        const mfa = mfaStateOf(u);
        // Not applicable says why in the cell itself (a tooltip per row was a tenth of the page's first render).
        if (mfa === 'not-applicable') {
          return u.sso_provider_id.valid ? (
            <Muted title="Not applicable: signs in through an SSO provider">Via SSO</Muted>
          ) : (
            <Muted title="Not applicable: has no password to sign in with">No password</Muted>
          );
        }
        return <CellTag label={MFA_LABELS[mfa]} tone={mfa === 'active' ? 'primary' : 'default'} variant="outlined" />;
      },
    },
    {
      ...sortable('last_login'),
      header: 'Last login',
      hideBelow: 'md',
      nowrap: true,
      // When something last happened reads as how long ago, the exact time on hover and focus (as Last check-in).
      cell: (u) => <RelativeTime value={u.last_login} fallback="Never" focusable />,
    },
  ];
}

function RowActions({
  user,
  self,
  onAction,
}: {
  user: User;
  self: ActingUser | undefined;
  onAction: Parameters<typeof UserActionsMenu>[0]['onAction'];
}) {
  // The row itself opens the user's page: the menu is there only when it offers more.
  const actions = userActions(user, self, { includeView: false });
  if (actions.length === 0) return null;
  // A click in the open menu (or its backdrop, rendered outside the row) is not a click on the row: DataTable ignores it.
  return <UserActionsMenu user={user} actions={actions} onAction={onAction} />;
}

export default function UsersPage() {
  const users = useUsers();
  const self = useSelf();
  const roles = useRoles();
  const providers = useSsoProviders();
  const table = useTableState(USERS_TABLE);
  const [creating, setCreating] = useState(false);
  const { notify } = useNotice();
  const manage = useAccess('POST', '/api/v2/app-users');
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
    <>
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
      <FilterBar table={table}>
        <TableSearch table={table} label="Filter users" placeholder="Name, principal, email, role or SSO provider" width={300} />
        <ChoiceFilter table={table} column="status" label="Status" options={STATUS_OPTIONS} width={150} />
        <ChoiceFilter table={table} column="role" label="Role" options={roleOptions} anyLabel="All roles" width={190} />
      </FilterBar>

      <DataTable
        mode="client"
        label="Users"
        noun="users"
        pagerLabel="User pages"
        columns={columns}
        table={table}
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
    </>
  );
}
