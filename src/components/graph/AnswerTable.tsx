/**
 * The answer drawn as a table: one row per node (name, kind, object id, Tier Zero, Owned, and the property columns
 * chosen), in the console's table, with a column chooser and a CSV of what the table shows (its sort, every page,
 * the columns shown). The drawing's text alternative.
 */
import { useMemo, useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { CypherNode } from '@/api/schemas/cypher';
import {
  CellTag,
  DataTable,
  filterAndSort,
  SETTLED_QUERY,
  TableProvider,
  useTableContext,
  useTableState,
  type Column,
  type TableSpec,
} from '@/components/table';
import { propertyLabel } from '@/lib/property-labels';
import { saveFile } from '@/lib/save-file';
import { answerCsv, answerRows, cellText, propertyKeys, type AnswerRow } from './answer-table';

const SPECS = new Map<string, TableSpec>();
/** One spec per prefix, kept for the page's life (the table state hook wants the same object). */
function specFor(prefix: string): TableSpec {
  let spec = SPECS.get(prefix);
  if (!spec) SPECS.set(prefix, (spec = { sortable: ['name', 'kind', 'objectId', 'tierZero', 'owned'], prefix }));
  return spec;
}

const FIXED: Column<AnswerRow>[] = [
  { id: 'name', header: 'Name', rowHeader: true, sortable: true, sortValue: (r) => r.name, cell: (r) => r.name },
  { id: 'kind', header: 'Kind', sortable: true, nowrap: true, sortValue: (r) => r.kind, cell: (r) => r.kind },
  { id: 'objectId', header: 'Object ID', sortable: true, mono: true, sortValue: (r) => r.objectId, cell: (r) => r.objectId },
  {
    id: 'tierZero',
    header: 'Tier Zero',
    sortable: true,
    sortValue: (r) => r.tierZero,
    cell: (r) => (r.tierZero ? <CellTag label="Tier Zero" tone="error" /> : 'No'),
  },
  {
    id: 'owned',
    header: 'Owned',
    sortable: true,
    sortValue: (r) => r.owned,
    cell: (r) => (r.owned ? <CellTag label="Owned" tone="warning" /> : 'No'),
  },
];

export interface AnswerTableProps {
  nodes: Record<string, CypherNode>;
  /** The table's parameters in the URL start with `<prefix>.` (default `graph`). */
  prefix?: string;
  /** The CSV's file name, without extension (default `graph-nodes`). */
  fileName?: string;
}

export default function AnswerTable(props: AnswerTableProps) {
  const table = useTableState(specFor(props.prefix ?? 'graph'));
  return (
    <TableProvider table={table}>
      <AnswerTableView {...props} />
    </TableProvider>
  );
}

function AnswerTableView({ nodes, fileName = 'graph-nodes' }: AnswerTableProps) {
  const table = useTableContext();
  const rows = useMemo(() => answerRows(nodes), [nodes]);
  const keys = useMemo(() => propertyKeys(rows), [rows]);
  const [chosen, setChosen] = useState<string[]>([]);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const columns = useMemo<Column<AnswerRow>[]>(
    () => [
      ...FIXED,
      ...chosen
        .filter((key) => keys.includes(key))
        .map((key) => ({ id: key, header: propertyLabel(key), cell: (r: AnswerRow) => cellText(r, key) || '—' })),
    ],
    [chosen, keys],
  );
  const toggle = (key: string) => setChosen((now) => (now.includes(key) ? now.filter((k) => k !== key) : [...now, key]));
  const exportCsv = () => {
    const shown = filterAndSort(rows, columns, table.state);
    saveFile(answerCsv(shown, columns), `${fileName}.csv`, 'text/csv;charset=utf-8');
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          size="small"
          aria-haspopup="menu"
          aria-expanded={menu !== null}
          disabled={keys.length === 0}
          onClick={(event: MouseEvent<HTMLElement>) => setMenu(event.currentTarget)}
        >
          Columns
        </Button>
        <Button variant="outlined" size="small" onClick={exportCsv}>
          Export CSV
        </Button>
      </Box>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)} slotProps={{ paper: { sx: { maxHeight: 360 } } }}>
        {keys.map((key) => (
          <MenuItem key={key} role="menuitemcheckbox" aria-checked={chosen.includes(key)} onClick={() => toggle(key)}>
            <ListItemIcon>
              <Checkbox edge="start" size="small" checked={chosen.includes(key)} tabIndex={-1} disableRipple sx={{ p: 0 }} />
            </ListItemIcon>
            <ListItemText primary={propertyLabel(key)} secondary={key === propertyLabel(key) ? undefined : key} />
          </MenuItem>
        ))}
      </Menu>
      <DataTable
        mode="client"
        label="Nodes of the graph"
        noun="nodes"
        columns={columns}
        rows={rows}
        query={SETTLED_QUERY}
        rowKey={(r) => r.id}
        empty={{ title: 'No nodes' }}
      />
    </Box>
  );
}
