import CloseIcon from '@mui/icons-material/Close';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { privilegeZoneOps } from '@/api/operations/privilege-zones';
import type { CypherAnswer, CypherNode } from '@/api/schemas/cypher';
import type { SearchResult } from '@/api/schemas/entities';
import { EmptyGraphNote } from '@/components/EmptyGraphNote';
import { useMenuButton } from '@/components/menu-button';
import { PageHeader } from '@/components/PageHeader';
import { RestrictedNote } from '@/components/RestrictedNote';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { useAccess } from '@/lib/access';
import { pathsFromOwnedCypher, useObjectGraph, useObjectNode, useShortestPaths } from '../api/explore';
import { CypherWorkbench } from '../components/CypherWorkbench';
import { EdgeFilterDialog, edgeFilterSummary, type EdgeFilterValue } from '../components/EdgeFilterDialog';
import { NodeActionsMenu, type MenuAnchor, type MenuNode, type NodeActions } from '../components/NodeActionsMenu';
import { ObjectSearch } from '../components/ObjectSearch';
import { EXPLORE_TABS, parseExploreState, serializeExploreState, type ExploreState, type ExploreTab } from '../explore-state';
import { EdgePanel, EntityPanel } from '../panels';

const AnswerGraph = lazy(() => import('@/components/graph/AnswerGraph'));

/** The drawing fills the height the page leaves it, never less than a useful view. */
const GRAPH_HEIGHT = { xs: 480, md: 'max(520px, calc(100vh - 280px))' } as const;

const TAB_LABELS: Record<ExploreTab, string> = { search: 'Search', pathfinding: 'Pathfinding', cypher: 'Cypher' };

/** The page's state from the address, and its change: pushed (Back undoes it), or replaced while typing. */
function useExploreState() {
  const [params, setParams] = useSearchParams();
  const state = parseExploreState(params);
  const update = useCallback(
    (patch: Partial<ExploreState>, { replace = false }: { replace?: boolean } = {}) =>
      setParams((prev) => serializeExploreState({ ...parseExploreState(prev), ...patch }, prev), { replace }),
    [setParams],
  );
  return [state, update] as const;
}

const nodeKeyOf = (answer: CypherAnswer | null | undefined, objectId: string | null): string | undefined =>
  answer && objectId ? Object.entries(answer.nodes).find(([, n]) => n.objectId === objectId)?.[0] : undefined;

const menuNodeOf = (node: CypherNode | null | undefined, objectId: string): MenuNode => ({
  objectId,
  name: node?.label || objectId,
  isTierZero: node?.isTierZero ?? false,
  isOwned: node?.isOwnedObject ?? false,
});

/**
 * Explore: one page for the directory graph. Search draws an object and opens it in the panel; Pathfinding draws
 * the shortest paths between two objects over the relationship kinds the filter lets through; Cypher is the query
 * editor with its library and answers. Every choice is in the address, so Back undoes it and a link reopens it.
 */
