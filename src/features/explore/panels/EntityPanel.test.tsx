import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { relatedListCypher } from '@/api/related-list-cypher';
import type { EntityListEntry } from '@/api/schemas/entities';
import type { MockServer } from '@/mock-server/app';
import { directoryGraph } from '@/mock-server/seed/graph';
import { signInSession, TEST_ORIGIN, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import { EntityPanel, type EntityPanelProps } from './index';

const graph = directoryGraph();
const node = (name: string) => [...graph.domains, ...graph.nodes].find((n) => n.name === name)!;

/** A related list's answer: `total` made-up objects, paged as the request asks. */
const fakeEntries = (total: number): EntityListEntry[] =>
  Array.from({ length: total }, (_, i) => ({
    objectID: `S-1-5-21-9-${1000 + i}`,
    name: `MEMBER${String(i + 1).padStart(2, '0')}@CORP.ACME.LOCAL`,
    label: 'User',
    kinds: ['Base', 'User'],
  }));

let mock: MockServer;
let original: typeof fetch;
/** Every request made, as path and query. */
let requests: URL[];
/** The related lists' answers by their last path word; a list not named here answers 500. */
let lists: Record<string, number>;

const RELATED = /^\/api\/v2\/[a-z]+\/[^/]+\/([a-z-]+)$/;

beforeEach(() => {
  mock = testMockServer();
  requests = [];
  lists = {};
  original = globalThis.fetch;
  // The entity information is the mock's; the related lists are answered here.
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, TEST_ORIGIN);
    requests.push(url);
    const list = RELATED.exec(url.pathname)?.[1];
    if (list) {
      const total = lists[list];
      if (total === undefined) {
        return Response.json({ http_status: 500, errors: [{ context: '', message: 'the list broke' }] }, { status: 500 });
      }
      const skip = Number(url.searchParams.get('skip') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      return Response.json({ count: total, skip, limit, data: fakeEntries(total).slice(skip, skip + limit) });
    }
    return mock.fetch(new Request(url, init));
  }) as typeof fetch;
});

afterEach(() => {
  globalThis.fetch = original;
  sessionStorage.clear();
});

/** The panel with its open section kept as the page keeps it (in its own state here). */
function Host(props: Omit<EntityPanelProps, 'openList' | 'onOpenList'> & { onOpenList?: (list: string | undefined) => void }) {
  const [openList, setOpenList] = useState<string | undefined>();
  return (
    <EntityPanel
      {...props}
      openList={openList}
      onOpenList={(list) => {
        props.onOpenList?.(list);
        setOpenList(list);
      }}
    />
  );
}

async function renderPanel(objectId: string, kind?: string) {
  await signInSession(mock, 'reader');
  const calls = { onSelectNode: vi.fn(), onShowInGraph: vi.fn(), onOpenCypher: vi.fn(), onOpenList: vi.fn() };
  renderWithProviders(<Host objectId={objectId} kind={kind} {...calls} />);
  await screen.findByRole('heading', { level: 2, name: 'Related objects' });
  return calls;
}

const section = (title: string) => screen.getByRole('button', { name: new RegExp(`^${title}`) });

