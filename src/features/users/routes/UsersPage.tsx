import AddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Chip,
  InputAdornment,
  Link,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { can, Permission } from '../../../api/permissions';
import type { User } from '../../../api/schemas/users';
import { PageHeader } from '../../../components/PageHeader';
import { useTypedText } from '../../../components/use-typed-text';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useSelf } from '../../auth/api/get-self';
import { useRoles } from '../api/list-roles';
import { useSsoProviders } from '../../sso/api/list-sso-providers';
import { useUsers } from '../api/list-users';
import { useNotice } from '../components/notice';
import { visuallyHidden } from '../components/PasswordRules';
import { UserActionsMenu, useUserActionDialogs } from '../components/user-actions';
import {
  emailOf,
  formatDate,
  formatTime,
  MFA_LABELS,
  mfaStateOf,
  providerName,
  ssoProviderIdOf,
  userActions,
  userName,
  type UserActionId,
} from '../components/user-display';
import { UserFormDialog } from '../components/UserFormDialog';
import {
  filterUsers,
  PAGE_SIZES,
  readTableState,
  sortUsers,
  writeTableState,
  type UsersTableState,
  type UserTableSort,
} from '../components/users-table';

/** Columns and the sorts their headers offer (the first column holds the name and, under it, the principal). */
const COLUMNS: { id: string; sorts: { id: UserTableSort; label: string }[] }[] = [
  {
    id: 'name',
    sorts: [
      { id: 'name', label: 'Name' },
      { id: 'principal', label: 'Principal' },
    ],
  },
  { id: 'email', sorts: [{ id: 'email', label: 'Email' }] },
  { id: 'roles', sorts: [{ id: 'roles', label: 'Roles' }] },
  { id: 'sso', sorts: [{ id: 'sso', label: 'SSO' }] },
  { id: 'status', sorts: [{ id: 'status', label: 'Status' }] },
  { id: 'mfa', sorts: [{ id: 'mfa', label: 'MFA' }] },
  { id: 'last_login', sorts: [{ id: 'last_login', label: 'Last login' }] },
];

