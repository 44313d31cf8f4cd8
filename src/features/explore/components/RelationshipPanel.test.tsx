import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CypherEdge, CypherNode } from '@/api/schemas/cypher';
import type { MockServer } from '@/mock-server/app';
import { graphIdOf } from '@/mock-server/cypher/graph';
import { directoryGraph } from '@/mock-server/seed/graph';
import { routeFetchTo, routeFetchWithEdits, signInSession, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import { RelationshipPanel } from './RelationshipPanel';

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

let mock: MockServer;
let restore: () => void;

beforeEach(() => {
  mock = testMockServer();
  // No WebGL 2, as in a browser without it.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  restore();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

const graph = directoryGraph();
const byName = (name: string) => [...graph.domains, ...graph.nodes].find((n) => n.name === name)!;

/** Two nodes of the seeded graph as an answer names them, and a relationship of `kind` between them. */
function relationship(kind: string, from: string, to: string): { edge: CypherEdge; nodes: Record<string, CypherNode> } {
  const node = (name: string): [string, CypherNode] => {
    const n = byName(name);
    const entry = { label: n.name, kind: n.primaryKind, kinds: n.kinds, objectId: n.objectid };
    return [String(graphIdOf(n)), { ...entry, isTierZero: false, isOwnedObject: false, lastSeen: '2026-11-27T00:00:00Z' }];
  };
  const [source, target] = [node(from), node(to)];
  return {
    edge: { source: source[0], target: target[0], kind, label: kind, lastSeen: '2026-11-27T00:00:00Z' },
    nodes: Object.fromEntries([source, target]),
  };
}

async function open(kind: string, from: string, to: string, onClose = () => undefined) {
  await signInSession(mock, 'reader');
  const { edge, nodes } = relationship(kind, from, to);
  renderWithProviders(<RelationshipPanel edge={edge} nodes={nodes} onClose={onClose} />);
  const panel = screen.getByRole('dialog', { name: `${kind} from ${from} to ${to}` });
  return within(panel);
}

describe('RelationshipPanel', () => {
  it('shows how a GoldenCert is made: the relationships that make it, listed and drawn', async () => {
    restore = routeFetchTo(mock);
    const onClose = vi.fn();
    const panel = await open('GoldenCert', 'SRV-CA01.CORP.ACME.LOCAL', 'CORP.ACME.LOCAL', onClose);
    expect(panel.getByRole('heading', { name: 'How this edge is made' })).toBeVisible();
    expect(await panel.findByText('6 nodes and 7 relationships make it.')).toBeVisible();
    const table = panel.getByRole('table', { name: 'Relationships that make it' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(
      expect.arrayContaining([
        'SRV-CA01.CORP.ACME.LOCALHostsCAServiceACME-ISSUING-CA@CORP.ACME.LOCAL',
        'NTAUTHCERTIFICATES@CORP.ACME.LOCALNTAuthStoreForCORP.ACME.LOCAL',
      ]),
    );
    // The drawing is sigma's; without WebGL it says the table holds the same.
    expect(await panel.findByText(/^This browser cannot draw the graph/)).toBeInTheDocument();
    await userEvent.setup().click(panel.getByRole('button', { name: 'Close relationship' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says plainly that a relationship of another kind is made of no others, and asks nothing', async () => {
    restore = routeFetchTo(mock);
    const fetch = vi.spyOn(globalThis, 'fetch');
    const panel = await open('MemberOf', 'ADMINISTRATOR@CORP.ACME.LOCAL', 'DOMAIN ADMINS@CORP.ACME.LOCAL');
    expect(panel.getByText(/^MemberOf is not made of other relationships/)).toBeVisible();
    expect(fetch.mock.calls.map(([input]) => String(input))).not.toContainEqual(expect.stringContaining('edge-composition'));
  });

  it('says why when the service refuses, with Retry', async () => {
    restore = routeFetchTo(mock);
    // No GoldenCert runs from the domain back to its CA's host.
    const panel = await open('GoldenCert', 'CORP.ACME.LOCAL', 'SRV-CA01.CORP.ACME.LOCAL');
    const alert = await panel.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load how this relationship is made');
    expect(alert).toHaveTextContent('Could not find edge matching criteria: not found');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('says so when nothing makes the relationship any more', async () => {
    restore = routeFetchWithEdits(mock, [
      { path: '/api/v2/graphs/edge-composition', edit: () => ({ data: { nodes: {}, edges: [], literals: [] } }) },
    ]);
    const panel = await open('ADCSESC1', 'DOMAIN USERS@CORP.ACME.LOCAL', 'CORP.ACME.LOCAL');
    expect(await panel.findByText('Nothing makes it now')).toBeVisible();
  });
});