export default function ExplorePage() {
  const [state, update] = useExploreState();
  const menuId = useId();
  const [menu, setMenu] = useState<{ objectId: string; anchor: MenuAnchor } | null>(null);
  const [filtering, setFiltering] = useState(false);
  const [runNow, setRunNow] = useState<string | null>(null);
  const startField = useRef<HTMLInputElement>(null);

  const searched = useObjectGraph(state.tab === 'search' ? state.search : null);
  const pathRequest =
    state.tab === 'pathfinding' && state.start && state.end
      ? { start: state.start, end: state.end, kinds: state.kinds, traversable: state.traversable }
      : null;
  const paths = useShortestPaths(pathRequest);
  const startNode = useObjectNode(state.tab === 'pathfinding' ? state.start : null).node;
  const endNode = useObjectNode(state.tab === 'pathfinding' ? state.end : null).node;
  const answer = state.tab === 'search' ? searched.data : state.tab === 'pathfinding' ? paths.data : undefined;

  const select = (objectId: string | null) => update({ selected: objectId, edge: null, list: null });
  const openCypher = (cypher: string, run: boolean) => {
    update({ tab: 'cypher', cypher, selected: null, edge: null, list: null });
    if (run) setRunNow(cypher);
  };
  const onRan = useCallback(() => setRunNow(null), []);
  const walkTo = (objectId: string) =>
    state.tab === 'search' ? update({ search: objectId, selected: objectId, edge: null, list: null }) : select(objectId);

  const actions: NodeActions = {
    onSetStart: (objectId) => update({ tab: 'pathfinding', start: objectId, end: state.end === objectId ? null : state.end }),
    onSetEnd: (objectId) => update({ tab: 'pathfinding', end: objectId, start: state.start === objectId ? null : state.start }),
    onPathsToHere: (objectId) => {
      const start = state.start === objectId ? null : state.start;
      update({ tab: 'pathfinding', end: objectId, start });
      if (!start) requestAnimationFrame(() => startField.current?.focus());
    },
    onPathsFromOwned: (objectId) => openCypher(pathsFromOwnedCypher(objectId), true),
  };

  const selectedKey = nodeKeyOf(answer, state.selected);
  const selectedEdge =
    answer && state.edge
      ? answer.edges.findIndex(
          (e) =>
            e.kind === state.edge!.kind &&
            answer.nodes[e.source]?.objectId === state.edge!.source &&
            answer.nodes[e.target]?.objectId === state.edge!.target,
        )
      : -1;
  const menuNode = useObjectNode(menu?.objectId ?? state.selected).node;

  const graphProps = answer
    ? {
        nodes: answer.nodes,
        edges: answer.edges,
        selectedNode: selectedKey,
        selectedEdge: selectedEdge >= 0 ? selectedEdge : undefined,
        onSelectNode: (key: string) => {
          const objectId = answer.nodes[key]?.objectId;
          if (objectId && objectId !== state.selected) select(objectId);
        },
        onSelectEdge: (index: number) => {
          const e = answer.edges[index];
          const source = e && answer.nodes[e.source]?.objectId;
          const target = e && answer.nodes[e.target]?.objectId;
          if (e && source && target) update({ selected: null, edge: { source, kind: e.kind, target }, list: null });
        },
        onNodeContextMenu: (key: string, anchor: MenuAnchor) => {
          const objectId = answer.nodes[key]?.objectId;
          if (objectId) setMenu({ objectId, anchor });
        },
      }
    : null;

  const filter: EdgeFilterValue = { kinds: state.kinds, traversable: state.traversable };
  const filterSummary = edgeFilterSummary(filter);
  const nameOf = (node: CypherNode | null, objectId: string) => node?.label || objectId;

  let drawing: ReactNode;
  if (state.tab === 'search') {
    if (!state.search) {
      drawing = (
        <EmptyState title="Search for an object to start">
          Type a name or an object id in the search box; user:, group: or computer: look among one kind.
        </EmptyState>
      );
    } else if (searched.isPending) drawing = <LoadingState label="Drawing the object…" />;
    else if (searched.isError)
      drawing = <ErrorState error={searched.error} title="Could not draw the object" onRetry={() => void searched.refetch()} />;
    else if (!searched.data)
      drawing = <EmptyState title="Not in the graph">No object in the graph has the object id {state.search}.</EmptyState>;
  } else if (state.tab === 'pathfinding') {
    if (!state.start || !state.end) {
      const [title, text] =
        state.end && !state.start
          ? [
              'Choose where the paths start',
              `The shortest paths to ${nameOf(endNode, state.end)} are found from the start you choose.`,
            ]
          : state.start && !state.end
            ? [
                'Choose where the paths end',
                `The shortest paths from ${nameOf(startNode, state.start)} lead to the end you choose.`,
              ]
            : [
                'Choose a start and an end',
                'Pick the object a path starts from and the one it ends at; the shortest paths between them are drawn.',
              ];
      drawing = <EmptyState title={title}>{text}</EmptyState>;
    } else if (paths.isPending) drawing = <LoadingState label="Finding the shortest paths…" />;
    else if (paths.isError)
      drawing = <ErrorState error={paths.error} title="Could not find the paths" onRetry={() => void paths.refetch()} />;
    else if (!paths.data)
      drawing = (
        <EmptyState
          title={`No path between ${nameOf(startNode, state.start)} and ${nameOf(endNode, state.end)}`}
          action={filterSummary ? <Button onClick={() => setFiltering(true)}>Change the filter</Button> : undefined}
        >
          {filterSummary
            ? `With the relationship filter in force (${filterSummary}), no path leads from one to the other.`
            : 'No path leads from one to the other.'}
        </EmptyState>
      );
  }

  const controls =
    state.tab === 'search' ? (
      <ObjectSearch
        label="Search objects"
        value={state.search ? { objectid: state.search, name: nodeNameIn(searched.data, state.search) } : null}
        onPick={(r: SearchResult) => update({ search: r.objectid, selected: r.objectid, edge: null, list: null })}
      />
    ) : (
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <ObjectSearch
            label="Start"
            inputRef={startField}
            value={state.start ? { objectid: state.start, name: startNode?.label } : null}
            onPick={(r) => update({ start: r.objectid })}
          />
        </Box>
        <Tooltip title="Swap start and end">
          <span style={{ alignSelf: 'center' }}>
            <IconButton
              aria-label="Swap start and end"
              disabled={!state.start && !state.end}
              onClick={() => update({ start: state.end, end: state.start })}
            >
              <SwapHorizIcon sx={{ display: { xs: 'none', md: 'block' } }} />
              <SwapVertIcon sx={{ display: { xs: 'block', md: 'none' } }} />
            </IconButton>
          </span>
        </Tooltip>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <ObjectSearch
            label="End"
            value={state.end ? { objectid: state.end, name: endNode?.label } : null}
            onPick={(r) => update({ end: r.objectid })}
          />
        </Box>
        <Stack spacing={0.25} sx={{ flexShrink: 0, maxWidth: { md: 280 } }}>
          <Button size="small" variant="outlined" onClick={() => setFiltering(true)} sx={{ alignSelf: 'flex-start' }}>
            Relationship filter
          </Button>
          <Typography variant="body2" color="text.secondary">
            {filterSummary ? `In force: ${filterSummary}.` : 'Every relationship kind.'}
          </Typography>
        </Stack>
      </Stack>
    );

  const panelOpen = state.selected !== null || (state.edge !== null && selectedEdge >= 0);

  return (
    <>
      <PageHeader title="Explore" description="Search the directory graph, find paths between objects, or query it in Cypher." />
      <Tabs
        value={state.tab}
        onChange={(_, tab: ExploreTab) => update({ tab, selected: null, edge: null, list: null })}
        aria-label="Explore"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {EXPLORE_TABS.map((tab) => (
          <Tab key={tab} value={tab} label={TAB_LABELS[tab]} id={`explore-tab-${tab}`} aria-controls="explore-tabpanel" />
        ))}
      </Tabs>
      <Box role="tabpanel" id="explore-tabpanel" aria-labelledby={`explore-tab-${state.tab}`}>
        {state.tab === 'cypher' ? (
          <CypherWorkbench
            text={state.cypher}
            onTextChange={(cypher) => update({ cypher }, { replace: true })}
            runNow={runNow}
            onRan={onRan}
          />
        ) : (
          <>
            <EmptyGraphNote shows="search and paths find its objects" sx={{ mb: 2 }} />
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: panelOpen
                  ? { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 360px', lg: 'minmax(0, 1fr) 420px' }
                  : 'minmax(0, 1fr)',
                alignItems: 'stretch',
              }}
            >
              <Box
                component="section"
                aria-label={state.tab === 'search' ? 'Search and graph' : 'Paths and graph'}
                sx={{ minWidth: 0 }}
              >
                <Paper variant="outlined" sx={{ p: 1.5, mb: 2, ...(state.tab === 'search' ? { maxWidth: { md: 560 } } : {}) }}>
                  {controls}
                </Paper>
                {graphProps ? (
                  <Box sx={{ height: GRAPH_HEIGHT }}>
                    <Suspense fallback={<LoadingState label="Loading the graph…" />}>
                      <AnswerGraph {...graphProps} />
                    </Suspense>
                  </Box>
                ) : (
                  <Paper
                    variant="outlined"
                    sx={{
                      height: GRAPH_HEIGHT,
                      display: 'flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                      p: 2,
                    }}
                  >
                    <Box sx={{ width: '100%', maxWidth: 560 }}>{drawing}</Box>
                  </Paper>
                )}
              </Box>
              {panelOpen && (
                <SelectionPanel
                  state={state}
                  answer={answer}
                  selectedEdge={selectedEdge}
                  menuId={menuId}
                  onOpenMenu={(objectId, anchor) => setMenu({ objectId, anchor })}
                  menuOpen={menu !== null}
                  onClose={() => select(null)}
                  onOpenList={(list) => update({ list: list ?? null })}
                  onSelectNode={walkTo}
                  onShowInGraph={(cypher) => openCypher(cypher, true)}
                  onOpenCypher={(cypher) => openCypher(cypher, false)}
                />
              )}
            </Box>
          </>
        )}
      </Box>
      <NodeActionsMenu
        id={menuId}
        node={menu ? menuNodeOf(menuNode ?? answer?.nodes[nodeKeyOf(answer, menu.objectId) ?? ''], menu.objectId) : null}
        anchor={menu?.anchor ?? null}
        onClose={() => setMenu(null)}
        actions={actions}
      />
      {filtering && (
        <EdgeFilterDialog
          value={filter}
          onClose={() => setFiltering(false)}
          onApply={(next) => {
            setFiltering(false);
            update({ kinds: next.kinds, traversable: next.traversable });
          }}
        />
      )}
    </>
  );
}

