import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '@/api/call';
import { configureAuth } from '@/api/client';
import { graphOps } from '@/api/operations/graph';
import type { CypherNode } from '@/api/schemas/cypher';
import type { MockServer } from '@/mock-server/app';
import { graphIdOf } from '@/mock-server/cypher/graph';
import { directoryGraph } from '@/mock-server/seed/graph';
import { signInSession, TEST_ORIGIN, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import { getEdgeComposition } from '../api/edge-composition';
import { EdgePanel, type PanelEdge } from './index';

// The help's own texts are another module's: the panel is tested with these.
vi.mock('@/api/edge-help', () => ({
  edgeHelpOf: (kind: string) =>
    kind === 'GoldenCert' || kind === 'GenericAll' || kind.startsWith('CoerceAndRelay')
      ? {
          meaning: `${kind} means this.`,
          abuse: `${kind} is abused so.`,
          detection: `${kind} is seen so.`,
          references: ['https://example.org/one', 'https://example.org/two'],
        }
      : undefined,
}));
// sigma's primitives read WebGL constants as they load, which jsdom lacks: the drawing loads stand-ins.
vi.mock('sigma', () => ({ default: class {} }));
vi.mock('sigma/rendering', () =>
  Object.fromEntries(
    ['extremityArrow', 'layerFill', 'layerPlain', 'pathCurved', 'pathLine', 'pathLoop', 'sdfCircle', 'sdfDiamond'].map((name) => [
      name,
      () => ({}),
    ]),
  ),
);

const graph = directoryGraph();
const byName = (name: string) => [...graph.domains, ...graph.nodes].find((n) => n.name === name)!;

let mock: MockServer;
let original: typeof fetch;
let requests: URL[];
/** The answers of the operations the mock does not serve here yet, by path. */
let fakes: Record<string, unknown>;

beforeEach(() => {
  mock = testMockServer();
  requests = [];
  fakes = {};
  original = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, TEST_ORIGIN);
    requests.push(url);
    if (url.pathname in fakes) return Response.json(fakes[url.pathname]);
    return mock.fetch(new Request(url, init));
  }) as typeof fetch;
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  globalThis.fetch = original;
  sessionStorage.clear();
  vi.restoreAllMocks();
});

const answerNode = (name: string): [string, CypherNode] => {
  const n = byName(name);
  return [
    String(graphIdOf(n)),
    {
      label: n.name,
      kind: n.primaryKind,
      kinds: n.kinds,
      objectId: n.objectid,
      isTierZero: false,
      isOwnedObject: false,
      lastSeen: '2026-11-27T00:00:00Z',
    },
  ];
};

async function renderEdge(kind: string, from: string, to: string, properties?: Record<string, unknown>) {
  const token = await signInSession(mock, 'reader');
  configureAuth(
    () => token,
    () => {},
  );
  const [source, target] = [answerNode(from), answerNode(to)];
  const edge: PanelEdge = { source: source[0], target: target[0], kind, ...(properties && { properties }) };
  const nodes = Object.fromEntries([source, target]);
  const calls = { onSelectNode: vi.fn(), onShowInGraph: vi.fn() };
  renderWithProviders(<EdgePanel edge={edge} nodes={nodes} {...calls} />);
  return { calls, edge, source: source[1], target: target[1] };
}