export default function UsersPage() {
  const users = useUsers();
  const self = useSelf();
  const roles = useRoles();
  const providers = useSsoProviders();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const state = readTableState(params);
  const [creating, setCreating] = useState(false);
  const { notify, element: notice } = useNotice();
  const canManage = can(self.data, Permission.AuthManageUsers);
  const knownEnvironments = useMemo(
    () =>
      [
        ...new Set((users.data ?? []).flatMap((u) => (u.environment_targeted_access_control ?? []).map((e) => e.environment_id))),
      ].sort(),
    [users.data],
  );
  const dialogs = useUserActionDialogs({ self: self.data, notify, knownEnvironments });

  useEffect(() => {
    document.title = 'Users · Admin Console';
  }, []);

  // A notice handed over by another page (e.g. after deleting a user from its detail page).
  const handedNotice = (location.state as { notice?: string } | null)?.notice;
  useEffect(() => {
    if (handedNotice) {
      notify(handedNotice);
      navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, [handedNotice, notify, navigate, location.pathname, location.search]);

  // Changes build on the last URL written, not the last one rendered: two changes in a row before
  // the router re-renders (navigation is asynchronous) must not undo each other.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const update = (changes: Partial<UsersTableState>, resetPage = true) => {
    const next = writeTableState({ ...readTableState(latest.current), ...(resetPage ? { page: 1 } : {}), ...changes });
    latest.current = next;
    setParams(next, { replace: true });
  };

  const filtered = useMemo(
    () => sortUsers(filterUsers(users.data ?? [], state, providers.data), state.sort, state.dir, providers.data),
    [users.data, state.q, state.status, state.role, state.sort, state.dir, providers.data], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const pageCount = Math.max(1, Math.ceil(filtered.length / state.size));
  const page = Math.min(state.page, pageCount);
  const rows = filtered.slice((page - 1) * state.size, page * state.size);
  const filtering = state.q !== '' || state.status !== 'all' || state.role !== null;

  const total = users.data?.length ?? 0;
  return (
    <>
      <PageHeader
        title="Users"
        description={
          users.data
            ? filtering
              ? `${filtered.length} of ${total} users match`
              : `${total} ${total === 1 ? 'user' : 'users'}`
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
      {self.data && !canManage && (
        <Alert severity="info" sx={{ mb: 2 }}>
          You can look at users, but your role cannot change them: that needs the {Permission.AuthManageUsers} permission (the
          Administrator role). You can still change your own password and MFA from your row.
        </Alert>
      )}

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <FilterField value={state.q} onChange={(q) => update({ q })} />
        <TextField
          select
          label="Status"
          size="small"
          value={state.status}
          onChange={(e) => update({ status: e.target.value as UsersTableState['status'] })}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="all">All</MenuItem>
          <MenuItem value="enabled">Enabled</MenuItem>
          <MenuItem value="disabled">Disabled</MenuItem>
        </TextField>
        <TextField
          select
          label="Role"
          size="small"
          value={state.role === null ? '' : String(state.role)}
          onChange={(e) => update({ role: e.target.value === '' ? null : Number(e.target.value) })}
          sx={{ minWidth: 180 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All roles</MenuItem>
          {(roles.data ?? []).map((r) => (
            <MenuItem key={r.id} value={String(r.id)}>
              {r.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>

      {users.isPending ? (
        <LoadingState label="Loading users…" />
      ) : users.isError ? (
        <ErrorState error={users.error} title="Could not load the users" onRetry={() => void users.refetch()} />
      ) : total === 0 ? (
        <EmptyState
          title="No users yet"
          action={
            canManage ? (
              <Button variant="contained" onClick={() => setCreating(true)}>
                Create user
              </Button>
            ) : undefined
          }
        >
          Users who can sign in appear here.
        </EmptyState>
      ) : filtered.length === 0 ? (
        <EmptyState
          title="No users match"
          action={<Button onClick={() => update({ q: '', status: 'all', role: null })}>Clear filters</Button>}
        >
          {state.q ? `Nothing matches "${state.q}"` : 'No user matches these filters'}. Try other words or clear the filters.
        </EmptyState>
      ) : (
        <Paper variant="outlined">
          {/* position: relative keeps the visually hidden labels inside the scrolling area. */}
          <TableContainer sx={{ position: 'relative' }}>
            <Table
              size="small"
              aria-label="Users"
              sx={{
                '& td, & th': { whiteSpace: 'nowrap', px: 0.75 },
                '& td:first-of-type, & th:first-of-type': { pl: 2 },
                '& td.roles': { whiteSpace: 'normal' },
              }}
            >
              <TableHead>
                <TableRow>
                  {COLUMNS.map((c) => {
                    const active = c.sorts.find((x) => x.id === state.sort);
                    return (
                      <TableCell key={c.id} sortDirection={active ? state.dir : false}>
                        {c.sorts.map((x, i) => (
                          <Box component="span" key={x.id}>
                            {i > 0 && (
                              <Box component="span" aria-hidden sx={{ color: 'text.disabled', mx: 0.5 }}>
                                /
                              </Box>
                            )}
                            <TableSortLabel
                              active={state.sort === x.id}
                              direction={state.sort === x.id ? state.dir : 'asc'}
                              onClick={() =>
                                update({ sort: x.id, dir: state.sort === x.id && state.dir === 'asc' ? 'desc' : 'asc' }, false)
                              }
                            >
                              {x.label}
                              {state.sort === x.id && (
                                <Box component="span" sx={visuallyHidden}>
                                  {state.dir === 'desc' ? ', sorted descending' : ', sorted ascending'}
                                </Box>
                              )}
                            </TableSortLabel>
                          </Box>
                        ))}
                      </TableCell>
                    );
                  })}
                  <TableCell align="right">
                    <Box component="span" sx={visuallyHidden}>
                      Actions
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((u) => (
                  <UserRow
                    key={u.id}
                    user={u}
                    isSelf={u.id === self.data?.id}
                    provider={providerName(providers.data, ssoProviderIdOf(u))}
                    actions={userActions(u, self.data)}
                    onAction={dialogs.start}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={filtered.length}
            page={page - 1}
            rowsPerPage={state.size}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onPageChange={(_, p) => update({ page: p + 1 }, false)}
            onRowsPerPageChange={(e) => update({ size: Number(e.target.value) })}
            labelRowsPerPage="Users per page"
          />
        </Paper>
      )}

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
      {notice}
    </>
  );
}

function UserRow({
  user,
  isSelf,
  provider,
  actions,
  onAction,
}: {
  user: User;
  isSelf: boolean;
  provider: string | null;
  actions: ReturnType<typeof userActions>;
  onAction: (id: UserActionId, user: User) => void;
}) {
  const name = userName(user);
  const email = emailOf(user);
  const mfa = mfaStateOf(user);
  return (
    <TableRow hover>
      <TableCell>
        <Link component={RouterLink} to={`/users/${user.id}`} underline="hover" sx={{ fontWeight: 500 }}>
          {name}
        </Link>
        {isSelf && <Chip label="You" size="small" sx={{ ml: 1, height: 20 }} />}
        <Typography variant="body2" color="text.secondary" sx={{ fontSize: '0.8rem' }}>
          {user.principal_name}
        </Typography>
      </TableCell>
      <TableCell title={email ?? undefined} sx={{ maxWidth: 210, overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {email ?? (
          <Typography component="span" color="text.secondary">
            None
          </Typography>
        )}
      </TableCell>
      <TableCell className="roles">
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {user.roles.length === 0 ? (
            <Typography component="span" color="text.secondary">
              No role
            </Typography>
          ) : (
            user.roles.map((r) => <Chip key={r.id} label={r.name} size="small" variant="outlined" />)
          )}
        </Stack>
      </TableCell>
      <TableCell title={provider ?? undefined} sx={{ maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {provider ?? (
          <Typography component="span" color="text.secondary">
            None
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <Chip
          label={user.is_disabled ? 'Disabled' : 'Enabled'}
          size="small"
          color={user.is_disabled ? 'default' : 'success'}
          variant={user.is_disabled ? 'outlined' : 'filled'}
        />
      </TableCell>
      <TableCell>
        {mfa === 'not-applicable' ? (
          <Tooltip title={provider ? 'Not applicable: signs in through an SSO provider' : 'Not applicable: has no password'}>
            <Typography component="span" color="text.secondary" aria-label={MFA_LABELS[mfa]} tabIndex={0}>
              —
            </Typography>
          </Tooltip>
        ) : (
          <Chip label={MFA_LABELS[mfa]} size="small" color={mfa === 'active' ? 'primary' : 'default'} variant="outlined" />
        )}
      </TableCell>
      <TableCell title={formatTime(user.last_login)}>{formatDate(user.last_login)}</TableCell>
      <TableCell align="right">
        <UserActionsMenu user={user} actions={actions} onAction={onAction} />
      </TableCell>
    </TableRow>
  );
}

/**
 * The quick filter. It keeps what is typed itself and writes it to the URL, so
 * typing never waits for the router; a change of the URL from elsewhere (Clear
 * filters, back/forward) replaces it.
 */
function FilterField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { text, setText, wrote } = useTypedText(value);
  return (
    <TextField
      label="Filter users"
      type="search"
      size="small"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        wrote(e.target.value);
        onChange(e.target.value);
      }}
      placeholder="Name, principal, email, role or SSO provider"
      sx={{ flex: 1, maxWidth: { md: 480 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
