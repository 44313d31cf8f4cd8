/**
 * A Cypher answer drawn as a graph with sigma (WebGL) over graphology. The only module that imports sigma: the
 * query page loads it with React.lazy, so no other page downloads the renderer.
 *
 * Clicking a node selects it (`onSelectNode`) and highlights it and its neighbours; clicking a relationship
 * selects it (`onSelectEdge`) and highlights it and its ends; clicking the background or Escape clears the
 * highlight. Hovering a node shows its label. The drawing is one focusable image named by what
 * it holds; with it focused, + and − zoom, 0 fits the graph and the arrow keys pan. Where WebGL 2 is missing
 * the component says so and draws nothing: the page's tables hold the same answer.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useColorScheme, useTheme } from '@mui/material/styles';
import SvgIcon from '@mui/material/SvgIcon';
import { MultiDirectedGraph } from 'graphology';
import Sigma from 'sigma';
import { extremityArrow, layerFill, layerPlain, pathCurved, pathLine, pathLoop, sdfCircle, sdfDiamond } from 'sigma/rendering';
import type { CypherEdge, CypherNode } from '@/api/schemas/cypher';
import { customKindColors, useCustomNodes } from '@/api/custom-nodes';
import { EmptyState } from '@/components/states';
import { saveFile } from '@/lib/save-file';
import { plural } from '@/shared/words';
import AnswerTable from './AnswerTable';
import { COLLAPSE_THRESHOLD, findGroups } from './graph-collapse';
import type { LayoutInput, LayoutKind, LayoutPositions } from './graph-layout';
import { GraphToolbar } from './GraphToolbar';
import { layoutNow, runLayout } from './layout-runner';
import {
  buildAnswerGraph,
  layoutInput,
  withPositions,
  EDGE_LABEL_SIZE,
  fitToView,
  graphSummary,
  LABEL_ALL_LIMIT,
  LABEL_SIZE,
  labelSettings,
  neighbourhood,
  edgeIndexOf,
  edgeKeyOf,
  relationshipAndEnds,
  type MeasureText,
  type AnswerEdgeAttributes,
  type AnswerGraph as Graph,
  type AnswerNodeAttributes,
  type LegendEntry,
} from './answer-graph-model';

/** `nodes` and `edges` as the answer holds them (the query's data): a new object is laid out again. */
export interface AnswerGraphProps {
  /** The answer's nodes, keyed by graph id. */
  nodes: Record<string, CypherNode>;
  /** The answer's relationships; `source` and `target` are keys of `nodes`. */
  edges: CypherEdge[];
  /** The node to highlight with its neighbours (the page's selection). */
  selectedNode?: string;
  /** Called with a node's key when it is clicked. */
  onSelectNode?: (id: string) => void;
  /** The relationship to highlight with its ends, by its position in `edges` (the page's selection). */
  selectedEdge?: number;
  /** Called with a relationship's position in `edges` when it is clicked; relationships take clicks only with it. */
  onSelectEdge?: (index: number) => void;
  /**
   * Called for a node's menu: by a right-click on it (anchor: the pointer), or by the context-menu key or
   * Shift+F10 with a node selected and the drawing focused (anchor: the node on screen, or the drawing).
   */
  onNodeContextMenu?: (id: string, anchor: { x: number; y: number } | HTMLElement) => void;
  /** More neighbours than this, alike and joined to nothing else, are drawn as one node (default 10). */
  collapseThreshold?: number;
  /** The table view's parameters in the URL start with `<prefix>.` (default `graph`). */
  tablePrefix?: string;
  /** The exported files' name, without extension (default `graph`). */
  fileName?: string;
}

/** What the drawing highlights: a node with its neighbours, or a relationship (its key) with its ends. */
type Selection = { node: string } | { edge: string } | undefined;

export const NO_WEBGL_MESSAGE = 'This browser cannot draw the graph; the tables show the same answer.';

/**
 * The toolbar's glyphs: plain geometry drawn here rather than icons from @mui/icons-material, which the build
 * puts in the `libs` chunk every signed-in page loads (vite.config.ts) although only this drawing uses them.
 */