describe('EdgePanel', () => {
  it('shows the ends, each selecting its node, and the help for the kind in four parts', async () => {
    const user = userEvent.setup();
    const { calls, source, target } = await renderEdge(
      'GenericAll',
      'DOMAIN ADMINS@CORP.ACME.LOCAL',
      'ADMINISTRATOR@CORP.ACME.LOCAL',
      {
        isacl: true,
      },
    );
    expect(screen.getByRole('heading', { level: 2, name: 'GenericAll' })).toBeVisible();
    const ends = screen.getByRole('group', { name: 'Ends' });
    await user.click(within(ends).getByRole('button', { name: `From: ${source.label}` }));
    expect(calls.onSelectNode).toHaveBeenLastCalledWith(source.objectId);
    await user.click(within(ends).getByRole('button', { name: `To: ${target.label}` }));
    expect(calls.onSelectNode).toHaveBeenLastCalledWith(target.objectId);

    expect(screen.getByRole('heading', { level: 2, name: 'Relationship properties' })).toBeVisible();
    const help = screen.getByRole('region', { name: 'About GenericAll' });
    expect(
      within(help)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['What it is', 'How it is abused', 'How it is detected', 'References']);
    expect(within(help).getByText('GenericAll is abused so.')).toBeVisible();
    const links = within(help).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.org/one', 'https://example.org/two']);
    for (const a of links) {
      expect(a).toHaveAttribute('target', '_blank');
      expect(a).toHaveAttribute('rel', 'noreferrer');
    }
    // Neither composed, a relay nor inherited: nothing more is asked.
    expect(screen.queryByRole('heading', { name: 'How this relationship is made' })).toBeNull();
    expect(requests.map((u) => u.pathname)).not.toContainEqual(
      expect.stringMatching(/edge-composition|relay-targets|acl-inheritance/),
    );
  });

  it('says plainly when there is no help for the kind', async () => {
    await renderEdge('MyOpenGraphEdge', 'DOMAIN ADMINS@CORP.ACME.LOCAL', 'ADMINISTRATOR@CORP.ACME.LOCAL');
    expect(screen.getByText('No help for this kind.')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Relationship properties' })).toHaveTextContent(
      'The relationship has no properties.',
    );
    expect(screen.queryByRole('heading', { name: 'What it is' })).toBeNull();
  });

  it('shows how a composed relationship is made, and shows exactly it in the graph', async () => {
    const user = userEvent.setup();
    const { calls, edge } = await renderEdge('GoldenCert', 'SRV-CA01.CORP.ACME.LOCAL', 'CORP.ACME.LOCAL');
    expect(screen.getByRole('heading', { level: 2, name: 'How this relationship is made' })).toBeVisible();
    expect(await screen.findByText('6 nodes and 7 relationships make it.')).toBeVisible();
    expect(screen.getByRole('table', { name: 'Relationships that make it' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show in graph: how this relationship is made' }));
    const cypher = calls.onShowInGraph.mock.calls[0]![0] as string;
    expect(cypher).toMatch(/^MATCH p = \(a\)-\[r\]->\(b\)\nWHERE /);
    // The query answers the composition's relationships, no more, no fewer.
    const composition = await getEdgeComposition(edge);
    const answer = await call(graphOps.runCypherQuery, { body: { query: cypher } });
    const triples = (g: { nodes: Record<string, CypherNode>; edges: { source: string; target: string; kind: string }[] }) =>
      g.edges.map((e) => `${g.nodes[e.source]!.objectId} ${e.kind} ${g.nodes[e.target]!.objectId}`).sort();
    expect(triples(answer.data)).toEqual(triples(composition));
  });

  it('lists the relay targets of an NTLM relay relationship', async () => {
    const user = userEvent.setup();
    const [dcId, dc] = answerNode('DC01.CORP.ACME.LOCAL');
    fakes['/api/v2/graphs/relay-targets'] = { data: { nodes: { [dcId]: dc }, edges: [], literals: [] } };
    const { calls } = await renderEdge(
      'CoerceAndRelayNTLMToSMB',
      'AUTHENTICATED USERS@CORP.ACME.LOCAL',
      'SRV-CA01.CORP.ACME.LOCAL',
    );
    const targets = await screen.findByRole('list', { name: 'Relay targets' });
    const asked = requests.find((u) => u.pathname === '/api/v2/graphs/relay-targets')!;
    expect(asked.searchParams.get('edge_type')).toBe('CoerceAndRelayNTLMToSMB');
    await user.click(within(targets).getByRole('button', { name: /^DC01\.CORP\.ACME\.LOCAL/ }));
    expect(calls.onSelectNode).toHaveBeenCalledWith(dc.objectId);
  });

  it('shows where an inherited permission comes from', async () => {
    const user = userEvent.setup();
    const [ouId, ou] = answerNode('DOMAIN CONTROLLERS@CORP.ACME.LOCAL');
    const [domainId, domain] = answerNode('CORP.ACME.LOCAL');
    fakes['/api/v2/graphs/acl-inheritance'] = {
      data: {
        nodes: { [domainId]: domain, [ouId]: ou },
        edges: [{ source: domainId, target: ouId, kind: 'Contains', label: 'Contains', lastSeen: '2026-11-27T00:00:00Z' }],
        literals: [],
      },
    };
    const { calls } = await renderEdge('GenericAll', 'DOMAIN ADMINS@CORP.ACME.LOCAL', 'DOMAIN CONTROLLERS@CORP.ACME.LOCAL', {
      isinherited: true,
    });
    const path = await screen.findByRole('list', { name: 'Where it is inherited from' });
    expect(
      within(path)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toContain('CORP.ACME.LOCALDomain');
    await user.click(screen.getByRole('button', { name: 'Show in graph: where the permission is inherited from' }));
    expect(calls.onShowInGraph).toHaveBeenCalledWith(expect.stringContaining(`type(r) = 'Contains'`));
  });
});
