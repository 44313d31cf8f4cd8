import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import RunIcon from '@mui/icons-material/PlayArrowOutlined';
import ShareIcon from '@mui/icons-material/PeopleOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { SAVED_QUERY_SCOPES, type SavedQueryListEntry, type SavedQueryScope } from '@/api/schemas/saved-queries';
import type { User } from '@/api/schemas/users';
import type { Column, TableSpec } from '@/components/table';
import { DateTime } from '@/components/time';
import { plural } from '@/shared/words';
import { useSavedQueryPermissions } from '@/api/saved-queries/get-saved-query-permissions';
import { userLabel } from '@/features/configuration/user-names';

export const SCOPE_LABELS: Record<SavedQueryScope, string> = {
  all: 'All I can see',
  owned: 'Mine',
  shared: 'Shared with me',
  public: 'Public',
};
export const SCOPE_OPTIONS = SAVED_QUERY_SCOPES.filter((s) => s !== 'all').map((s) => ({ value: s, label: SCOPE_LABELS[s] }));
const ROW_SCOPE: Record<string, string> = { owned: 'Yours', shared: 'Shared with you', public: 'Public' };

/**
 * The list's URL state: `q` (part of the name), `scope` (all when absent), sorts and paging. Old links
 * (`?q=adm&scope=public&sort=-name&size=50`) open the same view.
 */
export const SAVED_QUERIES_TABLE: TableSpec = {
  sortable: ['name', 'updated_at', 'created_at'],
  filters: {
    q: { predicates: ['~eq'] },
    scope: { predicates: ['eq'], values: SCOPE_OPTIONS.map((o) => o.value) },
  },
};

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

/** The list's columns: name (with the query text), owner, scope, updated, created. */
export function savedQueryColumns(selfId: string | undefined, users: readonly User[] | undefined): Column<SavedQueryListEntry>[] {
  return [
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
      cell: (q) => (q.user_id === selfId ? 'You' : userLabel(users, q.user_id).name),
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
  ];
}

/** The query page, opened with a saved query in its editor. */
export const runHref = (id: number) => `/cypher?saved=${id}`;

/**
 * A row's buttons: Run (when the person may run queries), Export and sharing for every query; edit and
 * delete for the person's own, when they may write.
 */
export function SavedQueryRowActions({
  query,
  mine,
  canRun,
  onEdit,
  onShare,
  onExport,
  onDelete,
}: {
  query: SavedQueryListEntry;
  mine: boolean;
  canRun: boolean;
  onEdit: () => void;
  onShare: () => void;
  onExport: () => void;
  onDelete: () => void;
}) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
      {canRun && (
        <Tooltip title="Run on the query page">
          <IconButton size="small" component={RouterLink} to={runHref(query.id)} aria-label={`Run ${query.name}`}>
            <RunIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {mine && (
        <Tooltip title="Edit">
          <IconButton size="small" aria-label={`Edit ${query.name}`} aria-haspopup="dialog" onClick={onEdit}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title="Sharing">
        <IconButton size="small" aria-label={`Sharing of ${query.name}`} aria-haspopup="dialog" onClick={onShare}>
          <ShareIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Export as a file">
        <IconButton size="small" aria-label={`Export ${query.name}`} onClick={onExport}>
          <DownloadIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {mine && (
        <Tooltip title="Delete">
          <IconButton size="small" aria-label={`Delete ${query.name}`} aria-haspopup="dialog" onClick={onDelete}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}
