import { pluralWord } from '@/shared/words';
import { formatCount } from '@/shared/count';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { nodeKindLabel } from '@/api/schemas/entities';
import { KnownLabel } from '@/components/KnownLabel';
import { isHttpStatus } from '@/api/errors';
import type { EntityListEntry } from '@/api/schemas/entities';
import { CopyButton } from '@/components/CopyButton';
import { PageHeader } from '@/components/PageHeader';

import { Breakable, DataTable, useTableState, type Column, type TableSpec, TableProvider } from '@/components/table';
import { useComputerControllers } from '@/features/explore/api/get-computer-controllers';
import { useComputerName } from '@/features/explore/api/get-computer-name';
import { SystemGroupMembership } from '@/features/explore/components/SystemGroupMembership';
import { InvalidObjectId, UnknownObjectId } from '@/features/explore/components/InvalidObjectId';
import { objectId as objectIdSchema } from '@/features/explore/object-id';
import { entityPath } from '@/lib/entity-path';
import { useRouteId } from '@/lib/route-id';

/**
 * Pages of 10 (the API's own default), in the server's order (by name) unless another is picked. Old links
 * (`?size=25&sort=-name`) open the same view and are rewritten (`?page_size=25&sort_by=-name`).
 */
const SPEC: TableSpec = { sortable: ['name', 'objectID', 'label'], defaultPageSize: 10 };

/** A SID is told from its neighbours by its end (the RID): shown whole, never cut (on a phone it wraps at its dashes). */
const sid = { fontFamily: 'monospace', fontSize: '0.8rem', whiteSpace: { xs: 'normal', sm: 'nowrap' } } as const;

const COLUMNS: Column<EntityListEntry>[] = [
  {
    id: 'name',
    header: 'Name',
    sortable: true,
    rowHeader: true,
    cell: (e) => <Breakable text={e.name || e.objectID} />,
    // Where the Object ID column is dropped (tablets, small laptops), the object id goes under the name.
    secondary: (e) => (
      <Box component="span" sx={{ ...sid, display: { xs: 'none', sm: 'block', lg: 'none' }, fontSize: '0.75rem' }}>
        {e.objectID}
      </Box>
    ),
  },
  {
    id: 'objectID',
    header: 'Object ID',
    sortable: true,
    hideBelow: 'lg',
    cell: (e) => (
      <Box component="span" sx={sid}>
        {e.objectID}
      </Box>
    ),
  },
  { id: 'label', header: 'Type', sortable: true, nowrap: true, cell: (e) => e.label },
  {
    id: 'kinds',
    header: 'Kinds',
    hideBelow: 'lg',
    cell: (e) => (
      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
        {e.kinds.map((k) => (
          <KnownLabel key={k} label={nodeKindLabel(k)} chip={{ size: 'small', variant: 'outlined' }} />
        ))}
      </Stack>
    ),
  },
];

/** The principals that control a computer, in a server-paged, sortable table whose state is in the URL. */
export default function ComputerControllersPage() {
  const id = useRouteId('objectId', objectIdSchema);
  const objectId = id.ok ? id.id : id.raw;
  const table = useTableState(SPEC);
  const query = useComputerControllers(objectId, table.query, { enabled: id.ok });
  // The list names the controllers but not the computer: its name comes from the graph answer, its object id is secondary.
  const name = useComputerName(objectId, { enabled: id.ok }).data ?? null;
  const count = query.data?.count;

  const crumbs = [{ label: 'Entity look-up', to: '/entities' }, { label: 'Computer controllers' }];
  const header = (
    <PageHeader
      title="Computer controllers"
      crumbs={crumbs}
      description={
        <Box component="span" sx={{ display: 'block' }}>
          <Box component="span" sx={{ display: 'block' }}>
            Principals with control of{' '}
            {name ? (
              <Box component="strong" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {name}
              </Box>
            ) : (
              'this computer'
            )}
          </Box>
          <Stack component="span" direction="row" sx={{ alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
            <Box
              component="span"
              sx={{ fontFamily: 'monospace', fontSize: '0.875rem', color: 'text.secondary', overflowWrap: 'anywhere' }}
            >
              {objectId}
            </Box>
            {id.ok && <CopyButton value={objectId} label="Copy the computer's object id" />}
          </Stack>
        </Box>
      }
    />
  );

  if (!id.ok) {
    return (
      <>
        {header}
        <InvalidObjectId message={id.message} kind="computer" raw={id.raw} />
      </>
    );
  }
  if (query.isError && !query.data && isHttpStatus(query.error, 404)) {
    return (
      <>
        {header}
        <UnknownObjectId error={query.error} kind="computer" raw={objectId} />
      </>
    );
  }

  return (
    <TableProvider table={table}>
      {header}
      {query.isSuccess && (
        <Box sx={{ mb: 2 }}>
          <SystemGroupMembership objectId={objectId} name={name} />
        </Box>
      )}
      <DataTable
        label="Controllers"
        noun="controllers"
        mode="server"
        columns={COLUMNS}
        query={query}
        page={query.data ? { rows: query.data.data, count: query.data.count } : undefined}
        rowKey={(e) => e.objectID}
        rowHref={(e) => entityPath(e.label, e.objectID)}
        toolbar={
          count !== undefined && (
            <Typography variant="body2" color="text.secondary">
              {formatCount(count)} {pluralWord(count, 'controller')}
            </Typography>
          )
        }
        empty={{ title: 'No controllers', text: 'No user, group or computer has control of this computer.' }}
      />
    </TableProvider>
  );
}
