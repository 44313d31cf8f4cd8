import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import ShareIcon from '@mui/icons-material/PeopleOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useAccess } from '@/lib/access';
import { SAVED_QUERY_SCOPES, type SavedQueryListEntry, type SavedQueryScope } from '@/api/schemas/saved-queries';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import { RestrictedNote } from '@/components/RestrictedNote';
import { ChoiceFilter, DataTable, FilterBar, TableSearch, useTableState, type Column, type TableSpec } from '@/components/table';
import { useSearchState } from '@/components/table/use-search-state';
import { DateTime } from '@/components/Time';
import { useSelf } from '@/api/self';
import { plural } from '@/shared/words';
import { useSavedQueryPermissions } from '@/features/configuration/api/get-saved-query-permissions';
import { useSavedQueries } from '@/features/configuration/api/list-saved-queries';
import { useUsers } from '@/api/users';
import { DeleteSavedQueryDialog, SavedQueryFormDialog } from '@/features/configuration/components/SavedQueryDialogs';
import { SavedQueryDetails } from '@/features/configuration/components/SavedQueryDetails';
import { SHARING_PREFIX, SharingDialog } from '@/features/configuration/components/SharingPanel';
import { userLabel } from '@/features/configuration/user-names';

const SCOPE_LABELS: Record<SavedQueryScope, string> = {
  all: 'All I can see',
  owned: 'Mine',
  shared: 'Shared with me',
  public: 'Public',
};
const SCOPE_OPTIONS = SAVED_QUERY_SCOPES.filter((s) => s !== 'all').map((s) => ({ value: s, label: SCOPE_LABELS[s] }));
const ROW_SCOPE: Record<string, string> = { owned: 'Yours', shared: 'Shared with you', public: 'Public' };

/**
 * The list's URL state: `q` (part of the name), `scope` (all when absent), sorts and paging. Old links
 * (`?q=adm&scope=public&sort=-name&size=50`) open the same view.
 */
const SPEC: TableSpec = {
  sortable: ['name', 'updated_at', 'created_at'],
  filters: {
    q: { predicates: ['~eq'] },
    scope: { predicates: ['eq'], values: SCOPE_OPTIONS.map((o) => o.value) },
  },
  legacy: true,
};
/** The query whose sharing dialog is open (a link can open it). */
const OPEN_PARAM = 'query';

/**
 * Where a query stands for the person. Someone else's: shared with them, or public (the list's `scope`).
 * Their own (the list says only "owned"): public, shared with how many, or private, read from the query's
 * sharing, which the share, public/private and revoke changes refresh; plain "Yours" until it is read.
 */
function ScopeText({ query, own }: { query: SavedQueryListEntry; own: boolean }) {
  const sharing = useSavedQueryPermissions(own ? query.id : null).data;
  if (!own) return <>{query.scope ? (ROW_SCOPE[query.scope] ?? query.scope) : '—'}</>;
  if (!sharing) return <>Yours</>;
  const shared = sharing.shared_to_user_ids.length;
  if (sharing.public) return <>Yours, public</>;
  return <>{shared > 0 ? `Yours, shared with ${plural(shared, 'person', 'people')}` : 'Yours, private'}</>;
}

