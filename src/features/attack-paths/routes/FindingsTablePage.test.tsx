import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockServer } from '@/mock-server/app';
import { renderWithProviders } from '@/testing/render';
import { routeFetchTo, signInSession, testMockServer } from '@/testing/mock-service';
import FindingsTablePage from './FindingsTablePage';

let mock: MockServer;
let restore: () => void;

function start(edition: 'enterprise' | 'community' = 'enterprise') {
  mock = testMockServer({ edition });
  restore = routeFetchTo(mock);
}

afterEach(() => {
  restore();
  sessionStorage.clear();
});

const open = (path = '/attack-paths/table') =>
  renderWithProviders(<FindingsTablePage />, {
    path,
    routePath: '/attack-paths/table',
    extraRoutes: [{ path: '/attack-paths', element: <p>Graph</p> }],
  });

async function settledTable() {
  const table = await screen.findByRole('table', { name: 'Findings' }, { timeout: 10_000 });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return table;
}

describe('Attack Paths table view', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    start();
    await signInSession(mock, 'admin');
  });

  it('shows a page of active findings with their count, most severe first', async () => {
    open();
    const table = await settledTable();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(25);
    expect(rows[0]).toHaveTextContent('Critical');
    expect(screen.getByRole('navigation', { name: 'Findings pages' })).toHaveTextContent(/1–25 of \d+/);
    expect(screen.getByRole('heading', { level: 1, name: 'Attack Paths' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Table view' })).toHaveAttribute('aria-selected', 'true');
  });

  it('picks several severities at once, each as its own parameter in the URL', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = open();
    await settledTable();
    await user.click(screen.getByRole('combobox', { name: 'Severity' }));
    await user.click(await screen.findByRole('option', { name: 'Low' }));
    await user.click(screen.getByRole('option', { name: 'Moderate' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).getAll('severity')).toEqual(['eq:moderate', 'eq:low']),
    );
    const table = await settledTable();
    await waitFor(() => {
      const severities = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.querySelector('td')?.textContent);
      expect(severities.length).toBeGreaterThan(0);
      for (const s of severities) expect(['Moderate', 'Low']).toContain(s);
    });
  });

  it('links a row to the graph view with its finding picked', async () => {
    open('/attack-paths/table?severity=eq:critical');
    const table = await settledTable();
    const link = within(within(table).getAllByRole('row')[1]!).getAllByRole('link')[0]!;
    const href = new URL(link.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/attack-paths');
    expect([...href.searchParams.keys()]).toEqual(['environment', 'zone', 'finding', 'selected']);
  });

  it('says when nothing matches, and Clear filters goes back to the default view', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = open('/attack-paths/table?status=eq:orphaned&sort_by=-last_seen');
    expect(await screen.findByText('No findings match these filters', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    await waitFor(() => expect(router.state.location.search).toBe('?sort_by=-last_seen'));
    await settledTable();
  });
});

describe('Attack Paths table view on a community server', { timeout: 30_000 }, () => {
  it('says it needs the enterprise edition', async () => {
    start('community');
    await signInSession(mock, 'admin');
    open();
    expect(
      await screen.findByText('Attack Paths needs the enterprise edition', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
