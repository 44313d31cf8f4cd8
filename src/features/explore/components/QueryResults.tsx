import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { isComposedEdgeKind, type CypherAnswer } from '@/api/schemas/cypher';
import { MiddleCut } from '@/components/MiddleCut';
import { LoadingState } from '@/components/states';
import { CellTag, DataTable, SETTLED_QUERY, useTableState, type Column, type TableSpec, TableProvider } from '@/components/table';
import { answerRows, type EdgeRow, type LiteralRow, type NodeRow } from '@/features/explore/answer-rows';

const AnswerGraph = lazy(() => import('@/components/graph/AnswerGraph'));

type View = 'nodes' | 'edges' | 'values' | 'graph';

/**
 * The tables' URL state; `prefix` keeps each table's page and sort apart (and lets a new run reset them):
 * the answer's nodes, relationships and values, and the relationships that make a selected one.
 */
export const RESULT_TABLE_PREFIXES = ['nodes', 'rels', 'values', 'composition', 'graph'] as const;
const NODES_SPEC: TableSpec = { sortable: ['kind', 'name', 'objectId', 'marks'], prefix: 'nodes' };
const EDGES_SPEC: TableSpec = { sortable: ['from', 'kind', 'to'], prefix: 'rels' };
const VALUES_SPEC: TableSpec = { sortable: ['column', 'value'], prefix: 'values' };

const nodeMarks = (n: NodeRow) => [n.tierZero ? 'Tier Zero' : '', n.owned ? 'Owned' : ''].filter(Boolean).join(' ');

const NODE_COLUMNS: Column<NodeRow>[] = [
  {
    id: 'name',
    header: 'Name',
    rowHeader: true,
    sortable: true,
    sortValue: (n) => n.name,
    cell: (n) =>
      n.href ? (
        <Link component={RouterLink} to={n.href}>
          {n.name}
        </Link>
      ) : (
        n.name
      ),
  },
  { id: 'kind', header: 'Kind', sortable: true, nowrap: true, sortValue: (n) => n.kind, cell: (n) => n.kind },
  {
    id: 'objectId',
    header: 'Object ID',
    sortable: true,
    mono: true,
    hideBelow: 'md',
    sortValue: (n) => n.objectId,
    cell: (n) => <MiddleCut text={n.objectId} />,
  },
  {
    id: 'marks',
    header: 'Marks',
    sortable: true,
    sortValue: nodeMarks,
    cell: (n) => (
      <Stack direction="row" spacing={0.5}>
        {n.tierZero && <CellTag label="Tier Zero" tone="error" />}
        {n.owned && <CellTag label="Owned" tone="warning" />}
      </Stack>
    ),
  },
];

/** A node's name in a cell, broken anywhere where it does not fit (names have few spaces to break at). */
const wrapped = (name: string) => (
  <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
    {name}
  </Box>
);

const EDGE_COLUMNS: Column<EdgeRow>[] = [
  { id: 'from', header: 'From', rowHeader: true, sortable: true, sortValue: (e) => e.from, cell: (e) => wrapped(e.from) },
  { id: 'kind', header: 'Kind', sortable: true, nowrap: true, sortValue: (e) => e.kind, cell: (e) => e.kind },
  { id: 'to', header: 'To', sortable: true, sortValue: (e) => e.to, cell: (e) => wrapped(e.to) },
];

const VALUE_COLUMNS: Column<LiteralRow>[] = [
  {
    id: 'column',
    header: 'Key',
    rowHeader: true,
    sortable: true,
    nowrap: true,
    sortValue: (l) => l.column,
    cell: (l) => l.column,
  },
  {
    id: 'value',
    header: 'Value',
    sortable: true,
    sortValue: (l) => l.value,
    cell: (l) => (
      <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {l.value}
      </Box>
    ),
  },
];

function NodesTable({ rows, onShowProperties }: { rows: NodeRow[]; onShowProperties: (id: string) => void }) {
  const table = useTableState(NODES_SPEC);
  return (
    <TableProvider table={table}>
      <DataTable
        label="Nodes"
        noun="nodes"
        mode="client"
        columns={NODE_COLUMNS}
        query={SETTLED_QUERY}
        rows={rows}
        rowKey={(n) => n.id}
        actionsHeader="Properties"
        actions={(n) => (
          <Button size="small" onClick={() => onShowProperties(n.id)} aria-label={`Properties of ${n.name}`}>
            Properties
          </Button>
        )}
        empty={{ title: 'No nodes', text: 'The query returned no nodes.' }}
      />
    </TableProvider>
  );
}

