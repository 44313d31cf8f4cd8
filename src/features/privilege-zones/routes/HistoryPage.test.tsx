import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockServer } from '@/mock-server/app';
import { routeFetchTo, signInSession, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import HistoryPage from './HistoryPage';

let mock: MockServer;
let restore: () => void;
/** The history requests the page sent: method, query and body. */
let sent: { method: string; params: URLSearchParams; body: unknown }[];

beforeEach(async () => {
  mock = testMockServer();
  sent = [];
  const route = routeFetchTo(mock);
  const routed = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://mock.test');
    if (url.pathname === '/api/v2/asset-group-tags-history')
      sent.push({
        method: (init?.method ?? 'GET').toUpperCase(),
        params: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
    return routed(input, init);
  }) as typeof fetch;
  restore = route;
  await signInSession(mock, 'admin');
});

afterEach(() => {
  restore();
  sessionStorage.clear();
});

const PATH = '/privilege-zones/history';
const open = (path = PATH) => renderWithProviders(<HistoryPage />, { path, routePath: PATH });
const table = () => screen.findByRole('table', { name: 'Privilege Zones history' });
const actions = async () =>
  within(await table())
    .getAllByRole('rowheader')
    .map((c) => c.textContent);

describe('Privilege Zones history', () => {
  it('lists changes newest first in words, and filters by action through the address', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = open();
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    const times = rows.map((r) => within(r).getAllByRole('cell')[0]!.querySelector('time')!.getAttribute('datetime')!);
    expect(times.length).toBeGreaterThan(5);
    expect([...times].sort().reverse()).toEqual(times);
    expect(sent[0]!.params.getAll('sort_by')).toEqual(['-created_at']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Certification revoked');
    await waitFor(() => expect(router.state.location.search).toBe('?action=eq:CertifyNodeRevoked'));
    await waitFor(async () => expect(new Set(await actions())).toEqual(new Set(['Certification revoked'])));
  });

  it('searches with the POST from 3 characters on, and says so before', async () => {
    const user = userEvent.setup({ delay: null });
    open();
    await table();
    const search = screen.getByRole('textbox', { name: 'Search history' });
    await user.type(search, 'sq');
    expect(await screen.findByText(/Search: type at least 3 characters\./)).toBeInTheDocument();
    expect(sent.every((r) => r.method === 'GET')).toBe(true);
    await user.type(search, 'l0');
    await waitFor(() => expect(sent.some((r) => r.method === 'POST')).toBe(true));
    expect(sent.find((r) => r.method === 'POST')!.body).toEqual({ query: 'sql0' });
    await waitFor(async () => {
      const rows = within(await table())
        .getAllByRole('row')
        .slice(1);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toHaveTextContent(/SQL0/i);
    });
    expect(search).toHaveValue('sql0');
  });

  it('sends From as the start of its day and To as the start of the next', async () => {
    open(`${PATH}?after=2026-11-01&before=2026-11-20`);
    await screen.findByRole('heading', { name: 'Privilege Zones history' });
    await waitFor(() => expect(sent.length).toBeGreaterThan(0));
    const utc = (d: Date) => d.toISOString().replace('.000Z', 'Z');
    expect(sent[0]!.params.getAll('created_at')).toEqual([
      `gte:${utc(new Date(2026, 10, 1))}`,
      `lt:${utc(new Date(2026, 10, 21))}`,
    ]);
  });

  it('refuses a To before From at the field, and reads nothing until it is corrected', async () => {
    open(`${PATH}?after=2026-11-20&before=2026-11-01`);
    expect(await screen.findByText('To must be later than From.')).toBeInTheDocument();
    expect(screen.getByText(/The date range cannot be used as it is/)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
