import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signInSession, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import { historyOf, routeZonesTo, TAGS, type SentRequest, type ZonesAnswer } from '@/testing/zones-answers';
import HistoryPage from './HistoryPage';

configure({ asyncUtilTimeout: 10_000 });

let restore = () => {};
afterEach(() => {
  restore();
  sessionStorage.clear();
});

const RECORDS = [
  historyOf(3, 'CertifyNodeManual', 'ALICE@CORP.LOCAL'),
  historyOf(2, 'UpdateTag', 'Tier One Servers'),
  historyOf(1, 'CreateTag', 'Tier One Servers'),
];

function answer(r: SentRequest): ZonesAnswer {
  if (r.url.startsWith('/api/v2/asset-group-tags-history')) {
    const action = r.params.get('action');
    const query = (r.body as { query?: string } | undefined)?.query?.toLowerCase();
    const rows = RECORDS.filter(
      (h) => (!action || `eq:${h.action}` === action) && (!query || `${h.action} ${h.target}`.toLowerCase().includes(query)),
    );
    return { status: 200, body: { count: rows.length, skip: 0, limit: 25, data: { records: rows } } };
  }
  return { status: 200, body: { data: { tags: TAGS } } };
}

async function start() {
  const mock = testMockServer();
  const routed = routeZonesTo(mock, answer);
  restore = routed.restore;
  await signInSession(mock, 'admin');
  return routed.sent;
}

const historyReads = (sent: SentRequest[]) => sent.filter((r) => r.url.startsWith('/api/v2/asset-group-tags-history'));

describe('Privilege Zones history', () => {
  it('lists changes newest first in words, and filters by action through the address', async () => {
    const sent = await start();
    const user = userEvent.setup({ delay: null });
    const { router } = renderWithProviders(<HistoryPage />, {
      path: '/privilege-zones/history',
      routePath: '/privilege-zones/history',
    });
    const table = await screen.findByRole('table', { name: 'Privilege Zones history' });
    const rows = await within(table).findAllByRole('row', { name: /Tier One Servers|ALICE/ });
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Certified',
      'Zone or label changed',
      'Zone or label created',
    ]);
    expect(historyReads(sent)[0]!.params.getAll('sort_by')).toEqual(['-created_at', '-id']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Zone or label created');
    await waitFor(() => expect(router.state.location.search).toBe('?action=eq:CreateTag'));
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('rowheader')
          .map((c) => c.textContent),
      ).toEqual(['Zone or label created']),
    );
  });

  it('searches with the POST from 3 characters on, and says so before', async () => {
    const sent = await start();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<HistoryPage />, { path: '/privilege-zones/history', routePath: '/privilege-zones/history' });
    const table = await screen.findByRole('table', { name: 'Privilege Zones history' });
    await within(table).findAllByRole('rowheader');
    const search = screen.getByRole('textbox', { name: 'Search history' });
    await user.type(search, 'al');
    expect(await screen.findByText(/Search: type at least 3 characters\./)).toBeInTheDocument();
    expect(historyReads(sent).every((r) => r.method === 'GET')).toBe(true);
    await user.type(search, 'ice');
    await waitFor(() => expect(historyReads(sent).some((r) => r.method === 'POST')).toBe(true));
    expect(historyReads(sent).find((r) => r.method === 'POST')!.body).toEqual({ query: 'alice' });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('rowheader')
          .map((c) => c.textContent),
      ).toEqual(['Certified']),
    );
    expect(search).toHaveValue('alice');
  });

  it('sends From as the start of its day and To as the start of the next', async () => {
    const sent = await start();
    renderWithProviders(<HistoryPage />, {
      path: '/privilege-zones/history?after=2026-11-01&before=2026-11-20',
      routePath: '/privilege-zones/history',
    });
    await screen.findByRole('table', { name: 'Privilege Zones history' });
    const created = historyReads(sent)[0]!.params.getAll('created_at');
    expect(created).toEqual([
      `gte:${new Date(2026, 10, 1).toISOString().replace('.000Z', 'Z')}`,
      `lt:${new Date(2026, 10, 21).toISOString().replace('.000Z', 'Z')}`,
    ]);
  });

  it('refuses a To before From at the field, and reads nothing until it is corrected', async () => {
    const sent = await start();
    renderWithProviders(<HistoryPage />, {
      path: '/privilege-zones/history?after=2026-11-20&before=2026-11-01',
      routePath: '/privilege-zones/history',
    });
    expect(await screen.findByText('To must be later than From.')).toBeInTheDocument();
    expect(screen.getByText(/The date range cannot be used as it is/)).toBeInTheDocument();
    expect(historyReads(sent)).toEqual([]);
  });
});