const GLYPHS = {
  zoomIn: 'M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z',
  zoomOut: 'M5 11h14v2H5z',
  fit: 'M4 4h6v2H6v4H4zm10 0h6v6h-2V6h-4zM4 14h2v4h4v2H4zm14 0h2v6h-6v-2h4z',
} as const;

/** The zoom buttons' column at the view's right, which the drawing keeps clear of. */
const TOOLBAR_WIDTH = 56;

/** The ring around an Owned node: red, 3:1 or more against both schemes' paper. */
const OWNED_RING_COLOR = '#D32F2F';

/** Whether this browser gives a WebGL 2 context, which sigma needs (asked once, on a canvas never shown). */
function canDrawWebGL(): boolean {
  try {
    return typeof document !== 'undefined' && document.createElement('canvas').getContext('webgl2') !== null;
  } catch {
    return false;
  }
}

/** Above this many nodes, a layered drawing's relationships are not drawn while the view pans or zooms. */
export const MOVE_WITHOUT_EDGES_ABOVE = 2000;

/** The colours sigma draws with, from the theme's current scheme (sigma needs plain colours, not CSS variables). */
interface DrawingColors {
  label: string;
  edge: string;
  edgeLabel: string;
  labelBackground: string;
  /** The theme's font family, for node and relationship labels. */
  font: string;
}

/** Text widths from a canvas in the theme's font (the estimate where a browser gives no 2D context). */
function textMeasure(font: string): MeasureText | undefined {
  const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return undefined;
  return (text, size) => {
    context.font = `${size}px ${font}`;
    return context.measureText(text).width;
  };
}

/**
 * Sigma's settings for a graph of `order` nodes. Positions are pixels around the view's centre, spread by
 * `fitToView` (so no `autoRescale`); a small answer zooms as a picture (labels scale with the zoom, so labels
 * that do not overlap at the fitted zoom never do), a large one keeps its labels' size and shows more as it zooms in.
 */
export function drawingSettings(order: number, layout: LayoutKind = 'force') {
  const { allLabels, ...labels } = labelSettings(order);
  return {
    ...labels,
    autoRescale: false,
    zoomToSizeRatioFunction: allLabels ? (ratio: number) => ratio : Math.sqrt,
    // Thousands of relationships drawn in layers are long lines across the view, which cost a software-drawn
    // frame (no GPU) far more than 33 ms: a large layered drawing leaves them out while the view moves, and
    // draws them again once it stops. ForceAtlas2 keeps relationships short, and them drawn.
    hideEdgesOnMove: layout === 'hierarchical' && order > MOVE_WITHOUT_EDGES_ABOVE,
  };
}

type Renderer = Sigma<
  AnswerNodeAttributes,
  AnswerEdgeAttributes,
  object,
  { isSelected: boolean },
  object,
  { hasSelection: boolean; labelsOff: boolean }
>;

