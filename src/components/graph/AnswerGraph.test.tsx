import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CypherEdge, CypherNode } from '@/api/schemas/cypher';
import { renderWithProviders } from '@/testing/render';
import type { AnswerGraph as Graph } from './answer-graph-model';
import AnswerGraph, { NO_WEBGL_MESSAGE } from './AnswerGraph';

/**
 * jsdom has no WebGL: sigma is replaced by a recorder of what the component asks of it (its public API),
 * and the WebGL probe is answered per test.
 */
const sigma = vi.hoisted(() => ({
  instances: [] as FakeSigma[],
  failOnCreate: false,
}));
interface FakeSigma {
  graph: Graph;
  handlers: Map<string, (payload: Record<string, string>) => void>;
  nodeState: Map<string, Record<string, boolean>>;
  edgeState: Map<string, Record<string, boolean>>;
  graphState: Record<string, boolean>;
  camera: {
    zoomIn: ReturnType<typeof vi.fn>;
    zoomOut: ReturnType<typeof vi.fn>;
    animate: ReturnType<typeof vi.fn>;
    setState: ReturnType<typeof vi.fn>;
  };
  settings: Record<string, unknown>;
  kill: ReturnType<typeof vi.fn>;
}
// Its primitives' factories read WebGL constants as they load: each gives a description named after itself.
vi.mock('sigma/rendering', () =>
  Object.fromEntries(
    ['extremityArrow', 'layerFill', 'layerPlain', 'pathCurved', 'pathLine', 'pathLoop', 'sdfCircle', 'sdfDiamond'].map((name) => [
      name,
      () => ({ name }),
    ]),
  ),
);
vi.mock('sigma', () => ({
  default: class {
    graph: Graph;
    handlers = new Map<string, (payload: Record<string, string>) => void>();
    nodeState = new Map<string, Record<string, boolean>>();
    edgeState = new Map<string, Record<string, boolean>>();
    graphState: Record<string, boolean> = {};
    camera = {
      x: 0.5,
      y: 0.5,
      ratio: 1,
      zoomIn: vi.fn(async () => undefined),
      zoomOut: vi.fn(async () => undefined),
      animate: vi.fn(async () => undefined),
      setState: vi.fn(),
    };
    settings: Record<string, unknown>;
    kill = vi.fn();
    constructor(graph: Graph, _container: HTMLElement, options: { settings: Record<string, unknown> }) {
      if (sigma.failOnCreate) throw new Error('Sigma: WebGL 2 is not supported by your browser.');
      this.graph = graph;
      this.settings = options.settings;
      sigma.instances.push(this as unknown as FakeSigma);
    }
    on(event: string, handler: (payload: Record<string, string>) => void) {
      this.handlers.set(event, handler);
      return this;
    }
    getGraph = () => this.graph;
    setGraph = (graph: Graph) => {
      this.graph = graph;
      return this;
    };
    getCamera = () => this.camera;
    setNodesState = (keys: string[], state: Record<string, boolean>) => {
      for (const key of keys) this.nodeState.set(key, { ...this.nodeState.get(key), ...state });
      return this;
    };
    setNodeState = (key: string, state: Record<string, boolean>) => this.setNodesState([key], state);
    setEdgesState = (keys: string[], state: Record<string, boolean>) => {
      for (const key of keys) this.edgeState.set(key, { ...this.edgeState.get(key), ...state });
      return this;
    };
    setGraphState = (state: Record<string, boolean>) => {
      this.graphState = { ...this.graphState, ...state };
      return this;
    };
    refresh = () => this;
    setSettings = (settings: Record<string, unknown>) => {
      this.settings = { ...this.settings, ...settings };
      return this;
    };
    resize = () => this;
    getNodeDisplayData = (key: string) => {
      if (!this.graph.hasNode(key)) return undefined;
      const { x, y } = this.graph.getNodeAttributes(key);
      return { x: 0.5 + x / 1000, y: 0.5 + y / 1000 };
    };
    framedGraphToViewport = ({ x, y }: { x: number; y: number }) => ({ x: x * 100, y: y * 100 });
  },
}));
const saved = vi.hoisted(() => ({ files: [] as { content: string | Blob; name: string; type: string }[] }));
vi.mock('@/lib/save-file', () => ({
  saveFile: (content: string | Blob, name: string, type: string) => saved.files.push({ content, name, type }),
}));