const nodeNameIn = (answer: CypherAnswer | null | undefined, objectId: string): string | undefined =>
  answer ? Object.values(answer.nodes).find((n) => n.objectId === objectId)?.label : undefined;

/** The selection's panel at the right: the node (its name, marks, Actions and what the entity panel shows) or the relationship. */
function SelectionPanel({
  state,
  answer,
  selectedEdge,
  menuId,
  menuOpen,
  onOpenMenu,
  onClose,
  onOpenList,
  onSelectNode,
  onShowInGraph,
  onOpenCypher,
}: {
  state: ExploreState;
  answer: CypherAnswer | null | undefined;
  selectedEdge: number;
  menuId: string;
  menuOpen: boolean;
  onOpenMenu: (objectId: string, anchor: HTMLElement) => void;
  onClose: () => void;
  onOpenList: (list: string | undefined) => void;
  onSelectNode: (objectId: string) => void;
  onShowInGraph: (cypher: string) => void;
  onOpenCypher: (cypher: string) => void;
}) {
  const headingId = useId();
  const { button } = useMenuButton(menuId);
  const restricted = useAccess(privilegeZoneOps.createAssetGroupTagSelector).missing;
  const read = useObjectNode(state.selected);
  const node = read.node ?? (state.selected ? answer?.nodes[nodeKeyOf(answer, state.selected) ?? ''] : undefined);
  const edge = state.selected === null && selectedEdge >= 0 ? answer?.edges[selectedEdge] : undefined;
  const missing = state.selected !== null && !read.isPending && !node;

  const title = state.selected ? node?.label || state.selected : edge ? edge.kind : '';
  const subtitle = state.selected
    ? node?.kind
    : edge && answer
      ? `${answer.nodes[edge.source]?.label ?? edge.source} → ${answer.nodes[edge.target]?.label ?? edge.target}`
      : undefined;

  return (
    <Paper
      component="aside"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{
        p: 2,
        minWidth: 0,
        alignSelf: 'start',
        maxHeight: { md: 'calc(100vh - 100px)' },
        overflow: 'auto',
        position: { md: 'sticky' },
        top: { md: 80 },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, mb: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h2" id={headingId} sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {state.selected && !missing && (
          <Button
            size="small"
            variant="outlined"
            endIcon={<MoreVertIcon />}
            {...button}
            aria-expanded={menuOpen ? 'true' : undefined}
            aria-controls={menuOpen ? menuId : undefined}
            onClick={(e) => onOpenMenu(state.selected!, e.currentTarget)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                e.preventDefault();
                onOpenMenu(state.selected!, e.currentTarget);
              }
            }}
          >
            Actions
          </Button>
        )}
        <IconButton aria-label="Close the panel" onClick={onClose} size="small">
          <CloseIcon />
        </IconButton>
      </Stack>
      {node && (node.isTierZero || node.isOwnedObject) && (
        <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
          {node.isTierZero && <Chip size="small" color="primary" label="Tier Zero" />}
          {node.isOwnedObject && <Chip size="small" color="error" variant="outlined" label="Owned" />}
        </Stack>
      )}
      {state.selected ? (
        <>
          <RestrictedNote missing={restricted} canDo="You can explore the graph" cannot="add objects to Tier Zero or Owned" />
          {missing ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              No object in the graph has the object id {state.selected}.
            </Alert>
          ) : (
            <EntityPanel
              key={state.selected}
              objectId={state.selected}
              kind={node?.kind}
              openList={state.list ?? undefined}
              onOpenList={onOpenList}
              onSelectNode={onSelectNode}
              onShowInGraph={onShowInGraph}
              onOpenCypher={onOpenCypher}
            />
          )}
        </>
      ) : (
        edge &&
        answer && (
          <EdgePanel
            edge={{
              ...edge,
              sourceObjectId: answer.nodes[edge.source]?.objectId,
              targetObjectId: answer.nodes[edge.target]?.objectId,
            }}
            nodes={answer.nodes}
            onSelectNode={onSelectNode}
            onShowInGraph={onShowInGraph}
          />
        )
      )}
    </Paper>
  );
}