function createRenderer(graph: Graph, container: HTMLElement, colors: { current: DrawingColors }, edgeEvents: boolean): Renderer {
  return new Sigma(graph, container, {
    customNodeState: { isSelected: false },
    customGraphState: { hasSelection: false, labelsOff: false },
    primitives: {
      nodes: { shapes: [sdfCircle(), sdfDiamond()], layers: [layerFill()] },
      edges: { paths: [pathLine(), pathCurved(), pathLoop()], extremities: [extremityArrow()], layers: [layerPlain()] },
    },
    styles: {
      nodes: [
        {
          x: { attribute: 'x' },
          y: { attribute: 'y' },
          size: { attribute: 'size' },
          color: { attribute: 'color' },
          shape: { attribute: 'shape' },
          label: { attribute: 'label' },
          labelColor: () => colors.current.label,
          labelSize: LABEL_SIZE,
          labelFont: () => colors.current.font,
          labelPosition: 'right',
          // A small answer labels every node (fitToView keeps the labels apart); a large one as sigma's grid allows.
          labelVisibility: (_attributes, _state, _graphState, graph) => (graph.order <= LABEL_ALL_LIMIT ? 'visible' : 'auto'),
          cursor: 'pointer',
          depth: 'nodes',
          visibility: { whenState: 'isHidden', then: 'hidden', else: 'visible' },
          backdropVisibility: { whenData: { isOwned: true }, then: 'visible', else: 'hidden' },
          backdropArea: 'node',
          backdropColor: 'transparent',
          backdropBorderColor: OWNED_RING_COLOR,
          backdropBorderWidth: 2,
          backdropPadding: 2,
        },
        // Labels off: only what is highlighted or hovered keeps its label.
        { when: (_attributes, _state, graphState) => graphState.labelsOff, then: { labelVisibility: 'hidden' } },
        // With a selection, what is not in its neighbourhood fades and loses its label.
        {
          when: (_attributes, state, graphState) => graphState.hasSelection && !state.isHighlighted,
          then: { opacity: 0.2, labelVisibility: 'hidden', backdropBorderColor: `${OWNED_RING_COLOR}33` },
        },
        { whenState: 'isHighlighted', then: { depth: 'topNodes', labelVisibility: 'visible', label: { attribute: 'name' } } },
        { whenState: 'isSelected', then: { size: (attributes) => attributes.size + 4 } },
        {
          whenState: 'isHovered',
          then: {
            depth: 'topNodes',
            labelVisibility: 'visible',
            // The whole name, where the drawing shortened it.
            label: { attribute: 'name' },
            labelBackgroundColor: () => colors.current.labelBackground,
            labelBackgroundPadding: 3,
          },
        },
      ],
      edges: [
        {
          size: { attribute: 'size' },
          color: () => colors.current.edge,
          label: { attribute: 'label' },
          // Relationship labels (drawn along the edge) show on the selection's relationships only: EDGE_LABELS.
          labelVisibility: 'hidden',
          labelColor: () => colors.current.edgeLabel,
          labelSize: EDGE_LABEL_SIZE,
          labelFont: () => colors.current.font,
          labelBackgroundColor: () => colors.current.labelBackground,
          labelBackgroundPadding: 2,
          head: 'arrow',
          cursor: edgeEvents ? 'pointer' : 'default',
          path: 'straight',
          parallelPath: 'curved',
          selfLoopPath: 'loop',
          depth: 'edges',
          visibility: { whenState: 'isHidden', then: 'hidden', else: 'visible' },
        },
        {
          when: (_attributes, state, graphState) => graphState.hasSelection && !state.isHighlighted,
          then: { opacity: 0.15, labelVisibility: 'hidden' },
        },
        {
          whenState: 'isHighlighted',
          then: { depth: 'topEdges', size: (attributes) => attributes.size + 1, labelVisibility: 'visible' },
        },
      ],
    },
    settings: {
      renderEdgeLabels: true,
      // Relationships are picked by the pointer only where a click on one does something.
      enableEdgeEvents: edgeEvents,
      // Sizes are pixels at the default zoom, as are the positions fitToView gives.
      itemSizesReference: 'screen',
      ...drawingSettings(graph.order),
      // The Graph tab may mount hidden (no size yet): draw once it has one rather than throw.
      allowInvalidContainer: true,
      // The page scrolls: the wheel zooms only with Ctrl (or ⌘), as on a map, and says so.
      gestureTarget: 'shared',
    },
  });
}

export default function AnswerGraph(props: AnswerGraphProps) {
  const [webgl] = useState(canDrawWebGL);
  const [failed, setFailed] = useState(false);
  const [table, setTable] = useState(false);
  if (Object.keys(props.nodes).length === 0) {
    return <EmptyState title="Nothing to draw">The answer has no nodes; any values it returned are in the tables.</EmptyState>;
  }
  if (!webgl || failed) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Alert severity="info">{NO_WEBGL_MESSAGE}</Alert>
        <AnswerTable nodes={props.nodes} prefix={props.tablePrefix} />
      </Box>
    );
  }
  return <GraphView {...props} table={table} onTable={setTable} onFailure={() => setFailed(true)} />;
}

/** The answer as given, as a JSON file (what "Export JSON" saves). */
export function answerJson(nodes: Record<string, CypherNode>, edges: readonly CypherEdge[]): string {
  return JSON.stringify({ nodes, edges }, null, 2);
}

/**
 * The drawing as a PNG: sigma draws once more (synchronously, so the WebGL canvases still hold the picture), then
 * its canvases are drawn in their order over the paper's colour.
 */