function node(label: string, kind: string, marks: { tierZero?: boolean; owned?: boolean } = {}): CypherNode {
  return {
    label,
    kind,
    kinds: ['Base', kind],
    objectId: `S-${label}`,
    isTierZero: marks.tierZero ?? false,
    isOwnedObject: marks.owned ?? false,
    lastSeen: '2026-11-27T00:00:00Z',
  };
}
const edge = (source: string, target: string, kind: string): CypherEdge => ({
  source,
  target,
  kind,
  label: kind,
  lastSeen: '2026-11-27T00:00:00Z',
});
const nodes = {
  '1': node('ALICE@CORP.LOCAL', 'User', { owned: true }),
  '2': node('DOMAIN ADMINS@CORP.LOCAL', 'Group', { tierZero: true }),
  '3': node('DC01.CORP.LOCAL', 'Computer', { tierZero: true }),
  '4': node('BOB@CORP.LOCAL', 'User'),
};
const edges = [edge('1', '2', 'MemberOf'), edge('2', '3', 'AdminTo')];

/** Drawn in the console's providers; `show` re-renders with other props. */
function renderGraph(props: Partial<Parameters<typeof AnswerGraph>[0]> = {}) {
  let setProps: (next: Partial<Parameters<typeof AnswerGraph>[0]>) => void = () => undefined;
  function Host() {
    const [current, set] = useState(props);
    setProps = set;
    return <AnswerGraph nodes={nodes} edges={edges} {...current} />;
  }
  const result = renderWithProviders(<Host />);
  return { ...result, show: (next: Partial<Parameters<typeof AnswerGraph>[0]>) => act(() => setProps(next)) };
}
const lastRenderer = () => sigma.instances.at(-1)!;
const highlighted = (renderer: FakeSigma, items: 'nodeState' | 'edgeState' = 'nodeState') =>
  [...renderer[items]].filter(([, state]) => state.isHighlighted).map(([key]) => key);

function answerWebGL(available: boolean) {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(((kind: string) =>
    available && kind === 'webgl2' ? {} : null) as typeof HTMLCanvasElement.prototype.getContext);
}

beforeEach(() => {
  saved.files.length = 0;
  sigma.instances.length = 0;
  sigma.failOnCreate = false;
});
afterEach(() => vi.restoreAllMocks());

