import AddIcon from '@mui/icons-material/Add';
import ImportIcon from '@mui/icons-material/FileUploadOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { describeError } from '@/api/errors';
import { useAccess } from '@/lib/access';
import type { SavedQueryListEntry, SavedQueryScope } from '@/api/schemas/saved-queries';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import { RestrictedNote } from '@/components/RestrictedNote';
import { ChoiceFilter, DataTable, FilterBar, TableSearch, useTableState, TableProvider } from '@/components/table';
import { useSearchState } from '@/components/table/use-search-state';
import { useSelf } from '@/api/self';
import { useSavedQueries } from '@/api/saved-queries/list-saved-queries';
import { useUsers } from '@/api/users';
import {
  SAVED_QUERIES_TABLE,
  SavedQueryRowActions,
  savedQueryColumns,
  SCOPE_LABELS,
  SCOPE_OPTIONS,
} from '@/features/configuration/components/saved-query-columns';
import { SavedQueryFormDialog } from '@/components/SavedQueryFormDialog';
import { DeleteSavedQueryDialog } from '@/features/configuration/components/saved-query-dialogs';
import { SavedQueryDetails } from '@/features/configuration/components/SavedQueryDetails';
import { SHARING_PREFIX, SharingDialog } from '@/features/configuration/components/sharing-panel';
import { ExportSavedQueriesButton } from '@/features/configuration/components/ExportSavedQueriesButton';
import { ImportSavedQueriesDialog } from '@/features/configuration/components/ImportSavedQueriesDialog';
import { useExportSavedQuery } from '@/api/saved-queries/saved-query-files';
import { saveFile } from '@/lib/save-file';
import { graphOps } from '@/api/operations/graph';
import { savedQueryOps } from '@/api/operations/saved-queries';

/** The query whose sharing dialog is open (a link can open it). */
const OPEN_PARAM = 'query';

/** Saved queries (paged by the server, by scope, searchable) and, in a dialog, whom one is shared with. */
export default function SavedQueriesPage() {
  const table = useTableState(SAVED_QUERIES_TABLE);
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
  const write = useAccess(savedQueryOps.deleteSavedQueryPermissions);
  const run = useAccess(graphOps.runCypherQuery);
  const { notify } = useNotice();
  const exportOne = useExportSavedQuery({ save: saveFile });
  const [importing, setImporting] = useState(false);
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
  const columns = useMemo(() => savedQueryColumns(selfId, users.data), [selfId, users.data]);

  return (
    <TableProvider table={table}>
      <PageHeader
        title="Saved queries"
        description="Saved graph queries you can see: yours, those shared with you and public ones. Yours you edit, share or make public."
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <ExportSavedQueriesButton />
            {write.allowed && (
              <Button variant="outlined" startIcon={<ImportIcon />} aria-haspopup="dialog" onClick={() => setImporting(true)}>
                Import
              </Button>
            )}
            {write.allowed && (
              <Button variant="contained" startIcon={<AddIcon />} aria-haspopup="dialog" onClick={() => setEditing('new')}>
                New query
              </Button>
            )}
          </Stack>
        }
      />
      <RestrictedNote
        missing={write.missing}
        canDo="You can see saved queries and whom they are shared with"
        cannot="save, import, edit, share or delete queries, or revoke access to them"
      />
      <FilterBar>
        <ChoiceFilter column="scope" label="Scope" options={SCOPE_OPTIONS} anyLabel={SCOPE_LABELS.all} width={200} />
        <TableSearch label="Search by name" width={280} />
      </FilterBar>
      <DataTable
        label="Saved queries"
        noun="saved queries"
        mode="server"
        columns={columns}
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
        actions={(q) => (
          <SavedQueryRowActions
            query={q}
            mine={write.allowed && selfId !== undefined && q.user_id === selfId}
            canRun={run.allowed}
            onEdit={() => setEditing(q)}
            onShare={() => open(q)}
            onExport={() => {
              // One download at a time; the button stays enabled, so the keyboard's focus stays on it.
              if (exportOne.isPending) return;
              exportOne.mutate(q, {
                onSuccess: (fileName) => notify(`Downloaded ${fileName}.`),
                onError: (error) =>
                  notify({ message: `Could not export “${q.name}”: ${describeError(error)}`, severity: 'error' }),
              });
            }}
            onDelete={() => setDeleting(q)}
          />
        )}
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
      {importing && <ImportSavedQueriesDialog onClose={() => setImporting(false)} />}
      {openId !== null && (
        <SharingDialog key={openId} queryId={openId} query={openRow} self={self.data} write={write} onClose={close} />
      )}
    </TableProvider>
  );
}
