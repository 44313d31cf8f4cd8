import PublicIcon from '@mui/icons-material/PublicOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useMemo, useState } from 'react';
import { isHttpStatus } from '@/api/errors';
import { mayUnshare } from '@/api/saved-queries/saved-query-sharing';
import type { Self } from '@/api/schemas/auth';
import type { AccessState } from '@/lib/access';
import type { SavedQueryListEntry } from '@/api/schemas/saved-queries';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useFocusFallback } from '@/components/focus-fallback';
import { DialogCloseButton, GuardedDialog } from '@/components/GuardedDialog';
import { RestrictedNote } from '@/components/RestrictedNote';
import { ErrorState, LoadingState } from '@/components/states';
import {
  Breakable,
  DataTable,
  TableSearch,
  useClientRows,
  useTableState,
  type Column,
  type RowMatchers,
  type TableSpec,
  TableProvider,
} from '@/components/table';
import { useSavedQueryPermissions } from '@/api/saved-queries/get-saved-query-permissions';
import { useMayListPeople, usePeople, useUsers } from '@/api/users';
import { useRevokeSavedQueryPermissions } from '@/api/saved-queries/revoke-saved-query-permissions';
import { ShareControls } from '@/features/configuration/components/ShareControls';
import { userLabel } from '@/features/configuration/user-names';
import { inWords, plural } from '@/shared/words';

/** The URL parameters of the dialog's table start with `sharing.` (the page's own table owns the plain names). */
export const SHARING_PREFIX = 'sharing';

const SPEC: TableSpec = {
  prefix: SHARING_PREFIX,
  sortable: ['name', 'account'],
  defaultSort: [{ column: 'name', descending: false }],
  filters: { q: { predicates: ['~eq'] } },
};

interface SharedUser {
  id: string;
  name: string;
  /** Principal name and e-mail, or the id of a user the list does not know. */
  detail: string | null;
}

const MATCHERS: RowMatchers<SharedUser> = {
  q: (u, f) => `${u.name} ${u.detail ?? ''}`.toLowerCase().includes(f.value.toLowerCase()),
};

/**
 * Whom one saved query is shared with, in a dialog tied to the query it was
 * opened for (it cannot outlive its row: a search or another page cannot
 * change what it shows). The owner (with the saved_queries.Write permission)
 * selects users and revokes their access after confirming.
 */