describe('AnswerGraph without WebGL', () => {
  it('says the tables show the answer, and draws nothing', () => {
    answerWebGL(false);
    renderGraph();
    expect(screen.getByText(NO_WEBGL_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(sigma.instances).toHaveLength(0);
  });

  it('says so too when the renderer cannot start', () => {
    answerWebGL(true);
    sigma.failOnCreate = true;
    renderGraph();
    expect(screen.getByText(NO_WEBGL_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zoom in' })).not.toBeInTheDocument();
  });
});

describe('AnswerGraph', () => {
  beforeEach(() => answerWebGL(true));

  it('names the drawing by what it holds and gives a legend of kinds and marks', () => {
    renderGraph();
    expect(screen.getByRole('img', { name: 'Graph of 4 nodes and 2 relationships' })).toBeInTheDocument();
    const legend = within(screen.getByRole('list', { name: 'Legend' }));
    expect(legend.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'User (2)',
      'Computer (1)',
      'Group (1)',
      'Tier Zero: diamond (2)',
      'Owned: red ring (1)',
      'AdminTo (1), MemberOf (1)',
    ]);
    expect(lastRenderer().graph.order).toBe(4);
  });

  it('draws a small answer with every label, spread over the view and fitted to it', () => {
    renderGraph();
    const renderer = lastRenderer();
    // Positions are pixels around the view's centre (fitToView), labels scale with the zoom.
    expect(renderer.settings).toMatchObject({ autoRescale: false, labelRenderedSizeThreshold: 0 });
    expect((renderer.settings.zoomToSizeRatioFunction as (r: number) => number)(2)).toBe(2);
    expect(renderer.camera.setState).toHaveBeenCalledWith({ ratio: 1 });
    renderer.graph.forEachNode((_key, attributes) => expect(attributes.label).toBeTruthy());
  });

  it('says when the answer has no nodes to draw', () => {
    renderGraph({ nodes: {}, edges: [] });
    expect(screen.getByText('Nothing to draw')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(sigma.instances).toHaveLength(0);
  });

  it('zooms and fits from its buttons and from the keyboard on the drawing', async () => {
    const user = userEvent.setup();
    renderGraph();
    const { camera } = lastRenderer();
    // The toolbar comes first; the drawing after it.
    act(() => screen.getByRole('img', { name: /^Graph of/ }).focus());
    expect(screen.getByRole('img', { name: /^Graph of/ })).toHaveFocus();
    await user.keyboard('+-0');
    expect(camera.zoomIn).toHaveBeenCalledTimes(1);
    expect(camera.zoomOut).toHaveBeenCalledTimes(1);
    // Fitting shows the whole spread graph: the view's centre at the fitted zoom.
    expect(camera.animate).toHaveBeenCalledTimes(1);
    expect(camera.animate).toHaveBeenLastCalledWith({ x: 0.5, y: 0.5, angle: 0, ratio: 1 }, expect.anything());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Zoom in' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    await user.click(screen.getByRole('button', { name: 'Fit the graph' }));
    expect(camera.zoomIn).toHaveBeenCalledTimes(2);
    expect(camera.zoomOut).toHaveBeenCalledTimes(2);
    expect(camera.animate).toHaveBeenCalledTimes(2);
  });

  it('selects a clicked node and highlights it with its neighbours; the background or Escape clears it', () => {
    const onSelectNode = vi.fn();
    renderGraph({ onSelectNode });
    const renderer = lastRenderer();
    expect(renderer.graphState.hasSelection).toBe(false);

    act(() => renderer.handlers.get('clickNode')!({ node: '2' }));
    expect(onSelectNode).toHaveBeenCalledWith('2');
    expect(highlighted(renderer).sort()).toEqual(['1', '2', '3']);
    expect(renderer.nodeState.get('2')?.isSelected).toBe(true);
    expect(renderer.graphState.hasSelection).toBe(true);

    act(() => renderer.handlers.get('clickStage')!({}));
    expect(highlighted(renderer)).toEqual([]);
    expect(renderer.graphState.hasSelection).toBe(false);

    act(() => renderer.handlers.get('clickNode')!({ node: '4' }));
    expect(highlighted(renderer)).toEqual(['4']);
    fireEvent.keyDown(screen.getByRole('img', { name: /^Graph of/ }), { key: 'Escape' });
    expect(renderer.graphState.hasSelection).toBe(false);
  });

  it('selects a clicked relationship and highlights it with its ends, where the page takes relationship clicks', () => {
    const onSelectEdge = vi.fn();
    const { show } = renderGraph({ onSelectEdge });
    const renderer = lastRenderer();
    expect(renderer.settings.enableEdgeEvents).toBe(true);

    act(() => renderer.handlers.get('clickEdge')!({ edge: 'e1' }));
    expect(onSelectEdge).toHaveBeenCalledWith(1);
    expect(highlighted(renderer).sort()).toEqual(['2', '3']);
    expect(highlighted(renderer, 'edgeState')).toEqual(['e1']);
    expect(renderer.graphState.hasSelection).toBe(true);
    fireEvent.keyDown(screen.getByRole('img', { name: /^Graph of/ }), { key: 'Escape' });
    expect(renderer.graphState.hasSelection).toBe(false);

    // The page's selection: the relationship in its panel.
    show({ onSelectEdge, selectedEdge: 0 });
    expect(highlighted(renderer).sort()).toEqual(['1', '2']);
    expect(highlighted(renderer, 'edgeState')).toEqual(['e0']);
  });

  it('leaves relationships to the pointer alone where the page takes no relationship clicks', () => {
    renderGraph();
    expect(lastRenderer().settings.enableEdgeEvents).toBe(false);
    expect(screen.getByText(/^Click a node to highlight its neighbours and name its relationships\. /)).toBeInTheDocument();
  });

  it('highlights the selection the page gives', () => {
    const { show } = renderGraph({ selectedNode: '3' });
    const renderer = lastRenderer();
    expect(highlighted(renderer).sort()).toEqual(['2', '3']);
    show({ selectedNode: '1' });
    expect(highlighted(renderer).sort()).toEqual(['1', '2']);
  });

  it('draws a new answer with the same renderer, and stops it when it goes', () => {
    const { show, unmount } = renderGraph();
    const renderer = lastRenderer();
    show({ nodes: { a: node('A', 'Domain') }, edges: [] });
    expect(sigma.instances).toHaveLength(1);
    expect(renderer.graph.order).toBe(1);
    expect(renderer.camera.setState).toHaveBeenLastCalledWith({ x: 0.5, y: 0.5, angle: 0, ratio: 1 });
    expect(screen.getByRole('img', { name: 'Graph of 1 node and 0 relationships' })).toBeInTheDocument();
    unmount();
    expect(renderer.kill).toHaveBeenCalledTimes(1);
  });
});

/** A group with `n` users that are MemberOf it, and one more user that is MemberOf it and owns a computer. */
function star(n: number) {
  const many: Record<string, CypherNode> = { g: node('STAFF@CORP.LOCAL', 'Group'), x: node('XAVIER@CORP.LOCAL', 'User') };
  const joined: CypherEdge[] = [edge('x', 'g', 'MemberOf')];
  many.pc = node('PC01.CORP.LOCAL', 'Computer');
  joined.push(edge('x', 'pc', 'AdminTo'));
  for (let i = 0; i < n; i++) {
    many[`u${i}`] = node(`USER${i}@CORP.LOCAL`, 'User');
    joined.push(edge(`u${i}`, 'g', 'MemberOf'));
  }
  return { nodes: many, edges: joined };
}

describe('AnswerGraph toolbar', () => {
  beforeEach(() => answerWebGL(true));

  it('lays out again in layers on Hierarchical, the drawing kept until the new places come', async () => {
    const user = userEvent.setup();
    renderGraph();
    const renderer = lastRenderer();
    const toolbar = within(screen.getByRole('toolbar', { name: 'Graph' }));
    expect(toolbar.getByRole('button', { name: 'Force' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(toolbar.getByRole('button', { name: 'Hierarchical' }));
    expect(toolbar.getByRole('button', { name: 'Hierarchical' })).toHaveAttribute('aria-pressed', 'true');
    // Top down: ALICE (1) → DOMAIN ADMINS (2) → DC01 (3), each below its source (sigma's y points up).
    await waitFor(() =>
      expect(renderer.graph.getNodeAttribute('1', 'y')).toBeGreaterThan(renderer.graph.getNodeAttribute('2', 'y')),
    );
    expect(renderer.graph.getNodeAttribute('2', 'y')).toBeGreaterThan(renderer.graph.getNodeAttribute('3', 'y'));
    expect(sigma.instances).toHaveLength(1);
  });

  it('turns labels off and on', async () => {
    const user = userEvent.setup();
    renderGraph();
    const renderer = lastRenderer();
    const labels = screen.getByRole('button', { name: 'Labels' });
    expect(labels).toHaveAttribute('aria-pressed', 'true');
    await user.click(labels);
    expect(labels).toHaveAttribute('aria-pressed', 'false');
    expect(renderer.graphState.labelsOff).toBe(true);
    await user.click(labels);
    expect(renderer.graphState.labelsOff).toBe(false);
  });

  it('finds nodes by name: highlights them, and Enter goes to each in turn and centres it', async () => {
    const user = userEvent.setup();
    renderGraph();
    const renderer = lastRenderer();
    const find = screen.getByRole('searchbox', { name: 'Find in graph' });
    await user.type(find, 'corp.local');
    expect(highlighted(renderer).sort()).toEqual(['1', '2', '3', '4']);
    expect(screen.getByText('4 found')).toBeInTheDocument();
    await user.clear(find);
    await user.type(find, '@');
    expect(highlighted(renderer).sort()).toEqual(['1', '2', '4']);
    await user.keyboard('{Enter}');
    expect(screen.getByText('1 of 3')).toBeInTheDocument();
    expect(renderer.nodeState.get('1')?.isSelected).toBe(true);
    const { x, y } = renderer.graph.getNodeAttributes('1');
    expect(renderer.camera.animate).toHaveBeenLastCalledWith(
      expect.objectContaining({ x: 0.5 + x / 1000, y: 0.5 + y / 1000 }),
      expect.anything(),
    );
    await user.keyboard('{Enter}{Enter}{Enter}');
    expect(screen.getByText('1 of 3')).toBeInTheDocument();
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
    await user.clear(find);
    await user.type(find, 'nobody');
    expect(screen.getByText('No node matches')).toBeInTheDocument();
    expect(renderer.graphState.hasSelection).toBe(false);
  });

  it('exports the answer as given as JSON', async () => {
    const user = userEvent.setup();
    renderGraph({ fileName: 'answer' });
    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    expect(saved.files).toHaveLength(1);
    expect(saved.files[0]!.name).toBe('answer.json');
    expect(JSON.parse(saved.files[0]!.content as string)).toEqual({ nodes, edges });
  });

  it('shows the same answer as a table, with chosen property columns and a CSV of what it shows', async () => {
    const user = userEvent.setup();
    const withProperties = {
      ...nodes,
      '1': { ...nodes['1'], properties: { enabled: true, title: 'Engineer' } },
      '4': { ...nodes['4'], properties: { enabled: false } },
    };
    renderGraph({ nodes: withProperties });
    await user.click(screen.getByRole('button', { name: 'Table' }));
    expect(screen.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('img', { name: /^Graph of/ })).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Nodes of the graph' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ALICE@CORP.LOCAL', 'DOMAIN ADMINS@CORP.LOCAL', 'DC01.CORP.LOCAL', 'BOB@CORP.LOCAL']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Kind', 'Object ID', 'Tier Zero', 'Owned']);
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: /Enabled/ }));
    await user.keyboard('{Escape}');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toContain('Enabled');
    await user.click(within(table).getByRole('button', { name: /^Name/ }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(saved.files[0]!.name).toBe('graph-nodes.csv');
    expect((saved.files[0]!.content as string).split('\r\n')).toEqual([
      'Name,Kind,Object ID,Tier Zero,Owned,Enabled',
      'ALICE@CORP.LOCAL,User,S-ALICE@CORP.LOCAL,No,Yes,true',
      'BOB@CORP.LOCAL,User,S-BOB@CORP.LOCAL,No,No,false',
      'DC01.CORP.LOCAL,Computer,S-DC01.CORP.LOCAL,Yes,No,',
      'DOMAIN ADMINS@CORP.LOCAL,Group,S-DOMAIN ADMINS@CORP.LOCAL,Yes,No,',
      '',
    ]);
    // Back to the drawing.
    await user.click(screen.getByRole('button', { name: 'Table' }));
    expect(screen.getByRole('img', { name: 'Graph of 4 nodes and 2 relationships' })).toBeInTheDocument();
  });
});

describe('AnswerGraph collapsed groups', () => {
  beforeEach(() => answerWebGL(true));

  it('draws a large group of alike leaves as one node, expanded by a click or by Enter; all at once from the toolbar', async () => {
    const user = userEvent.setup();
    const onSelectNode = vi.fn();
    const answer = star(42);
    renderGraph({ ...answer, onSelectNode });
    const renderer = lastRenderer();
    expect(screen.getByRole('img', { name: 'Graph of 4 nodes and 3 relationships' })).toBeInTheDocument();
    const group = renderer.graph.findNode((_key, attributes) => attributes.group !== undefined)!;
    expect(renderer.graph.getNodeAttribute(group, 'name')).toBe('42 Users (MemberOf)');

    act(() => renderer.handlers.get('clickNode')!({ node: group }));
    expect(onSelectNode).not.toHaveBeenCalled();
    expect(screen.getByRole('img', { name: 'Graph of 45 nodes and 44 relationships' })).toBeInTheDocument();
    expect(renderer.graph.order).toBe(45);

    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(renderer.graph.order).toBe(4);
    // Selected by search, then Enter on the drawing expands it.
    await user.type(screen.getByRole('searchbox', { name: 'Find in graph' }), 'USER41{Enter}');
    act(() => screen.getByRole('img', { name: /^Graph of/ }).focus());
    await user.keyboard('{Enter}');
    expect(renderer.graph.order).toBe(45);
    expect(screen.getByRole('button', { name: 'Collapse all' })).toBeInTheDocument();
  });
});

describe('AnswerGraph for an embedding page', () => {
  beforeEach(() => answerWebGL(true));

  it("asks for a node's menu on a right-click, and from the keyboard with the node selected", async () => {
    const user = userEvent.setup();
    const onNodeContextMenu = vi.fn();
    const onSelectNode = vi.fn();
    renderGraph({ onNodeContextMenu, onSelectNode });
    const renderer = lastRenderer();
    const original = new MouseEvent('contextmenu', { clientX: 40, clientY: 50, cancelable: true });
    act(() => renderer.handlers.get('rightClickNode')!({ node: '2', event: { original } } as never));
    expect(onNodeContextMenu).toHaveBeenLastCalledWith('2', { x: 40, y: 50 });
    expect(original.defaultPrevented).toBe(true);
    expect(renderer.nodeState.get('2')?.isSelected).toBe(true);

    const drawing = screen.getByRole('img', { name: /^Graph of/ });
    act(() => drawing.focus());
    await user.keyboard('{Shift>}{F10}{/Shift}');
    expect(onNodeContextMenu).toHaveBeenCalledTimes(2);
    const anchor = onNodeContextMenu.mock.lastCall![1] as { x: number; y: number };
    expect(typeof anchor.x).toBe('number');
    fireEvent.keyDown(drawing, { key: 'ContextMenu' });
    expect(onNodeContextMenu).toHaveBeenCalledTimes(3);
    await user.keyboard('{Enter}');
    expect(onSelectNode).toHaveBeenLastCalledWith('2');

    // Nothing selected: the keys do nothing.
    await user.keyboard('{Escape}');
    fireEvent.keyDown(drawing, { key: 'ContextMenu' });
    expect(onNodeContextMenu).toHaveBeenCalledTimes(3);
  });
});
