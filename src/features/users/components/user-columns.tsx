import Box from '@mui/material/Box';
import { roleNameLabel } from '@/shared/permissions';
import { KnownLabel } from '@/components/KnownLabel';
import type { SsoProvider } from '@/api/schemas/sso';
import type { User } from '@/api/schemas/users';
import { CellTag, type Column } from '@/components/table';
import { RelativeTime } from '@/components/time';
import { visuallyHidden } from '@/components/visually-hidden';
import { UserActionsMenu } from './user-actions';
import {
  emailOf,
  MFA_LABELS,
  mfaStateOf,
  providerName,
  ssoProviderIdOf,
  userActions,
  userName,
  type ActingUser,
} from './user-display';
import { statusValue, userSortValues, type UserTableSort } from './users-table';

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
export function userColumns(providers: readonly SsoProvider[] | undefined, selfId: string | undefined): Column<User>[] {
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
      header: 'Role',
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

export function RowActions({
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
