import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routeFetchTo, signInSession, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import ZonesPage from './ZonesPage';

let restore: () => void;

beforeEach(async () => {
  const mock = testMockServer();
  restore = routeFetchTo(mock);
  await signInSession(mock, 'admin');
});

afterEach(() => {
  restore();
  sessionStorage.clear();
});

describe('ZonesPage', () => {
  it('lists the zones in position order with their counts, Tier Zero marked, and the labels on their own tab', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<ZonesPage />, {
      path: '/privilege-zones',
      routePath: '/privilege-zones',
      extraRoutes: [{ path: '/privilege-zones/labels', element: <ZonesPage /> }],
    });
    const zones = await screen.findByRole('table', { name: 'Zones' });
    const rows = await within(zones).findAllByRole('row');
    const body = rows.slice(1);
    expect(within(body[0]!).getByRole('rowheader')).toHaveTextContent(/^Tier Zero/);
    // Its name, and the mark beside it.
    expect(within(body[0]!).getAllByText('Tier Zero')).toHaveLength(2);
    expect(within(body[1]!).queryAllByText('Tier Zero')).toHaveLength(0);
    expect(body[0]).toHaveTextContent(/\d+ rules: \d+ custom, \d+ default, \d+ disabled/);
    const positions = body.map((r) => Number(within(r).getAllByRole('cell')[0]!.textContent));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(within(body[0]!).getByRole('link', { name: /^Tier Zero/ })).toHaveAttribute('href', '/privilege-zones/1');

    await user.click(screen.getByRole('tab', { name: 'Labels' }));
    expect(router.state.location.pathname).toBe('/privilege-zones/labels');
    const labels = await screen.findByRole('table', { name: 'Labels' });
    expect(await within(labels).findByRole('link', { name: /^Owned/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Labels' })).toHaveAttribute('aria-selected', 'true');
  });
});
