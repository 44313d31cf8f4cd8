import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useCustomNodes } from '@/api/custom-nodes';
import type { CustomNode } from '@/api/schemas/custom-nodes';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import { RestrictedNote } from '@/components/RestrictedNote';
import { DataTable, useTableState, type Column, type TableSpec, TableProvider } from '@/components/table';
import { NodeKindFormDialog, NodeKindPreview } from '@/features/configuration/components/node-kind-dialogs';
import { customNodeOps } from '@/api/operations/custom-nodes';
import { useAccess } from '@/lib/access';

const SPEC: TableSpec = { sortable: ['kind', 'icon', 'color'], defaultPageSize: 50 };

const columns: Column<CustomNode>[] = [
  { id: 'kind', header: 'Kind', sortable: true, rowHeader: true, sortValue: (k) => k.kindName, cell: (k) => k.kindName },
  {
    id: 'look',
    header: 'Look',
    cell: (k) => <NodeKindPreview iconName={k.config.icon?.name} color={k.config.icon?.color} />,
  },
  {
    id: 'icon',
    header: 'Icon',
    sortable: true,
    mono: true,
    hideBelow: 'md',
    sortValue: (k) => k.config.icon?.name ?? '',
    cell: (k) => k.config.icon?.name ?? '—',
  },
  {
    id: 'color',
    header: 'Colour',
    sortable: true,
    mono: true,
    hideBelow: 'md',
    sortValue: (k) => k.config.icon?.color ?? '',
    cell: (k) => k.config.icon?.color ?? '—',
  },
];

/** Custom node kinds: the icon and colour the graph draws each kind with; people with app.WriteAppConfig change them. */
export default function NodeKindsPage() {
  const kinds = useCustomNodes();
  const table = useTableState(SPEC);
  const write = useAccess(customNodeOps.createCustomNodes);
  const { notify } = useNotice();
  // The dialog open: a new kind, a kind to edit, or none.
  const [editing, setEditing] = useState<{ kind?: CustomNode } | null>(null);

  return (
    <TableProvider table={table}>
      <PageHeader
        title="Node kinds"
        description="The icon and colour the graph draws each custom node kind with. A kind is removed with the OpenGraph extension that defines it."
        actions={
          write.allowed && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({})}>
              Add node kind
            </Button>
          )
        }
      />
      <RestrictedNote missing={write.missing} canDo="You can see the node kinds" cannot="change them" />
      <DataTable
        label="Node kinds"
        noun="node kinds"
        mode="client"
        columns={columns}
        query={kinds}
        rows={kinds.data}
        rowKey={(k) => k.kindName}
        errorTitle="Could not load the node kinds"
        loadingLabel="Loading the node kinds…"
        empty={{ title: 'No custom node kinds', text: 'Every kind is drawn with the default look.' }}
        actions={
          write.allowed
            ? (k) => (
                <Button size="small" onClick={() => setEditing({ kind: k })} aria-label={`Edit ${k.kindName}`}>
                  Edit
                </Button>
              )
            : undefined
        }
      />
      {editing && (
        <NodeKindFormDialog
          kind={editing.kind}
          onClose={() => setEditing(null)}
          onSaved={(k) => {
            setEditing(null);
            notify(editing.kind ? `${k.kindName} is saved.` : `${k.kindName} is added.`);
          }}
        />
      )}
    </TableProvider>
  );
}
