import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { extensionOps } from '@/api/operations/extensions';
import type { EdgeKind, ExtensionInfo } from '@/api/schemas/extensions';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import { RestrictedNote } from '@/components/RestrictedNote';
import { CellTag, DataTable, TableProvider, useTableState, type Column, type TableSpec } from '@/components/table';
import { useDeleteExtension, useEdgeKinds, useExtensions } from '@/features/configuration/api/extensions';
import { UploadExtensionDialog } from '@/features/configuration/components/UploadExtensionDialog';
import { useAccess } from '@/lib/access';
import { plural } from '@/shared/words';

const SPEC: TableSpec = { sortable: ['name', 'version', 'namespace', 'relationships'], defaultPageSize: 50 };

/**
 * The relationship kinds of an extension: a built-in one's are the built-in kinds; another's are written
 * with its namespace (the service refuses any other).
 */
function relationshipCount(e: ExtensionInfo, kinds: readonly EdgeKind[] | undefined): number | null {
  if (!kinds) return null;
  return kinds.filter((k) => (e.is_builtin ? k.is_builtin : !k.is_builtin && k.name.startsWith(`${e.namespace}_`))).length;
}

/** OpenGraph extensions: each uploaded schema's namespace and kinds; people with app.WriteAppConfig upload and delete them. */
export default function ExtensionsPage() {
  const extensions = useExtensions();
  const edges = useEdgeKinds();
  const table = useTableState(SPEC);
  const write = useAccess(extensionOps.upsertOpenGraphExtension);
  const remove = useDeleteExtension();
  const { notify } = useNotice();
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<ExtensionInfo | null>(null);

  const columns: Column<ExtensionInfo>[] = [
    {
      id: 'name',
      header: 'Extension',
      sortable: true,
      rowHeader: true,
      sortValue: (e) => e.name,
      cell: (e) => (
        <>
          {e.name} {e.is_builtin && <CellTag label="Built in" />}
        </>
      ),
    },
    { id: 'version', header: 'Version', sortable: true, mono: true, sortValue: (e) => e.version, cell: (e) => e.version },
    { id: 'namespace', header: 'Namespace', sortable: true, mono: true, sortValue: (e) => e.namespace, cell: (e) => e.namespace },
    {
      id: 'relationships',
      header: 'Relationship kinds',
      align: 'right',
      sortable: true,
      hideBelow: 'sm',
      sortValue: (e) => relationshipCount(e, edges.data) ?? -1,
      cell: (e) => relationshipCount(e, edges.data) ?? '—',
    },
  ];

  return (
    <TableProvider table={table}>
      <PageHeader
        title="OpenGraph extensions"
        description="Each extension defines a namespace, node kinds with their icon and colour, and relationship kinds. Its node kinds show on the node kinds page."
        actions={
          write.allowed && (
            <Button variant="contained" startIcon={<UploadIcon />} onClick={() => setUploading(true)}>
              Upload schema
            </Button>
          )
        }
      />
      <RestrictedNote missing={write.missing} canDo="You can see the extensions" cannot="upload or delete them" />
      <DataTable
        label="OpenGraph extensions"
        noun="extensions"
        mode="client"
        columns={columns}
        query={extensions}
        rows={extensions.data}
        rowKey={(e) => e.id}
        errorTitle="Could not load the extensions"
        loadingLabel="Loading the extensions…"
        empty={{ title: 'No extensions', text: 'Upload an extension schema to add its kinds.' }}
        actions={
          write.allowed
            ? (e) =>
                e.is_builtin ? null : (
                  <Button size="small" color="error" onClick={() => setDeleting(e)} aria-label={`Delete ${e.name}`}>
                    Delete
                  </Button>
                )
            : undefined
        }
      />
      {uploading && (
        <UploadExtensionDialog
          extensions={extensions.data ?? []}
          onClose={() => setUploading(false)}
          onUploaded={(name) => {
            setUploading(false);
            notify(`${name} is uploaded.`);
          }}
        />
      )}
      <ConfirmDialog
        key={deleting?.id ?? 'none'}
        open={deleting !== null}
        title={deleting ? `Delete ${deleting.name}?` : 'Delete extension?'}
        confirmLabel="Delete extension"
        pending={remove.isPending}
        error={remove.error}
        wide
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() => {
          const target = deleting!;
          remove.mutate(target.id, {
            onSuccess: () => {
              setDeleting(null);
              notify(`${target.name} is deleted.`);
            },
          });
        }}
      >
        {deleting && (
          <>
            The node kinds and relationship kinds of namespace {deleting.namespace} go away
            {(() => {
              const n = relationshipCount(deleting, edges.data);
              return n === null ? '' : ` (${plural(n, 'relationship kind')} among them)`;
            })()}
            , with their icons and colours and their environments and findings. Nodes and relationships already collected for its
            source kind stay in the graph until the database is cleared; upload the schema again to describe them.
          </>
        )}
      </ConfirmDialog>
    </TableProvider>
  );
}