describe('EntityPanel', () => {
  it('shows the header, the properties and the kind’s lists in order with their counts', async () => {
    const group = node('DOMAIN ADMINS@CORP.ACME.LOCAL');
    await renderPanel(group.objectid, 'Group');
    expect(screen.getByRole('heading', { level: 2, name: group.name })).toBeVisible();
    expect(screen.getByText('Group')).toBeVisible();
    expect(screen.getByText('Tier Zero')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copy the object id' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Object information' })).toBeVisible();
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles.map((t) => t?.replace(/[\d,]+$/, ''))).toEqual([
      'Sessions',
      'Members',
      'Member of',
      'Local admin rights',
      'RDP rights',
      'DCOM rights',
      'PowerShell remoting rights',
      'Outbound object control',
      'Inbound object control',
    ]);
    // The counts are the entity information's: the lists are read only when opened.
    const members = section('Members');
    expect(members).toHaveAccessibleName(/^Members \d+$/);
    expect(members).toHaveAttribute('aria-expanded', 'false');
    expect(requests.some((u) => RELATED.test(u.pathname))).toBe(false);
    // The kind's own operation is asked at once, with counts.
    expect(requests.map((u) => u.pathname + u.search)).toContain(`/api/v2/groups/${group.objectid}?counts=true`);
  });

  it('dims an empty section but keeps it', async () => {
    const group = node('DOMAIN ADMINS@CORP.ACME.LOCAL');
    await renderPanel(group.objectid, 'Group');
    const empty = screen.getAllByRole('heading', { level: 3 }).filter((h) => /\D0$/.test(h.textContent ?? ''));
    expect(empty.length).toBeGreaterThan(0);
    for (const h of empty) expect(h.closest('[data-empty]')).not.toBeNull();
  });

  it('opens one section at a time, pages it by ten sorted by name, and selects a row in place', async () => {
    const user = userEvent.setup();
    const group = node('DOMAIN ADMINS@CORP.ACME.LOCAL');
    lists = { members: 25, sessions: 3 };
    const calls = await renderPanel(group.objectid, 'Group');
    await user.click(section('Members'));
    expect(calls.onOpenList).toHaveBeenLastCalledWith('members');
    const list = await screen.findByRole('list', { name: 'Members' });
    expect(within(list).getAllByRole('button')).toHaveLength(10);
    const asked = requests.filter((u) => u.pathname.endsWith('/members')).at(-1)!;
    expect(asked.pathname).toBe(`/api/v2/groups/${group.objectid}/members`);
    expect(Object.fromEntries(asked.searchParams)).toEqual({ skip: '0', limit: '10', sort_by: 'name', type: 'list' });
    const pages = screen.getByRole('navigation', { name: 'Members pages' });
    expect(within(pages).getByRole('status')).toHaveTextContent('1–10 of 25');
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(pages).getByRole('status')).toHaveTextContent('11–20 of 25'));
    expect(requests.at(-1)!.searchParams.get('skip')).toBe('10');
    await user.click(within(pages).getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(within(pages).getByRole('status')).toHaveTextContent('21–25 of 25'));
    expect(within(screen.getByRole('list', { name: 'Members' })).getAllByRole('button')).toHaveLength(5);

    await user.click(screen.getByRole('button', { name: /^MEMBER23@CORP\.ACME\.LOCAL/ }));
    expect(calls.onSelectNode).toHaveBeenCalledWith('S-1-5-21-9-1022');

    // Opening another closes the first.
    await user.click(section('Sessions'));
    expect(calls.onOpenList).toHaveBeenLastCalledWith('sessions');
    expect(await screen.findByRole('list', { name: 'Sessions' })).toBeVisible();
    expect(section('Members')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Members' })).toBeNull();
    // Closing it leaves none open.
    await user.click(section('Sessions'));
    expect(calls.onOpenList).toHaveBeenLastCalledWith(undefined);
  });

  it('opens and closes a section from the keyboard', async () => {
    const user = userEvent.setup();
    const group = node('DOMAIN ADMINS@CORP.ACME.LOCAL');
    lists = { members: 2 };
    const calls = await renderPanel(group.objectid, 'Group');
    section('Members').focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('list', { name: 'Members' })).toBeVisible();
    expect(section('Members')).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Show in graph: Members' })).toHaveFocus();
    section('Members').focus();
    await user.keyboard(' ');
    expect(calls.onOpenList).toHaveBeenLastCalledWith(undefined);
    expect(section('Members')).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the Cypher the list stands for, to open or to show in the graph', async () => {
    const user = userEvent.setup();
    const group = node('DOMAIN ADMINS@CORP.ACME.LOCAL');
    lists = { members: 2 };
    const calls = await renderPanel(group.objectid, 'Group');
    await user.click(section('Members'));
    await screen.findByRole('list', { name: 'Members' });
    const cypher = relatedListCypher('getGroupEntityMembers', group.objectid);
    expect(screen.getByLabelText('Cypher')).toHaveTextContent(cypher.replaceAll('\n', ' '), { normalizeWhitespace: true });
    expect(screen.getByLabelText('Cypher').textContent).toBe(cypher);
    await user.click(screen.getByRole('button', { name: 'Open in Cypher: Members' }));
    expect(calls.onOpenCypher).toHaveBeenCalledWith(cypher);
    await user.click(screen.getByRole('button', { name: 'Show in graph: Members' }));
    expect(calls.onShowInGraph).toHaveBeenCalledWith(cypher);
    // No pager for a list of one page.
    expect(screen.queryByRole('navigation', { name: 'Members pages' })).toBeNull();
  });

  it('reads the base information and lists for a kind without its own, and counts a list once read', async () => {
    const user = userEvent.setup();
    const policy = graph.nodes.find((n) => n.primaryKind === 'IssuancePolicy')!;
    lists = { controllers: 4 };
    await renderPanel(policy.objectid);
    expect(requests.map((u) => u.pathname)).toContain(`/api/v2/base/${policy.objectid}`);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent?.replace(/\d+$/, ''))).toEqual([
      'Outbound object control',
      'Inbound object control',
    ]);
    // Inbound control has no count in the base information: the list's own count shows once it is read.
    expect(section('Inbound object control')).toHaveAccessibleName('Inbound object control');
    await user.click(section('Inbound object control'));
    await screen.findByRole('list', { name: 'Inbound object control' });
    expect(section('Inbound object control')).toHaveAccessibleName('Inbound object control 4');
    expect(requests.at(-1)!.pathname).toBe(`/api/v2/base/${policy.objectid}/controllers`);
  });

  it('says why a list could not be read, with Retry', async () => {
    const user = userEvent.setup();
    const group = node('DOMAIN ADMINS@CORP.ACME.LOCAL');
    await renderPanel(group.objectid, 'Group');
    await user.click(section('Members'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load Members');
    expect(alert).toHaveTextContent('The server failed (500)');
    lists = { members: 1 };
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Members' })).toBeVisible();
  });

  it('says so when no node has the id', async () => {
    await signInSession(mock, 'reader');
    renderWithProviders(
      <EntityPanel
        objectId="S-1-5-21-1-2-3-999999"
        onOpenList={vi.fn()}
        onSelectNode={vi.fn()}
        onShowInGraph={vi.fn()}
        onOpenCypher={vi.fn()}
      />,
    );
    expect(await screen.findByText('Object not found')).toBeVisible();
  });
});