/**
 * Relationships as a table (the answer's, or those that make a relationship: `label` and `spec` apart);
 * `onShowRelationship` offers, for each kind upstream composes of others, how that relationship is made.
 */
export function EdgesTable({
  rows,
  label = 'Relationships',
  spec = EDGES_SPEC,
  onShowRelationship,
}: {
  rows: EdgeRow[];
  label?: string;
  spec?: TableSpec;
  onShowRelationship?: (index: number) => void;
}) {
  const table = useTableState(spec);
  return (
    <TableProvider table={table}>
      <DataTable
        label={label}
        noun="relationships"
        mode="client"
        columns={EDGE_COLUMNS}
        query={SETTLED_QUERY}
        rows={rows}
        rowKey={(e) => e.key}
        {...(onShowRelationship && {
          actionsHeader: 'Composition',
          actions: (e: EdgeRow) =>
            isComposedEdgeKind(e.kind) ? (
              <Button
                size="small"
                onClick={() => onShowRelationship(e.key)}
                aria-label={`How it is made: ${e.kind} from ${e.from} to ${e.to}`}
              >
                How it is made
              </Button>
            ) : null,
        })}
        empty={{ title: 'No relationships', text: 'The query returned no relationships.' }}
      />
    </TableProvider>
  );
}

function ValuesTable({ rows }: { rows: LiteralRow[] }) {
  const table = useTableState(VALUES_SPEC);
  return (
    <TableProvider table={table}>
      <DataTable
        label="Values"
        noun="values"
        mode="client"
        columns={VALUE_COLUMNS}
        query={SETTLED_QUERY}
        rows={rows}
        rowKey={(l) => l.key}
        empty={{ title: 'No values', text: 'The query returned only nodes and relationships.' }}
      />
    </TableProvider>
  );
}

/**
 * An answer as tabs: nodes (kind, name linked to its page, object id, Tier Zero and Owned marks, properties on
 * demand), relationships (how each post-processed one is made, on demand), values, and the paths drawn as a
 * graph (loaded when that tab opens), where a click on a node or a relationship shows it.
 */
export function QueryResults({
  answer,
  selectedNode,
  onShowProperties,
  selectedEdge,
  onShowRelationship,
}: {
  answer: CypherAnswer;
  selectedNode: string | null;
  onShowProperties: (id: string) => void;
  /** The relationship shown in its panel, by its position in the answer's edges. */
  selectedEdge: number | null;
  onShowRelationship: (index: number) => void;
}) {
  const rows = useMemo(() => answerRows(answer), [answer]);
  const first: View = rows.nodes.length > 0 ? 'nodes' : rows.literals.length > 0 ? 'values' : 'edges';
  const [view, setView] = useState<View>(first);
  const panelId = useId();
  const tabId = (v: View) => `${panelId}-${v}`;
  return (
    <Box>
      <Tabs
        value={view}
        onChange={(_, v: View) => setView(v)}
        aria-label="Results"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        <Tab label={`Nodes (${rows.nodes.length})`} value="nodes" id={tabId('nodes')} aria-controls={panelId} />
        <Tab label={`Relationships (${rows.edges.length})`} value="edges" id={tabId('edges')} aria-controls={panelId} />
        <Tab label={`Values (${rows.literals.length})`} value="values" id={tabId('values')} aria-controls={panelId} />
        <Tab label="Graph" value="graph" id={tabId('graph')} aria-controls={panelId} />
      </Tabs>
      <Box role="tabpanel" id={panelId} aria-labelledby={tabId(view)}>
        {view === 'nodes' && <NodesTable rows={rows.nodes} onShowProperties={onShowProperties} />}
        {view === 'edges' && <EdgesTable rows={rows.edges} onShowRelationship={onShowRelationship} />}
        {view === 'values' && <ValuesTable rows={rows.literals} />}
        {view === 'graph' && (
          <Suspense fallback={<LoadingState label="Loading the graph…" />}>
            <AnswerGraph
              nodes={answer.nodes}
              edges={answer.edges}
              selectedNode={selectedNode ?? undefined}
              onSelectNode={onShowProperties}
              selectedEdge={selectedEdge ?? undefined}
              onSelectEdge={onShowRelationship}
            />
          </Suspense>
        )}
      </Box>
    </Box>
  );
}
