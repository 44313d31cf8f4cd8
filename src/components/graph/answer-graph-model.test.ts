import { describe, expect, it } from 'vitest';
import type { CypherEdge, CypherNode } from '@/api/schemas/cypher';
import {
  boxesOverlap,
  buildAnswerGraph,
  EDGE_LABEL_SIZE,
  EDGE_LABELS,
  fitToView,
  graphSummary,
  LABEL_ALL_LIMIT,
  LABEL_SIZE,
  labelSettings,
  layoutSettings,
  shortenLabel,
  KIND_PALETTE,
  kindColors,
  layoutIterations,
  neighbourhood,
  OTHER_KIND_COLOR,
} from './answer-graph-model';

function node(label: string, kind: string, marks: { tierZero?: boolean; owned?: boolean } = {}): CypherNode {
  return {
    label,
    kind,
    kinds: ['Base', kind],
    objectId: `S-1-5-21-${label}`,
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

/** WCAG relative luminance and contrast ratio of two `#rrggbb` colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

const distance = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

describe('kind colours', () => {
  it('gives every palette colour (and the fallback) 3:1 against the paper of both colour schemes', () => {
    for (const color of [...KIND_PALETTE, OTHER_KIND_COLOR]) {
      expect(contrast(color, '#ffffff'), `${color} on light paper`).toBeGreaterThanOrEqual(3);
      expect(contrast(color, '#171b24'), `${color} on dark paper`).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(KIND_PALETTE).size).toBe(KIND_PALETTE.length);
  });

  it('keeps an Active Directory kind its colour whatever else the answer holds', () => {
    expect(kindColors(['User']).get('User')).toBe(kindColors(['Group', 'AZUser', 'User']).get('User'));
    expect(kindColors(['Computer', 'Group']).get('Computer')).not.toBe(kindColors(['Computer', 'Group']).get('Group'));
  });

  it('gives other kinds the colours no kind of the answer has, in name order, then grey', () => {
    const colors = kindColors(['User', 'AZVM', 'AZTenant']);
    expect(colors.get('AZTenant')).not.toBe(colors.get('User'));
    expect(colors.get('AZVM')).not.toBe(colors.get('User'));
    expect(colors.get('AZTenant')).not.toBe(colors.get('AZVM'));
    const many = kindColors(Array.from({ length: KIND_PALETTE.length + 2 }, (_, i) => `Kind${String(i).padStart(2, '0')}`));
    const assigned = [...many.values()];
    expect(new Set(assigned.slice(0, KIND_PALETTE.length)).size).toBe(KIND_PALETTE.length);
    expect(assigned.slice(KIND_PALETTE.length)).toEqual([OTHER_KIND_COLOR, OTHER_KIND_COLOR]);
  });
});

describe('buildAnswerGraph', () => {
  const nodes = {
    '1': node('ALICE@CORP.LOCAL', 'User', { owned: true }),
    '2': node('DOMAIN ADMINS@CORP.LOCAL', 'Group', { tierZero: true }),
    '3': node('DC01.CORP.LOCAL', 'Computer', { tierZero: true }),
    '4': node('BOB@CORP.LOCAL', 'User'),
  };
  const edges = [
    edge('1', '2', 'MemberOf'),
    edge('1', '2', 'GenericAll'),
    edge('2', '3', 'AdminTo'),
    edge('4', '1', 'HasSession'),
    edge('4', '99', 'MemberOf'),
  ];

  it('draws a kind with a custom colour in that colour, in the drawing and the legend', () => {
    const custom = new Map([
      ['Group', '#5FED83'],
      ['GHRepository', '#9EECFF'],
    ]);
    const withCustom = { ...nodes, '5': node('admin-console', 'GHRepository') };
    const { graph, legend } = buildAnswerGraph(withCustom, edges, custom);
    expect(graph.getNodeAttribute('2', 'color')).toBe('#5FED83');
    expect(graph.getNodeAttribute('5', 'color')).toBe('#9EECFF');
    // Kinds without one keep theirs.
    expect(graph.getNodeAttribute('1', 'color')).toBe(KIND_PALETTE[0]);
    expect(legend.find((l) => l.kind === 'GHRepository')?.color).toBe('#9EECFF');
    // Without custom colours, the same answer is drawn as before.
    expect(buildAnswerGraph(withCustom, edges).graph.getNodeAttribute('2', 'color')).toBe(KIND_PALETTE[1]);
  });

  it('draws each node with its name, its kind colour and its marks', () => {
    const { graph } = buildAnswerGraph(nodes, edges);
    expect(graph.order).toBe(4);
    expect(graph.getNodeAttributes('1')).toMatchObject({
      label: 'ALICE@CORP.LOCAL',
      kind: 'User',
      color: KIND_PALETTE[0],
      shape: 'circle',
      isOwned: true,
      isTierZero: false,
    });
    expect(graph.getNodeAttributes('2')).toMatchObject({ shape: 'diamond', isTierZero: true, isOwned: false });
    expect(graph.getNodeAttribute('4', 'color')).toBe(graph.getNodeAttribute('1', 'color'));
    // More relationships, a larger node.
    expect(graph.getNodeAttribute('1', 'size')).toBeGreaterThan(graph.getNodeAttribute('3', 'size'));
  });

  it('draws each relationship from source to target with its kind, parallel ones included', () => {
    const { graph, skippedEdges } = buildAnswerGraph(nodes, edges);
    expect(graph.size).toBe(4);
    expect(
      graph
        .edges('1', '2')
        .map((e) => graph.getEdgeAttribute(e, 'label'))
        .sort(),
    ).toEqual(['GenericAll', 'MemberOf']);
    const adminTo = graph.findEdge((_e, attributes) => attributes.label === 'AdminTo');
    expect(adminTo && [graph.source(adminTo), graph.target(adminTo)]).toEqual(['2', '3']);
    expect(graph.outEdges('2', '1')).toEqual([]);
    expect(graph.outEdges('1', '2')).toHaveLength(2);
    expect(skippedEdges).toBe(1);
  });

  it('names a node without a name by its object id', () => {
    const { graph } = buildAnswerGraph({ '7': { ...node('', 'Computer'), objectId: 'S-1-5-21-7' } }, []);
    expect(graph.getNodeAttribute('7', 'label')).toBe('S-1-5-21-7');
  });

  it('lists the kinds in the legend, most frequent first, with the Tier Zero and Owned counts', () => {
    const model = buildAnswerGraph(nodes, edges);
    expect(model.legend).toEqual([
      { kind: 'User', count: 2, color: KIND_PALETTE[0] },
      { kind: 'Computer', count: 1, color: model.graph.getNodeAttribute('3', 'color') },
      { kind: 'Group', count: 1, color: model.graph.getNodeAttribute('2', 'color') },
    ]);
    expect(model.tierZeroCount).toBe(2);
    expect(model.ownedCount).toBe(1);
  });

  it('lays the same answer out the same way, every node in its own place', () => {
    const a = buildAnswerGraph(nodes, edges).graph;
    const b = buildAnswerGraph(nodes, edges).graph;
    const positions = a.mapNodes((key, attributes) => ({ x: attributes.x, y: attributes.y, key }));
    for (const p of positions) {
      expect(Number.isFinite(p.x) && Number.isFinite(p.y)).toBe(true);
      expect(b.getNodeAttributes(p.key)).toMatchObject({ x: p.x, y: p.y });
    }
    for (const p of positions) for (const q of positions) if (p !== q) expect(distance(p, q)).toBeGreaterThan(1);
  });

  it('places connected nodes together: two separate groups end apart', () => {
    const ring = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => edge(`${prefix}${i}`, `${prefix}${(i + 1) % n}`, 'MemberOf'));
    const many: Record<string, CypherNode> = {};
    for (let i = 0; i < 12; i++) {
      many[`a${i}`] = node(`A${i}`, 'User');
      many[`b${i}`] = node(`B${i}`, 'Computer');
    }
    const { graph } = buildAnswerGraph(many, [...ring('a', 12), ...ring('b', 12)]);
    const at = (key: string) => graph.getNodeAttributes(key);
    const centre = (prefix: string) => {
      const keys = graph.filterNodes((key) => key.startsWith(prefix));
      return { x: keys.reduce((s, k) => s + at(k).x, 0) / keys.length, y: keys.reduce((s, k) => s + at(k).y, 0) / keys.length };
    };
    const [ca, cb] = [centre('a'), centre('b')];
    for (let i = 0; i < 12; i++) {
      expect(distance(at(`a${i}`), ca)).toBeLessThan(distance(at(`a${i}`), cb));
      expect(distance(at(`b${i}`), cb)).toBeLessThan(distance(at(`b${i}`), ca));
    }
  });

  it('lays out 1,000 nodes with a bounded number of passes', () => {
    expect(layoutIterations(0)).toBe(0);
    expect(layoutIterations(1)).toBe(0);
    expect(layoutIterations(10)).toBe(200);
    expect(layoutIterations(1000)).toBe(40);
    expect(layoutIterations(100_000)).toBe(20);
    for (const n of [2, 50, 300, 1000, 5000]) expect(layoutIterations(n)).toBeGreaterThanOrEqual(layoutIterations(n * 2));
  });
});

describe('neighbourhood', () => {
  it('is the node, its neighbours either way and the relationships between them', () => {
    const { graph } = buildAnswerGraph(
      { a: node('A', 'User'), b: node('B', 'Group'), c: node('C', 'Computer'), d: node('D', 'User') },
      [edge('a', 'b', 'MemberOf'), edge('c', 'a', 'HasSession'), edge('b', 'd', 'Contains')],
    );
    const around = neighbourhood(graph, 'a');
    expect(around.nodes.sort()).toEqual(['a', 'b', 'c']);
    expect(around.edges.map((e) => graph.getEdgeAttribute(e, 'label')).sort()).toEqual(['HasSession', 'MemberOf']);
    expect(neighbourhood(graph, 'missing')).toEqual({ nodes: [], edges: [] });
  });
});

describe('graphSummary', () => {
  it('counts the nodes and relationships drawn', () => {
    const one = buildAnswerGraph({ a: node('A', 'User'), b: node('B', 'Group') }, [edge('a', 'b', 'MemberOf')]);
    expect(graphSummary(one.graph)).toBe('Graph of 2 nodes and 1 relationship');
    const nodes = Object.fromEntries(Array.from({ length: 1200 }, (_, i) => [`n${i}`, node(`N${i}`, 'User')]));
    expect(graphSummary(buildAnswerGraph(nodes, []).graph)).toBe('Graph of 1,200 nodes and 0 relationships');
  });
});

describe('a readable drawing', () => {
  // The "All Domain Admins" answer's shape: two groups of members, one nested group, long names.
  const names = ['DOMAIN ADMINS@CORP.ACME.LOCAL', 'BREAK GLASS ADMINS@CORP.ACME.LOCAL', 'DOMAIN ADMINS@LAB.ACME.LOCAL'];
  const members = Array.from({ length: 11 }, (_, i) => `USER${i}@${i < 7 ? 'CORP' : 'LAB'}.ACME.LOCAL`);
  const answer = () => {
    const nodes: Record<string, CypherNode> = {};
    names.forEach((name, i) => (nodes[`g${i}`] = node(name, 'Group', { tierZero: true })));
    members.forEach((name, i) => (nodes[`u${i}`] = node(name, 'User', { tierZero: true })));
    const edges = [
      edge('g1', 'g0', 'MemberOf'),
      ...members.map((_, i) => edge(`u${i}`, i < 7 ? (i === 6 ? 'g1' : 'g0') : 'g2', 'MemberOf')),
    ];
    return buildAnswerGraph(nodes, edges);
  };

  it('labels every node of a small answer, at a readable size, and leaves the grid to large ones', () => {
    expect(labelSettings(14)).toMatchObject({ allLabels: true, labelRenderedSizeThreshold: 0 });
    expect(labelSettings(LABEL_ALL_LIMIT + 1)).toMatchObject({ allLabels: false, labelDensity: 0.5 });
    expect(LABEL_SIZE).toBeGreaterThanOrEqual(12);
    expect(EDGE_LABEL_SIZE).toBeGreaterThanOrEqual(12);
    expect(EDGE_LABELS).toBe('selection');
    const model = answer();
    fitToView(model, { width: 1070, height: 365 });
    model.graph.forEachNode((_key, attributes) => expect(attributes.label).toBe(attributes.name));
  });

  it('spreads ForceAtlas2 wider for a small answer', () => {
    expect(layoutSettings(14).scalingRatio).toBeGreaterThan(layoutSettings(1000).scalingRatio ?? 1);
  });

  for (const view of [
    { width: 1070, height: 365, insetRight: 56, maxRatio: 1 },
    // A phone: with the (generous) estimate of text widths, a zoom-out of a step at most (labels still 11 px).
    { width: 356, height: 360, insetRight: 56, maxRatio: 1.2 },
  ]) {
    it(`keeps every node and label apart, and inside a ${view.width} × ${view.height} view`, () => {
      const model = answer();
      const { ratio, boxes } = fitToView(model, view);
      expect(ratio).toBeLessThanOrEqual(view.maxRatio);
      expect(boxes).toHaveLength(14);
      for (const a of boxes) {
        expect(a.x - a.left).toBeGreaterThanOrEqual((-view.width / 2) * ratio);
        expect(a.x + a.right).toBeLessThanOrEqual((view.width / 2 - view.insetRight) * ratio);
        expect(Math.abs(a.y) + a.halfHeight).toBeLessThanOrEqual((view.height / 2) * ratio);
        for (const b of boxes) if (a !== b) expect(boxesOverlap(a, b), `${a.key} and ${b.key}`).toBe(false);
        expect(model.graph.getNodeAttributes(a.key)).toMatchObject({ x: a.x, y: a.y });
      }
      // The drawing uses the view: it spans most of its width and height, not one clump.
      const xs = boxes.map((b) => b.x);
      const ys = boxes.map((b) => b.y);
      expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(view.width * 0.3);
      expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(view.height * 0.6);
    });
  }

  it('shortens long labels in a narrow view, keeping the whole name', () => {
    const model = answer();
    fitToView(model, { width: 356, height: 360 });
    const admins = model.graph.getNodeAttributes('g1');
    expect(admins.name).toBe('BREAK GLASS ADMINS@CORP.ACME.LOCAL');
    expect(admins.label).toMatch(/^BREAK GLASS.*…$/);
    expect(shortenLabel('SHORT', 100, 13)).toBe('SHORT');
  });

  it('grows the area and zooms out when the view is too small for every label', () => {
    const model = answer();
    const { ratio, boxes } = fitToView(model, { width: 120, height: 120 });
    expect(ratio).toBeGreaterThan(1);
    for (const a of boxes) for (const b of boxes) if (a !== b) expect(boxesOverlap(a, b)).toBe(false);
  });
});