async function drawingPng(renderer: Renderer, background: string): Promise<Blob | null> {
  renderer.refresh();
  const canvases = [...renderer.getContainer().querySelectorAll('canvas')].filter((c) => c.width > 0 && c.height > 0);
  const stage = renderer.getStageCanvas();
  const width = stage.width;
  const height = stage.height;
  const out = document.createElement('canvas');
  out.width = width;
  out.height = height;
  const context = out.getContext('2d');
  if (!context) return null;
  context.fillStyle = background;
  context.fillRect(0, 0, width, height);
  for (const canvas of canvases) {
    if (getComputedStyle(canvas).display === 'none') continue;
    context.drawImage(canvas, 0, 0, width, height);
  }
  return new Promise((resolve) => out.toBlob(resolve, 'image/png'));
}

function GraphView({
  nodes,
  edges,
  selectedNode,
  onSelectNode,
  selectedEdge,
  onSelectEdge,
  onNodeContextMenu,
  collapseThreshold = COLLAPSE_THRESHOLD,
  tablePrefix,
  fileName = 'graph',
  table,
  onTable,
  onFailure,
}: AnswerGraphProps & { table: boolean; onTable: (on: boolean) => void; onFailure: () => void }) {
  // The custom node kinds' colours; until they are read (or if they cannot be), the usual colours.
  const customNodes = useCustomNodes();
  const customColors = useMemo(() => customKindColors(customNodes.data), [customNodes.data]);
  const groups = useMemo(() => findGroups(nodes, edges, collapseThreshold), [nodes, edges, collapseThreshold]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [previousGroups, setPreviousGroups] = useState(groups);
  if (previousGroups !== groups) {
    setPreviousGroups(groups);
    setExpanded(new Set());
  }
  const collapsed = useMemo(() => groups.filter((g) => !expanded.has(g.id)), [groups, expanded]);
  const model = useMemo(
    () => buildAnswerGraph(nodes, edges, customColors, { collapsed, layout: false }),
    [nodes, edges, customColors, collapsed],
  );
  const [layoutKind, setLayoutKind] = useState<LayoutKind>('force');
  const [relayouts, setRelayouts] = useState(0);
  const [labels, setLabels] = useState(true);
  const [search, setSearch] = useState('');
  const [cursor, setCursor] = useState(0);

  // Positions: at once where the layout runs in the page, else from the worker.
  const input = useMemo(() => layoutInput(model), [model]);
  const immediate = useMemo(() => layoutNow(layoutKind, input), [layoutKind, input]);
  const [fromWorker, setFromWorker] = useState<{
    input: LayoutInput;
    kind: LayoutKind;
    run: number;
    positions: LayoutPositions;
  }>();
  const [layoutError, setLayoutError] = useState(false);
  useEffect(() => {
    if (immediate) return;
    let live = true;
    runLayout(layoutKind, input).then(
      (positions) => live && setFromWorker({ input, kind: layoutKind, run: relayouts, positions }),
      () => live && setLayoutError(true),
    );
    return () => {
      live = false;
    };
  }, [immediate, input, layoutKind, relayouts]);
  const positions =
    immediate ??
    (fromWorker && fromWorker.input === input && fromWorker.kind === layoutKind && fromWorker.run === relayouts
      ? fromWorker.positions
      : undefined);
  const placed = useMemo(() => (positions ? withPositions(model, positions) : undefined), [model, positions]);
  // The last placed drawing stays while the next layout runs.
  const [shown, setShown] = useState(placed);
  const [shownKind, setShownKind] = useState(layoutKind);
  if (placed && placed !== shown) {
    setShown(placed);
    setShownKind(layoutKind);
  }
  const laying = !placed;

  const theme = useTheme();
  const { mode, systemMode } = useColorScheme();
  const scheme = (mode === 'system' ? systemMode : mode) ?? 'light';
  const palette = theme.colorSchemes[scheme]?.palette ?? theme.palette;
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const duration = reduceMotion ? 0 : 250;

  const containerRef = useRef<HTMLDivElement>(null);
  const rendererRef = useRef<Renderer | null>(null);
  const colors = useRef<DrawingColors>({ label: '', edge: '', edgeLabel: '', labelBackground: '', font: '' });
  colors.current = {
    label: palette.text.primary,
    edge: palette.text.secondary,
    // Relationship labels in the body text's colour on the paper, as legible as node labels.
    edgeLabel: palette.text.primary,
    labelBackground: palette.background.paper,
    font: theme.typography.fontFamily ?? 'sans-serif',
  };
  const modelRef = useRef(shown);
  modelRef.current = shown;
  // The zoom that shows the whole spread graph (1 unless the view was too small for it): what "fit" returns to.
  const fittedRatio = useRef(1);
  const spreadRef = useRef(() => {});
  const onSelectRef = useRef(onSelectNode);
  onSelectRef.current = onSelectNode;
  const onSelectEdgeRef = useRef(onSelectEdge);
  onSelectEdgeRef.current = onSelectEdge;
  const onContextRef = useRef(onNodeContextMenu);
  onContextRef.current = onNodeContextMenu;
  const edgeEvents = useRef(onSelectEdge !== undefined);
  const onFailureRef = useRef(onFailure);
  onFailureRef.current = onFailure;
  const hoveredRef = useRef<string | null>(null);
  const groupsRef = useRef(model.groups);
  groupsRef.current = model.groups;

  // The highlighted node or relationship (by its key in the drawing): the page's selection, or the last one
  // clicked here.
  const fromProps = (): Selection =>
    selectedNode !== undefined
      ? { node: selectedNode }
      : selectedEdge !== undefined
        ? { edge: edgeKeyOf(selectedEdge) }
        : undefined;
  const [selected, setSelected] = useState<Selection>(fromProps);
  const [previousProps, setPreviousProps] = useState([selectedNode, selectedEdge]);
  if (selectedNode !== previousProps[0] || selectedEdge !== previousProps[1]) {
    setPreviousProps([selectedNode, selectedEdge]);
    setSelected(fromProps());
  }

  const expand = (group: string) => setExpanded((now) => new Set([...now, group]));
  const expandRef = useRef(expand);
  expandRef.current = expand;

  // Cleared where the drawing goes (a new renderer starts with no highlight).
  const highlightedRef = useRef<{ graph: Graph | null; nodes: string[]; edges: string[] }>({ graph: null, nodes: [], edges: [] });
  // The renderer starts with the view, before the first layout comes (its WebGL set-up overlaps the worker's run).
  const ready = !table;
  // One renderer while the drawing shows; a new layout or answer replaces its graph.
  useEffect(() => {
    const container = containerRef.current;
    if (!ready || !container) return;
    highlightedRef.current = { graph: null, nodes: [], edges: [] };
    const measure = textMeasure(colors.current.font);
    // Spreads the graph over the container as it now is, and shows all of it.
    const spread = (renderer?: Renderer) => {
      if (!modelRef.current) return;
      const size = { width: container.offsetWidth, height: container.offsetHeight, insetRight: TOOLBAR_WIDTH };
      fittedRatio.current = fitToView(modelRef.current, size, measure).ratio;
      if (!renderer) return;
      renderer.resize();
      renderer.refresh();
      renderer.getCamera().setState({ x: 0.5, y: 0.5, angle: 0, ratio: fittedRatio.current });
    };
    spreadRef.current = () => spread(rendererRef.current ?? undefined);
    spread();
    let renderer: Renderer;
    try {
      renderer = createRenderer(modelRef.current?.graph ?? new MultiDirectedGraph(), container, colors, edgeEvents.current);
      renderer.getCamera().setState({ ratio: fittedRatio.current });
    } catch {
      container.replaceChildren();
      onFailureRef.current();
      return;
    }
    rendererRef.current = renderer;
    renderer.on('clickNode', ({ node }) => {
      setSelected({ node });
      if (groupsRef.current.has(node)) expandRef.current(node);
      else onSelectRef.current?.(node);
    });
    renderer.on('rightClickNode', ({ node, event }) => {
      if (groupsRef.current.has(node) || !onContextRef.current) return;
      event.original.preventDefault();
      setSelected({ node });
      const original = event.original as MouseEvent;
      onContextRef.current(node, { x: original.clientX, y: original.clientY });
    });
    renderer.on('enterNode', ({ node }) => (hoveredRef.current = node));
    renderer.on('leaveNode', () => (hoveredRef.current = null));
    renderer.on('clickEdge', ({ edge }) => {
      setSelected({ edge });
      const index = edgeIndexOf(edge);
      if (index !== undefined) onSelectEdgeRef.current?.(index);
    });
    renderer.on('clickStage', () => setSelected(undefined));
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => spread(renderer));
    resize?.observe(container);
    return () => {
      resize?.disconnect();
      renderer.kill();
      rendererRef.current = null;
    };
  }, [ready]);

  useEffect(() => {
    const renderer = rendererRef.current;
    if (!renderer || !shown) return;
    renderer.setSettings(drawingSettings(shown.graph.order, shownKind));
    if (renderer.getGraph() !== shown.graph) renderer.setGraph(shown.graph);
    spreadRef.current();
  }, [shown, shownKind]);

  // Nodes whose name (or a collapsed member's) holds the search text, in the drawing's order.
  const found = useMemo(() => {
    const text = search.trim().toLowerCase();
    if (!shown || text === '') return [];
    return shown.graph.filterNodes((key, attributes) => {
      if (attributes.name.toLowerCase().includes(text)) return true;
      const group = shown.groups.get(key);
      return group?.members.some((m) => (nodes[m]?.label ?? '').toLowerCase().includes(text)) ?? false;
    });
  }, [search, shown, nodes]);

  // Highlight the selection and its neighbours, or else what the search found; fade the rest.
  useEffect(() => {
    const renderer = rendererRef.current;
    if (!renderer || !shown) return;
    const graph = shown.graph;
    const around =
      selected === undefined
        ? { nodes: found, edges: [] }
        : 'node' in selected
          ? neighbourhood(graph, selected.node)
          : relationshipAndEnds(graph, selected.edge);
    // Clear what was highlighted: all of a new graph, else only the last highlight (a large graph's every
    // item would cost a state refresh of each).
    const last = highlightedRef.current;
    if (last.graph !== graph) {
      renderer.setNodesState(graph.nodes(), { isHighlighted: false, isSelected: false });
      renderer.setEdgesState(graph.edges(), { isHighlighted: false });
    } else {
      renderer.setNodesState(
        last.nodes.filter((n) => graph.hasNode(n)),
        { isHighlighted: false, isSelected: false },
      );
      renderer.setEdgesState(
        last.edges.filter((e) => graph.hasEdge(e)),
        { isHighlighted: false },
      );
    }
    highlightedRef.current = { graph, nodes: around.nodes, edges: around.edges };
    renderer.setNodesState(around.nodes, { isHighlighted: true });
    renderer.setEdgesState(around.edges, { isHighlighted: true });
    if (selected && 'node' in selected && around.nodes.length > 0) renderer.setNodeState(selected.node, { isSelected: true });
    renderer.setGraphState({ hasSelection: around.nodes.length > 0 });
  }, [shown, selected, found, ready]);

  useEffect(() => {
    rendererRef.current?.setGraphState({ labelsOff: !labels });
  }, [labels, ready]);

  // A change of colour scheme redraws with the new colours.
  useEffect(() => {
    rendererRef.current?.refresh();
  }, [scheme]);

  const camera = () => rendererRef.current?.getCamera();
  const zoomIn = () => void camera()?.zoomIn({ duration });
  const zoomOut = () => void camera()?.zoomOut({ duration });
  const fit = () => void camera()?.animate({ x: 0.5, y: 0.5, angle: 0, ratio: fittedRatio.current }, { duration });
  const pan = (dx: number, dy: number) => {
    const c = camera();
    if (c) void c.animate({ x: c.x + dx * c.ratio * 0.1, y: c.y + dy * c.ratio * 0.1 }, { duration });
  };
  const centreOn = (node: string) => {
    const data = rendererRef.current?.getNodeDisplayData(node);
    const c = camera();
    if (data && c) void c.animate({ x: data.x, y: data.y, ratio: Math.min(c.ratio, fittedRatio.current / 2) }, { duration });
  };
  /** Where a node is on screen, for a menu opened from the keyboard (the drawing itself if it is not drawn). */
  const anchorOf = (node: string): { x: number; y: number } | HTMLElement => {
    const renderer = rendererRef.current;
    const data = renderer?.getNodeDisplayData(node);
    const container = containerRef.current!;
    if (!renderer || !data) return container;
    const at = renderer.framedGraphToViewport(data);
    const box = container.getBoundingClientRect();
    return { x: box.left + at.x, y: box.top + at.y };
  };
  const selectedKey = selected && 'node' in selected ? selected.node : undefined;

  const onKeyDown = (event: KeyboardEvent) => {
    const menuKey = event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey);
    if (menuKey) {
      if (selectedKey === undefined || model.groups.has(selectedKey) || !onNodeContextMenu) return;
      event.preventDefault();
      onNodeContextMenu(selectedKey, anchorOf(selectedKey));
      return;
    }
    const actions: Record<string, () => void> = {
      '+': zoomIn,
      '=': zoomIn,
      '-': zoomOut,
      '0': fit,
      ArrowLeft: () => pan(-1, 0),
      ArrowRight: () => pan(1, 0),
      ArrowUp: () => pan(0, 1),
      ArrowDown: () => pan(0, -1),
      Escape: () => setSelected(undefined),
    };
    if (selectedKey !== undefined) {
      actions.Enter = () => (model.groups.has(selectedKey) ? expand(selectedKey) : onSelectNode?.(selectedKey));
    }
    const action = actions[event.key];
    if (!action || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
    event.preventDefault();
    action();
  };

  const onSearchNext = (back: boolean) => {
    if (found.length === 0) return;
    const next = back ? (cursor <= 1 ? found.length : cursor - 1) : (cursor % found.length) + 1;
    setCursor(next);
    const node = found[next - 1]!;
    setSelected({ node });
    centreOn(node);
  };
  const exportPng = async () => {
    const renderer = rendererRef.current;
    if (!renderer) return;
    const blob = await drawingPng(renderer, palette.background.paper);
    if (blob) saveFile(blob, `${fileName}.png`, 'image/png');
  };

  const summary = shown ? graphSummary(shown.graph) : `Graph of ${plural(Object.keys(nodes).length, 'node')}`;
  const keysId = useId();
  const toolbar = (
    <GraphToolbar
      layout={layoutKind}
      onLayout={setLayoutKind}
      labels={labels}
      onLabels={setLabels}
      onRelayout={() => {
        setRelayouts((n) => n + 1);
        spreadRef.current();
      }}
      groups={groups.length}
      collapsed={collapsed.length}
      onCollapseAll={(collapse) => setExpanded(collapse ? new Set() : new Set(groups.map((g) => g.id)))}
      search={search}
      onSearch={(text) => {
        setSearch(text);
        setCursor(0);
        if (selected && 'node' in selected) setSelected(undefined);
      }}
      onSearchNext={onSearchNext}
      found={found.length}
      current={cursor}
      onExportJson={() => saveFile(answerJson(nodes, edges), `${fileName}.json`, 'application/json')}
      onExportPng={() => void exportPng()}
      table={table}
      onTable={onTable}
      drawing={!table}
    />
  );
  if (table) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {toolbar}
        <AnswerTable nodes={nodes} prefix={tablePrefix} fileName={`${fileName}-nodes`} />
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, height: '100%', minHeight: 420 }}>
      {toolbar}
      <Paper variant="outlined" sx={{ position: 'relative', flex: 1, minHeight: 360, overflow: 'hidden' }}>
        <Box
          ref={containerRef}
          role="img"
          aria-label={summary}
          aria-describedby={keysId}
          aria-busy={laying}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onContextMenu={(event) => {
            if (hoveredRef.current !== null && onNodeContextMenu) event.preventDefault();
          }}
          sx={{
            position: 'absolute',
            inset: 0,
            // The focus ring over sigma's canvases (an outline would be drawn under them).
            '&:focus-visible': { outline: 'none' },
            '&:focus-visible::after': {
              content: '""',
              position: 'absolute',
              inset: 0,
              border: 2,
              borderColor: 'primary.main',
              borderRadius: 1,
              pointerEvents: 'none',
            },
          }}
        />
        {(laying || layoutError) && (
          <Box sx={{ position: 'absolute', top: 8, left: 8, right: TOOLBAR_WIDTH + 8, pointerEvents: 'none' }}>
            {layoutError ? (
              <Alert severity="warning">The layout failed; Reset layout tries again.</Alert>
            ) : (
              <Box role="status" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
                <Typography variant="body2" color="text.secondary">
                  Laying out {plural(model.graph.order, 'node')}…
                </Typography>
                <LinearProgress aria-label="Laying out the graph" />
              </Box>
            )}
          </Box>
        )}
        <Paper
          role="toolbar"
          aria-label="Graph view"
          elevation={2}
          sx={{ position: 'absolute', top: 8, right: 8, display: 'flex', flexDirection: 'column' }}
        >
          {(
            [
              ['Zoom in', GLYPHS.zoomIn, zoomIn],
              ['Zoom out', GLYPHS.zoomOut, zoomOut],
              ['Fit the graph', GLYPHS.fit, fit],
            ] as const
          ).map(([name, glyph, action]) => (
            <Tooltip key={name} title={name} placement="left">
              <IconButton aria-label={name} onClick={action}>
                <SvgIcon>
                  <path d={glyph} />
                </SvgIcon>
              </IconButton>
            </Tooltip>
          ))}
        </Paper>
      </Paper>
      <Typography id={keysId} variant="body2" color="text.secondary">
        Click a node to highlight its neighbours and name its relationships
        {onSelectEdge ? ', or a relationship to open its details' : ''}. With the graph focused: + and − zoom, 0 fits, arrow keys
        pan{onSelectNode ? ', Enter opens the selected node' : ''}
        {onNodeContextMenu ? ', the context-menu key or Shift+F10 opens its menu' : ''}.
        {collapsed.length > 0 &&
          ` Collapsed: ${plural(collapsed.length, 'large group')} of alike neighbours, each drawn as one node; click one, or select it and press Enter, to expand it.`}
        {model.skippedEdges > 0 &&
          ` ${plural(model.skippedEdges, 'relationship')} not drawn: an end is not among the answer's nodes.`}
      </Typography>
      <Legend entries={model.legend} tierZero={model.tierZeroCount} owned={model.ownedCount} edgeKinds={model.edgeKinds} />
    </Box>
  );
}

