// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureAuth } from '@/api/client';
import type { MockServer } from '@/mock-server/app';
import { directoryGraph } from '@/mock-server/seed/graph';
import { signInSession, TEST_ORIGIN, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import ExplorePage from './ExplorePage';

// The drawing needs WebGL, which jsdom lacks: a stand-in says what it was given.
vi.mock('@/components/graph/AnswerGraph', () => ({
  default: ({ nodes, edges }: { nodes: Record<string, unknown>; edges: unknown[] }) => (
    <div role="img" aria-label={`Drawing of ${Object.keys(nodes).length} nodes and ${edges.length} relationships`} />
  ),
}));

const graph = directoryGraph();
const user = graph.nodes.find((n) => n.name === 'QGARCIA@CORP.ACME.LOCAL')!;
const admins = graph.nodes.find((n) => n.name === 'DOMAIN ADMINS@CORP.ACME.LOCAL')!;

let mock: MockServer;
let original: typeof fetch;
/** The shortest-path requests the page sent, and what the faked service answers them. */
let asked: URLSearchParams[];
let pathAnswer: () => Response;

const node = (n: typeof user) => ({
  label: n.name,
  kind: n.primaryKind,
  kinds: n.kinds,
  objectId: n.objectid,
  isTierZero: false,
  isOwnedObject: false,
  lastSeen: '2026-11-28T02:00:00Z',
});

beforeEach(async () => {
  mock = testMockServer();
  asked = [];
  original = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, TEST_ORIGIN);
    if (url.pathname === '/api/v2/graphs/shortest-path') {
      asked.push(url.searchParams);
      return pathAnswer();
    }
    return mock.fetch(new Request(url, init));
  }) as typeof fetch;
  const token = await signInSession(mock, 'admin');
  configureAuth(
    () => token,
    () => {},
  );
});

afterEach(() => {
  globalThis.fetch = original;
  sessionStorage.clear();
});

const renderAt = (search: string) => renderWithProviders(<ExplorePage />, { path: `/explore${search}`, routePath: '/explore' });

describe('Explore pathfinding', () => {
  it('asks for the paths with the filter in force, and says plainly when there is none', async () => {
    pathAnswer = () =>
      new Response(JSON.stringify({ errors: [{ message: 'path not found' }] }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    renderAt(`?tab=pathfinding&start=${user.objectid}&end=${admins.objectid}&kinds=nin:CanRDP&traversable=true`);
    expect(await screen.findByText(`No path between ${user.name} and ${admins.name}`, {}, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByText(/With the relationship filter in force \(1 relationship kind left out, traversable/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Change the filter' })).toBeVisible();
    const query = asked.at(-1)!;
    expect(query.get('start_node')).toBe(user.objectid);
    expect(query.get('end_node')).toBe(admins.objectid);
    expect(query.get('relationship_kinds')).toBe('nin:CanRDP');
    expect(query.get('only_traversable')).toBe('true');
  });

  it('draws the paths it is answered, and shows a failure with Retry', async () => {
    pathAnswer = () =>
      new Response(
        JSON.stringify({
          data: {
            nodes: { '1': node(user), '2': node(admins) },
            edges: [{ source: '1', target: '2', label: 'MemberOf', kind: 'MemberOf', lastSeen: '2026-11-28T02:00:00Z' }],
          },
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    const view = renderAt(`?tab=pathfinding&start=${user.objectid}&end=${admins.objectid}`);
    expect(await screen.findByRole('img', { name: 'Drawing of 2 nodes and 1 relationships' }, { timeout: 10_000 })).toBeVisible();
    expect(asked.at(-1)!.has('relationship_kinds')).toBe(false);
    view.unmount();

    pathAnswer = () =>
      new Response('{"errors":[{"message":"boom"}]}', { status: 400, headers: { 'Content-Type': 'application/json' } });
    renderAt(`?tab=pathfinding&start=${admins.objectid}&end=${user.objectid}`);
    expect(await screen.findByText('Could not find the paths', {}, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('starts empty, asking for a start and an end', async () => {
    renderAt('?tab=pathfinding');
    expect(await screen.findByText('Choose a start and an end')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Pathfinding' })).toHaveAttribute('aria-selected', 'true');
  });
});
