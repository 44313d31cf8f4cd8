import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockServer } from '@/mock-server/app';
import { routeFetchWithEdits, signInSession, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import TagPage from './TagPage';

let mock: MockServer;
let restore: () => void;

/**
 * The reference answers a tag's rules as `{ data: { selectors } }`, without the `count`, `skip` and `limit`
 * the service adds: the zone's page still lists them.
 */
beforeEach(async () => {
  mock = testMockServer();
  restore = routeFetchWithEdits(mock, [
    { path: /^\/api\/v2\/asset-group-tags\/\d+\/selectors$/, edit: ({ data }) => ({ data }) },
  ]);
  await signInSession(mock, 'admin');
});

afterEach(() => {
  restore();
  sessionStorage.clear();
});

describe("a zone's rules answered without count, skip or limit", () => {
  it('lists them on the zone page', async () => {
    renderWithProviders(<TagPage />, { path: '/privilege-zones/1', routePath: '/privilege-zones/:tagId' });
    const rules = await screen.findByRole('region', { name: 'Rules' });
    const tables = await within(rules).findAllByRole('table');
    const rows = tables.flatMap((t) => within(t).getAllByRole('row').slice(1));
    expect(rows.length).toBeGreaterThan(0);
    expect(screen.queryByText(/not in the expected shape/)).not.toBeInTheDocument();
  });
});
