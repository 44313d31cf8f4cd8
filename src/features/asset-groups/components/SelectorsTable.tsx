import { Box, Chip, Typography } from '@mui/material';
import type { Selector } from '@/api/schemas/asset-groups';
import { DataTable, SETTLED_QUERY, useTableState, type Column, type TableSpec } from '@/components/table';

const COLUMNS: Column<Selector>[] = [
  { id: 'name', header: 'Name', rowHeader: true, cell: (s) => s.name },
  { id: 'selector', header: 'Selector', mono: true, cell: (s) => s.selector },
  {
    id: 'system_selector',
    header: 'System selector',
    nowrap: true,
    cell: (s) => (s.system_selector ? <Chip size="small" label="System" /> : 'No'),
  },
];

/** The second table of a group's page, in the service's order and never paged (a group has a handful of selectors). */
const SPEC: TableSpec = { sortable: [], prefix: 'selectors' };

/** A group's selectors (API document 2.5): name, selector, whether the system defined it. */
export function SelectorsTable({ selectors }: { selectors: Selector[] }) {
  const table = useTableState(SPEC);
  return (
    <Box component="section" aria-labelledby="selectors-heading" sx={{ mb: 3 }}>
      <DataTable
        label="Selectors"
        noun="selectors"
        mode="client"
        columns={COLUMNS}
        table={table}
        // Part of the group's answer: never loading, never failing on their own.
        query={SETTLED_QUERY}
        rows={selectors}
        pager={false}
        rowKey={(s) => s.id}
        toolbar={
          <Typography variant="h2" id="selectors-heading">
            Selectors
          </Typography>
        }
        empty={{ title: 'No selectors', text: 'This group has no selectors, so it selects no objects.' }}
      />
    </Box>
  );
}
