import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { AssetGroup, Selector } from '@/api/schemas/asset-groups';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useNotice } from '@/components/notice';
import { CellTag, DataTable, SETTLED_QUERY, useTableState, type Column, type TableSpec, TableProvider } from '@/components/table';
import { useDeleteAssetGroupSelector } from '@/features/asset-groups/api/asset-group-selectors';
import { MiddleCut } from '@/components/MiddleCut';

const COLUMNS: Column<Selector>[] = [
  { id: 'name', header: 'Name', rowHeader: true, cell: (s) => s.name },
  { id: 'selector', header: 'Selector', mono: true, cell: (s) => <MiddleCut text={s.selector} /> },
  {
    id: 'system_selector',
    header: 'System selector',
    nowrap: true,
    cell: (s) => (s.system_selector ? <CellTag label="System" /> : 'No'),
  },
];

/** The second table of a group's page, in the service's order and never paged (a group has a handful of selectors). */
const SPEC: TableSpec = { sortable: [], prefix: 'selectors' };

/**
 * A group's selectors (reference `model.asset-group-selector`): name, selector, whether the system defined it.
 * With `canRemove`, each custom selector has "Remove", which asks first (system selectors cannot be removed).
 */
export function SelectorsTable({ group, canRemove = false }: { group: AssetGroup; canRemove?: boolean }) {
  const table = useTableState(SPEC);
  const [removing, setRemoving] = useState<Selector | null>(null);
  const remove = useDeleteAssetGroupSelector();
  const { notify } = useNotice();
  const columns: Column<Selector>[] = canRemove
    ? [
        ...COLUMNS,
        {
          id: 'actions',
          header: 'Actions',
          nowrap: true,
          align: 'right',
          cell: (s) =>
            s.system_selector ? (
              <Typography variant="body2" color="text.secondary">
                Defined by the service
              </Typography>
            ) : (
              <Button
                size="small"
                color="error"
                aria-label={`Remove selector ${s.name}`}
                onClick={() => {
                  remove.reset();
                  setRemoving(s);
                }}
              >
                Remove
              </Button>
            ),
        },
      ]
    : COLUMNS;
  return (
    <Box component="section" aria-labelledby="selectors-heading" sx={{ mb: 3 }}>
      <TableProvider table={table}>
        <DataTable
          label="Selectors"
          noun="selectors"
          mode="client"
          columns={columns}
          // Part of the group's answer: never loading, never failing on their own.
          query={SETTLED_QUERY}
          rows={group.selectors}
          pager={false}
          rowKey={(s) => s.id}
          toolbar={
            <Typography variant="h2" id="selectors-heading">
              Selectors
            </Typography>
          }
          empty={{ title: 'No selectors', text: 'This group has no selectors, so it selects no objects.' }}
        />
      </TableProvider>
      <ConfirmDialog
        open={removing !== null}
        title="Remove selector?"
        confirmLabel="Remove selector"
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          const name = removing.name;
          remove.mutate(
            { groupId: group.id, selectorId: removing.id },
            {
              onSuccess: () => {
                setRemoving(null);
                notify(`Removed the selector "${name}" from ${group.name}.`);
              },
            },
          );
        }}
      >
        {removing && (
          <>
            &ldquo;{removing.name}&rdquo; ({removing.selector}) will no longer select members of {group.name}: it leaves the
            group, and so do the members of it that no other selector brings in.
          </>
        )}
      </ConfirmDialog>
    </Box>
  );
}