export function SharingDialog({
  queryId,
  query,
  self,
  write,
  onClose,
}: {
  queryId: number;
  /** The query's row; undefined when the dialog was opened from a link and the row is not on the list's page. */
  query: SavedQueryListEntry | undefined;
  self: Self | undefined;
  /** Whether the person may revoke sharing at all (saved_queries.Write). */
  write: AccessState;
  onClose: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  useFocusFallback(true);
  const permissions = useSavedQueryPermissions(queryId);
  // Names come from the full list for those who may read it (it knows disabled accounts too), else
  // from the minimal one; the picker offers the minimal list: everyone who may sign in.
  const fullUsers = useUsers();
  const people = usePeople();
  const mayListPeople = useMayListPeople();
  const known = fullUsers.data ?? people.data;
  const revoke = useRevokeSavedQueryPermissions();
  const table = useTableState(SPEC);
  const [selected, setSelected] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const title = query ? query.name : `Saved query #${queryId}`;
  // Unknown when the row is not on the list's current page: the server then decides.
  const owned: boolean | null = query ? query.user_id === self?.id : null;
  const owner = query ? userLabel(known, query.user_id) : null;

  const shared = useMemo(() => permissions.data?.shared_to_user_ids ?? [], [permissions.data]);
  const rows = useMemo(
    (): SharedUser[] | undefined => (permissions.data ? shared.map((id) => ({ id, ...userLabel(known, id) })) : undefined),
    [permissions.data, shared, known],
  );
  // Drop selections of users no longer listed (after a revoke or a refresh).
  const chosen = selected.filter((id) => shared.includes(id));
  // Owners and administrators revoke anyone's access (mayUnshare); the server decides when the row is not loaded.
  const mayRevoke = write.allowed && (owned !== false || (!!query && mayUnshare(self, query.user_id, shared)));
  const names = chosen.map((id) => userLabel(known, id).name);

  const columns = useMemo((): Column<SharedUser>[] => {
    const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
    const select: Column<SharedUser> = {
      id: 'select',
      header: 'Select',
      width: 56,
      cell: (u) => (
        <Checkbox
          size="small"
          checked={chosen.includes(u.id)}
          onChange={() => toggle(u.id)}
          slotProps={{ input: { 'aria-label': `Select ${u.name}` } }}
          sx={{ my: -0.5 }}
        />
      ),
    };
    return [
      ...(mayRevoke ? [select] : []),
      { id: 'name', header: 'Name', sortable: true, rowHeader: true, sortValue: (u) => u.name, cell: (u) => u.name },
      {
        id: 'account',
        header: 'Account',
        sortable: true,
        nowrap: true,
        sortValue: (u) => u.detail,
        cell: (u) => <AccountText detail={u.detail} />,
      },
    ];
    // `chosen` is rebuilt on every render; what matters is which ids it holds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mayRevoke, chosen.join(',')]);

  const matched = useClientRows(rows, columns, table.state, MATCHERS) ?? [];
  const allMatchedChosen = matched.length > 0 && matched.every((u) => chosen.includes(u.id));
  const someMatchedChosen = matched.some((u) => chosen.includes(u.id));

  const confirm = () => {
    revoke.mutate(
      { queryId, userIds: chosen },
      {
        onSuccess: () => {
          setConfirming(false);
          setSelected([]);
          setDone(`Access revoked for ${listOf(names)}.`);
        },
      },
    );
  };

  const toolbar = (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      useFlexGap
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', flexWrap: 'wrap' }}
    >
      <TableSearch label="Search users" width={260} />
      {mayRevoke && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <FormControlLabel
            label={table.hasFilters ? `Select all ${matched.length} matching` : 'Select all'}
            control={
              <Checkbox
                checked={allMatchedChosen}
                indeterminate={someMatchedChosen && !allMatchedChosen}
                disabled={matched.length === 0}
                onChange={(e) => {
                  const ids = matched.map((u) => u.id);
                  setSelected((s) => (e.target.checked ? [...new Set([...s, ...ids])] : s.filter((id) => !ids.includes(id))));
                }}
              />
            }
          />
          <Button variant="contained" color="error" disabled={chosen.length === 0} onClick={() => setConfirming(true)}>
            {chosen.length > 0 ? `Revoke access (${chosen.length})` : 'Revoke access'}
          </Button>
        </Stack>
      )}
    </Stack>
  );

  return (
    <GuardedDialog
      unsaved={chosen.length > 0}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
      scroll="paper"
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        Sharing: {title}
      </DialogTitle>
      <DialogContent dividers>
        {owner && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Owner: {owned ? 'you' : owner.name}
          </Typography>
        )}
        {done && (
          <Alert severity="success" onClose={() => setDone(null)} closeText="Dismiss" sx={{ mb: 1.5 }}>
            {done}
          </Alert>
        )}
        {permissions.isPending ? (
          <LoadingState label="Loading whom this query is shared with…" />
        ) : permissions.isError ? (
          isHttpStatus(permissions.error, 403) ? (
            <Alert severity="info">Only the owner of this query (or an administrator) can see whom it is shared with.</Alert>
          ) : (
            <ErrorState error={permissions.error} title="Could not load the sharing" onRetry={() => void permissions.refetch()} />
          )
        ) : (
          <>
            {owned && write.allowed && query ? (
              <ShareControls
                queryId={queryId}
                title={title}
                ownerId={query.user_id}
                isPublic={permissions.data.public}
                shared={shared}
                users={people.data}
                mayListUsers={mayListPeople}
                onDone={setDone}
                describe={listOf}
              />
            ) : (
              permissions.data.public && (
                <Chip
                  icon={<PublicIcon />}
                  label="Public: every user can see and run this query"
                  sx={{ mb: 1.5, maxWidth: '100%' }}
                />
              )
            )}
            {write.allowed && !mayRevoke ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                Only the owner of this query or an administrator can revoke access to it.
              </Typography>
            ) : (
              <RestrictedNote
                missing={write.missing}
                canDo="You can see whom this query is shared with"
                cannot="revoke access to it"
              />
            )}
            {shared.length === 0 ? (
              <Typography color="text.secondary">This query is not shared with anyone.</Typography>
            ) : (
              <>
                <Typography variant="body2" sx={{ mb: 1 }}>
                  Shared with {plural(shared.length, 'user')}
                </Typography>
                {!known && (fullUsers.isError || people.isError) && (
                  <Alert severity="warning" sx={{ mb: 1 }}>
                    User names could not be loaded, so users are shown by id.
                  </Alert>
                )}
                <TableProvider table={table}>
                  <DataTable
                    label="Users this query is shared with"
                    pagerLabel="Shared users pages"
                    noun="users"
                    mode="client"
                    rows={rows}
                    matchers={MATCHERS}
                    columns={columns}
                    query={permissions}
                    rowKey={(u) => u.id}
                    toolbar={toolbar}
                    empty={{ title: 'This query is not shared with anyone' }}
                  />
                </TableProvider>
              </>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <DialogCloseButton>Close</DialogCloseButton>
      </DialogActions>
      <ConfirmDialog
        open={confirming}
        title="Revoke access?"
        confirmLabel="Revoke access"
        pending={revoke.isPending}
        error={revoke.error}
        onConfirm={confirm}
        onClose={() => {
          setConfirming(false);
          revoke.reset();
        }}
      >
        {listOf(names)} will no longer be able to see or run “{title}”. The query itself is kept; to give access back, it has to
        be shared again.
      </ConfirmDialog>
    </GuardedDialog>
  );
}

/** "principal · e-mail": one line in the table; on a phone's card it wraps after the "·" or the "@", never mid-word. */
function AccountText({ detail }: { detail: string | null }) {
  return detail ? <Breakable text={detail} /> : <>—</>;
}

/** "A", "A and B", "A, B and 3 others". */
export function listOf(names: string[]): string {
  if (names.length === 0) return 'nobody';
  if (names.length === 1) return names[0]!;
  if (names.length <= 3) return inWords(names);
  return `${names.slice(0, 2).join(', ')} and ${names.length - 2} others`;
}
