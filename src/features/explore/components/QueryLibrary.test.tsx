import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockServer } from '@/mock-server/app';
import { PREBUILT_AD_QUERIES } from '@/api/prebuilt-queries';
import { routeFetchTo, signInSession, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import { QueryLibrary, type PickedQuery } from './QueryLibrary';

let mock: MockServer;
let restore: () => void;

beforeEach(() => {
  mock = testMockServer();
  restore = routeFetchTo(mock);
});
afterEach(() => {
  restore();
  sessionStorage.clear();
});

const firstPrebuilt = PREBUILT_AD_QUERIES[0]!.queries[0]!;

function renderLibrary() {
  const onPick = vi.fn<(q: PickedQuery) => void>();
  renderWithProviders(<QueryLibrary picked={null} onPick={onPick} />, { path: '/cypher', routePath: '/cypher' });
  return onPick;
}

describe('QueryLibrary', () => {
  it('lists the pre-built queries and the person’s saved queries, and puts a picked one in the editor', async () => {
    await signInSession(mock, 'admin');
    const user = userEvent.setup({ delay: null });
    const onPick = renderLibrary();
    const saved = await screen.findByRole('list', { name: 'Yours' });
    const admin = mock.db.state.users.find((u) => u.principal_name === 'admin')!;
    const ownName = mock.db.state.savedQueries.find((q) => q.deleted_at === null && q.user_id === admin.id)!.name;
    await user.click(within(saved).getByRole('button', { name: new RegExp(`^${ownName}`) }));
    expect(onPick).toHaveBeenLastCalledWith(expect.objectContaining({ saved: expect.objectContaining({ name: ownName }) }));

    const prebuilt = screen.getByRole('list', { name: 'Pre-built queries' });
    await user.click(within(prebuilt).getByRole('button', { name: firstPrebuilt.name }));
    expect(onPick).toHaveBeenLastCalledWith({
      key: `prebuilt:${PREBUILT_AD_QUERIES[0]!.category}:${firstPrebuilt.name}`,
      text: firstPrebuilt.query,
      saved: null,
    });
  });

  it('filters both lists with one search, opening every group with a match', async () => {
    await signInSession(mock, 'admin');
    const user = userEvent.setup({ delay: null });
    renderLibrary();
    await screen.findByRole('list', { name: 'Yours' });
    await user.type(screen.getByRole('searchbox', { name: 'Search queries' }), 'no such query anywhere');
    expect(screen.getByText('No pre-built query matches.')).toBeInTheDocument();
    expect(screen.getByText('No saved query matches.')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search queries' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search queries' }), firstPrebuilt.name.toLowerCase());
    expect(
      within(screen.getByRole('list', { name: 'Pre-built queries' })).getByRole('button', { name: firstPrebuilt.name }),
    ).toBeVisible();
  });

  it('offers no saved queries to someone who may not read them, and does not ask for them', async () => {
    await signInSession(mock, 'uploader');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderLibrary();
    expect(await screen.findByRole('list', { name: 'Pre-built queries' })).toBeInTheDocument();
    // The person's permissions are read first; the saved queries are never asked for.
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('heading', { name: 'Saved queries' })).not.toBeInTheDocument();
    expect(fetchSpy.mock.calls.map(([url]) => String(url)).filter((u) => u.includes('/saved-queries'))).toEqual([]);
  });
});