const swatch = { width: 12, height: 12, flexShrink: 0, display: 'inline-block' } as const;

function Legend({
  entries,
  tierZero,
  owned,
  edgeKinds,
}: {
  entries: LegendEntry[];
  tierZero: number;
  owned: number;
  edgeKinds: { kind: string; count: number }[];
}) {
  if (entries.length === 0) return null;
  const item = { display: 'flex', alignItems: 'center', gap: 0.75 } as const;
  return (
    <Box
      component="ul"
      aria-label="Legend"
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, m: 0, p: 0, listStyle: 'none' }}
    >
      {entries.map((entry) => (
        <Typography key={entry.kind} component="li" variant="body2" sx={item}>
          <Box aria-hidden sx={{ ...swatch, borderRadius: '50%', bgcolor: entry.color }} />
          {entry.kind} ({entry.count})
        </Typography>
      ))}
      {tierZero > 0 && (
        <Typography component="li" variant="body2" sx={item}>
          <Box aria-hidden sx={{ ...swatch, transform: 'rotate(45deg) scale(0.8)', bgcolor: 'text.secondary' }} />
          Tier Zero: diamond ({tierZero})
        </Typography>
      )}
      {owned > 0 && (
        <Typography component="li" variant="body2" sx={item}>
          <Box aria-hidden sx={{ ...swatch, borderRadius: '50%', border: `2px solid ${OWNED_RING_COLOR}` }} />
          Owned: red ring ({owned})
        </Typography>
      )}
      {edgeKinds.length > 0 && (
        // Relationship labels show only on a selection's relationships: the kinds are named here.
        <Typography component="li" variant="body2" sx={item}>
          <Box aria-hidden sx={{ ...swatch, height: 2, bgcolor: 'text.secondary' }} />
          {edgeKinds.map(({ kind, count }) => `${kind} (${count})`).join(', ')}
        </Typography>
      )}
    </Box>
  );
}
