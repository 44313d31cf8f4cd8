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
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useColorScheme, useTheme } from '@mui/material/styles';
import SvgIcon from '@mui/material/SvgIcon';
import Sigma from 'sigma';
import { extremityArrow, layerFill, layerPlain, pathCurved, pathLine, pathLoop, sdfCircle, sdfDiamond } from 'sigma/rendering';
import type { CypherEdge, CypherNode } from '@/api/schemas/cypher';
import { customKindColors, useCustomNodes } from '@/api/custom-nodes';
import { EmptyState } from '@/components/states';
import { plural } from '@/shared/words';
import {
  buildAnswerGraph,
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
export function drawingSettings(order: number) {
  const { allLabels, ...labels } = labelSettings(order);
  return {
    ...labels,
    autoRescale: false,
    zoomToSizeRatioFunction: allLabels ? (ratio: number) => ratio : Math.sqrt,
  };
}

type Renderer = Sigma<
  AnswerNodeAttributes,
  AnswerEdgeAttributes,
  object,
  { isSelected: boolean },
  object,
  { hasSelection: boolean }
>;

function createRenderer(graph: Graph, container: HTMLElement, colors: { current: DrawingColors }, edgeEvents: boolean): Renderer {
  return new Sigma(graph, container, {
    customNodeState: { isSelected: false },
    customGraphState: { hasSelection: false },
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
  if (!webgl || failed) return <Alert severity="info">{NO_WEBGL_MESSAGE}</Alert>;
  if (Object.keys(props.nodes).length === 0) {
    return <EmptyState title="Nothing to draw">The answer has no nodes; any values it returned are in the tables.</EmptyState>;
  }
  return <GraphView {...props} onFailure={() => setFailed(true)} />;
}

function GraphView({
  nodes,
  edges,
  selectedNode,
  onSelectNode,
  selectedEdge,
  onSelectEdge,
  onFailure,
}: AnswerGraphProps & { onFailure: () => void }) {
  // The custom node kinds' colours; until they are read (or if they cannot be), the usual colours.
  const customNodes = useCustomNodes();
  const customColors = useMemo(() => customKindColors(customNodes.data), [customNodes.data]);
  const model = useMemo(() => buildAnswerGraph(nodes, edges, customColors), [nodes, edges, customColors]);
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
  const modelRef = useRef(model);
  modelRef.current = model;
  // The zoom that shows the whole spread graph (1 unless the view was too small for it): what "fit" returns to.
  const fittedRatio = useRef(1);
  const spreadRef = useRef(() => {});
  const onSelectRef = useRef(onSelectNode);
  onSelectRef.current = onSelectNode;
  const onSelectEdgeRef = useRef(onSelectEdge);
  onSelectEdgeRef.current = onSelectEdge;
  const edgeEvents = useRef(onSelectEdge !== undefined);
  const onFailureRef = useRef(onFailure);
  onFailureRef.current = onFailure;

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

  // One renderer for the component's life; a new answer replaces its graph.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const measure = textMeasure(colors.current.font);
    // Spreads the graph over the container as it now is, and shows all of it.
    const spread = (renderer?: Renderer) => {
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
      renderer = createRenderer(modelRef.current.graph, container, colors, edgeEvents.current);
      renderer.getCamera().setState({ ratio: fittedRatio.current });
    } catch {
      container.replaceChildren();
      onFailureRef.current();
      return;
    }
    rendererRef.current = renderer;
    renderer.on('clickNode', ({ node }) => {
      setSelected({ node });
      onSelectRef.current?.(node);
    });
    renderer.on('clickEdge', ({ edge }) => {
      setSelected({ edge });
      onSelectEdgeRef.current?.(edgeIndexOf(edge));
    });
    renderer.on('clickStage', () => setSelected(undefined));
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => spread(renderer));
    resize?.observe(container);
    return () => {
      resize?.disconnect();
      renderer.kill();
      rendererRef.current = null;
    };
  }, []);

  useEffect(() => {
    const renderer = rendererRef.current;
    if (!renderer || renderer.getGraph() === model.graph) return;
    renderer.setSettings(drawingSettings(model.graph.order));
    renderer.setGraph(model.graph);
    spreadRef.current();
  }, [model.graph]);

  // Highlight the selection and its neighbours; fade the rest.
  useEffect(() => {
    const renderer = rendererRef.current;
    if (!renderer) return;
    const graph = model.graph;
    const around =
      selected === undefined
        ? { nodes: [], edges: [] }
        : 'node' in selected
          ? neighbourhood(graph, selected.node)
          : relationshipAndEnds(graph, selected.edge);
    renderer.setNodesState(graph.nodes(), { isHighlighted: false, isSelected: false });
    renderer.setEdgesState(graph.edges(), { isHighlighted: false });
    renderer.setNodesState(around.nodes, { isHighlighted: true });
    renderer.setEdgesState(around.edges, { isHighlighted: true });
    if (selected && 'node' in selected && around.nodes.length > 0) renderer.setNodeState(selected.node, { isSelected: true });
    renderer.setGraphState({ hasSelection: around.nodes.length > 0 });
  }, [model.graph, selected]);

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

  const onKeyDown = (event: KeyboardEvent) => {
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
    const action = actions[event.key];
    if (!action || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    action();
  };

  const summary = graphSummary(model.graph);
  const keysId = useId();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, height: '100%', minHeight: 420 }}>
      <Paper variant="outlined" sx={{ position: 'relative', flex: 1, minHeight: 360, overflow: 'hidden' }}>
        <Box
          ref={containerRef}
          role="img"
          aria-label={summary}
          aria-describedby={keysId}
          tabIndex={0}
          onKeyDown={onKeyDown}
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
        pan.
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