/** Saved queries (paged by the server, by scope, searchable) and, in a dialog, whom one is shared with. */
export default function SavedQueriesPage() {
  const table = useTableState(SPEC);
  const { state } = table;
  const scope = (state.filters.scope?.value ?? 'all') as SavedQueryScope;
  const list = useSavedQueries({
    skip: (state.page - 1) * state.pageSize,
    limit: state.pageSize,
    scope,
    sortBy: state.sorts.map((s) => `${s.descending ? '-' : ''}${s.column}`),
    name: state.filters.q?.value,
  });
  const users = useUsers();
  const self = useSelf();
  const write = useAccess('DELETE', '/api/v2/saved-queries/{saved_query_id}/permissions');
  const { notify } = useNotice();
  // The query being created ('new') or edited, and the one being deleted.
  const [editing, setEditing] = useState<SavedQueryListEntry | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SavedQueryListEntry | null>(null);

  // The open dialog: its query id is in the URL (a reload or a link opens it again); the row it was opened from is kept
  // for its name and owner while the list refreshes.
  const [params, update] = useSearchState();
  const openRaw = Number(params.get(OPEN_PARAM));
  const openId = Number.isInteger(openRaw) && openRaw > 0 ? openRaw : null;
  const [opened, setOpened] = useState<SavedQueryListEntry | null>(null);
  const openRow = list.data?.data.find((q) => q.id === openId) ?? (opened?.id === openId ? opened : undefined);
  const open = (q: SavedQueryListEntry) => {
    setOpened(q);
    update(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(OPEN_PARAM, String(q.id));
        return next;
      },
      { replace: true },
    );
  };
  const close = () =>
    update(
      (prev) => {
        const next = new URLSearchParams();
        for (const [k, v] of prev) if (k !== OPEN_PARAM && !k.startsWith(`${SHARING_PREFIX}.`)) next.append(k, v);
        return next;
      },
      { replace: true },
    );

  const selfId = self.data?.id;
  const columns = useMemo(
    (): Column<SavedQueryListEntry>[] => [
      {
        id: 'name',
        header: 'Name',
        sortable: true,
        rowHeader: true,
        cell: (q) => (
          <>
            <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: 500, overflowWrap: 'anywhere' }}>
              {q.name}
            </Typography>
            <Typography
              variant="caption"
              component="span"
              color="text.secondary"
              title={q.query}
              // One line cut with an ellipsis in the table; two wrapped lines on a phone's card.
              sx={{
                fontFamily: 'monospace',
                overflow: 'hidden',
                display: { xs: '-webkit-box', sm: 'block' },
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflowWrap: { xs: 'anywhere', sm: 'normal' },
                maxWidth: { sm: 220, lg: 240, xl: 460 },
                textOverflow: 'ellipsis',
                whiteSpace: { xs: 'normal', sm: 'nowrap' },
              }}
            >
              {q.query}
            </Typography>
          </>
        ),
      },
      {
        id: 'owner',
        header: 'Owner',
        cell: (q) => (q.user_id === selfId ? 'You' : userLabel(users.data, q.user_id).name),
      },
      {
        id: 'scope',
        header: 'Scope',
        hideBelow: 'md',
        nowrap: true,
        cell: (q) => <ScopeText query={q} own={q.user_id === selfId} />,
      },
      { id: 'updated_at', header: 'Updated', sortable: true, nowrap: true, cell: (q) => <DateTime value={q.updated_at} /> },
      {
        id: 'created_at',
        header: 'Created',
        sortable: true,
        nowrap: true,
        hideBelow: 'xl',
        cell: (q) => <DateTime value={q.created_at} />,
      },
    ],
    [selfId, users.data],
  );

  return (
    <>
      <PageHeader
        title="Saved queries"
        description="Saved graph queries you can see: yours, those shared with you and public ones. Yours you edit, share or make public."
        actions={
          write.allowed && (
            <Button variant="contained" startIcon={<AddIcon />} aria-haspopup="dialog" onClick={() => setEditing('new')}>
              New query
            </Button>
          )
        }
      />
      <RestrictedNote
        missing={write.missing}
        canDo="You can see saved queries and whom they are shared with"
        cannot="save, edit, share or delete queries, or revoke access to them"
      />
      <FilterBar table={table}>
        <ChoiceFilter
          table={table}
          column="scope"
          label="Scope"
          options={SCOPE_OPTIONS}
          anyLabel={SCOPE_LABELS.all}
          width={200}
        />
        <TableSearch table={table} label="Search by name" width={280} />
      </FilterBar>
      <DataTable
        label="Saved queries"
        noun="saved queries"
        mode="server"
        columns={columns}
        table={table}
        query={list}
        page={list.data ? { rows: list.data.data, count: list.data.count } : undefined}
        rowKey={(q) => q.id}
        empty={{ title: 'No saved queries', text: 'Nobody has saved a query you can see yet.' }}
        filteredEmptyText="No saved query you can see has this name in this scope. Try another name or scope."
        details={{
          render: (q) => <SavedQueryDetails query={q} />,
          label: (q) => `Query text of ${q.name}`,
          header: 'Query text',
        }}
        actionsHeader="Actions"
        actions={(q) => {
          const mine = write.allowed && selfId !== undefined && q.user_id === selfId;
          return (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
              {mine && (
                <Tooltip title="Edit">
                  <IconButton size="small" aria-label={`Edit ${q.name}`} aria-haspopup="dialog" onClick={() => setEditing(q)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
              <Button
                size="small"
                variant="outlined"
                startIcon={<ShareIcon />}
                aria-label={`Sharing of ${q.name}`}
                aria-haspopup="dialog"
                onClick={() => open(q)}
              >
                Sharing
              </Button>
              {mine && (
                <Tooltip title="Delete">
                  <IconButton size="small" aria-label={`Delete ${q.name}`} aria-haspopup="dialog" onClick={() => setDeleting(q)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Stack>
          );
        }}
      />
      {editing !== null && (
        <SavedQueryFormDialog
          query={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            notify(
              editing === 'new' ? `Saved “${saved.name}”. Only you can see it until you share it.` : `Saved “${saved.name}”.`,
            );
          }}
        />
      )}
      {deleting && (
        <DeleteSavedQueryDialog
          query={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            notify(`Deleted “${deleting.name}”.`);
          }}
        />
      )}
      {openId !== null && (
        <SharingDialog key={openId} queryId={openId} query={openRow} self={self.data} write={write} onClose={close} />
      )}
    </>
  );
}
