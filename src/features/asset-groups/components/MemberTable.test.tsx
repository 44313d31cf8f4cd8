import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockServer } from '@/mock-server/app';
import { routeFetchTo, routeFetchWithEdits, testMockServer, signInSession } from '@/testing/mock-service';
import { MEMBER_OF_UNKNOWN_KIND } from '@/testing/unexpected-answers';
import { renderWithProviders } from '@/testing/render';
import { MemberTable } from './MemberTable';

let mock: MockServer;
let restore: () => void;

beforeEach(async () => {
  mock = testMockServer();
  restore = routeFetchTo(mock);
  await signInSession(mock, 'reader');
});

afterEach(() => {
  restore();
  sessionStorage.clear();
});

/** Help Desk (group 4): a few dozen members over several kinds. */
function renderTable(search = '') {
  return renderWithProviders(<MemberTable groupId={4} groupName="Help Desk" memberCount={26} />, {
    path: `/asset-groups/4${search}`,
    routePath: '/asset-groups/:assetGroupId',
  });
}

async function settledRows(): Promise<string[][]> {
  const table = await screen.findByRole('table', { name: 'Members of Help Desk' });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent ?? ''));
}

// Each test renders the whole table several times over; a busy machine needs the room.
describe('MemberTable', { timeout: 60_000 }, () => {
  it('shows a member of a node kind it does not know with its kind as it came and "unknown", linked to it in Explore', async () => {
    restore();
    restore = routeFetchWithEdits(mock, [MEMBER_OF_UNKNOWN_KIND]);
    renderTable('?page_size=10');
    const rows = await settledRows();
    expect(rows).toHaveLength(10);
    expect(rows[0]![2]).toBe('GHRepository (unknown)');
    expect(rows[0]![3]).toContain('GHRepository (unknown)');
    expect(rows.slice(1).every((r) => !r.join(' ').includes('unknown'))).toBe(true);
    const first = screen.getAllByRole('row')[1]!;
    expect(within(first).getByRole('link').getAttribute('href')).toMatch(/^\/explore\?search=/);
  });

  it('pages, and quick clicks on "Next page" add up', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderTable('?page_size=10');
    const status = within(await screen.findByRole('navigation', { name: 'Member pages' })).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('1–10 of 26'));
    const next = screen.getByRole('button', { name: 'Next page' });
    await user.click(next);
    await user.click(next);
    await waitFor(() => expect(status).toHaveTextContent('21–26 of 26'));
    expect(router.state.location.search).toBe('?page=3&page_size=10');
    expect(await settledRows()).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('sorts by a header click, adds a second sort with shift-click, and lists the sorts', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderTable();
    const table = await screen.findByRole('table', { name: 'Members of Help Desk' });
    await user.click(within(table).getByRole('button', { name: /^Primary kind/ }));
    await user.keyboard('{Shift>}');
    await user.click(within(table).getByRole('button', { name: /^Name/ }));
    await user.click(within(table).getByRole('button', { name: /^Name/ }));
    await user.keyboard('{/Shift}');
    await waitFor(() => expect(router.state.location.search).toBe('?sort_by=primary_kind&sort_by=-name'));
    expect(screen.getByRole('button', { name: '1. Primary kind: ascending' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2. Name: descending' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /^Primary kind/ })).toHaveAttribute('aria-sort', 'ascending');
    await waitFor(async () => {
      const rows = await settledRows();
      const keys = rows.map((r) => [r[2]!, r[0]!] as const);
      const expected = [...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : 0));
      expect(keys).toEqual(expected);
    });

    // The keyboard way: Add sort, then remove the first.
    await user.click(screen.getByRole('button', { name: 'Add sort' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Environment ID' }));
    await user.click(screen.getByRole('button', { name: 'Remove sort by Primary kind' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort_by=-name&sort_by=environment_id'));
  });

  it('applies a text filter once typing pauses, refuses ":", and follows the back button', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderTable();
    const status = within(await screen.findByRole('navigation', { name: 'Member pages' })).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('1–25 of 26'));
    const field = screen.getByLabelText('Primary kind filter');
    await user.type(field, 'Use');
    await user.type(field, 'r');
    await waitFor(() => expect(router.state.location.search).toBe('?primary_kind=~eq:User'));
    await waitFor(async () => {
      const users = await settledRows();
      expect(users.length).toBeGreaterThan(0);
      expect(users.every((r) => r[2] === 'User')).toBe(true);
      expect(status).toHaveTextContent(`1–${users.length} of ${users.length}`);
    });

    await user.selectOptions(screen.getByLabelText('Primary kind match'), 'not equals');
    await waitFor(() => expect(router.state.location.search).toBe('?primary_kind=neq:User'));
    await waitFor(async () => expect((await settledRows()).every((r) => r[2] !== 'User')).toBe(true));

    await user.type(screen.getByLabelText('Name filter'), 'a:b');
    expect(await screen.findByText('A filter value cannot contain ":".')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 400));
    expect(router.state.location.search).toBe('?primary_kind=neq:User');

    // Typing (and a change of predicate) replaces the history entry; a sort adds one, and Back undoes it.
    await user.click(within(screen.getByRole('table', { name: 'Members of Help Desk' })).getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort_by=name&primary_kind=neq:User'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe('?primary_kind=neq:User'));
    expect(screen.getByLabelText('Primary kind match')).toHaveValue('neq');
    expect(screen.getByLabelText('Primary kind filter')).toHaveValue('User');
    expect(screen.getByText('object ID (default)')).toBeInTheDocument();
  });

  it('says when nothing matches, and offers to clear the filters', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderTable('?name=eq%3ANOBODY&custom_member=eq%3Atrue');
    expect(await screen.findByText('No members match these filters')).toBeInTheDocument();
    expect(screen.getByLabelText('Custom member')).toHaveValue('true');
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await settledRows()).toHaveLength(25);
  });
});
