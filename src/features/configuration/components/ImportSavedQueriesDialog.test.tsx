import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { strToU8, zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockServer } from '@/mock-server/app';
import { routeFetchTo, signInSession, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import { ImportSavedQueriesDialog } from './ImportSavedQueriesDialog';

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

const json = (name: string, value: unknown) => new File([JSON.stringify(value)], name, { type: 'application/json' });
const adminQueries = () => {
  const admin = mock.db.state.users.find((u) => u.principal_name === 'admin')!.id;
  return mock.db.state.savedQueries.filter((q) => q.user_id === admin);
};

describe('Import saved queries dialog', () => {
  it('sends each file on its own and shows its outcome beside its name; a file of another kind is not sent', async () => {
    await signInSession(mock, 'admin');
    const user = userEvent.setup({ delay: null, applyAccept: false });
    renderWithProviders(<ImportSavedQueriesDialog onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Import saved queries' });
    const zip = zipSync({
      'one.json': strToU8(JSON.stringify({ name: 'Zipped one', query: 'MATCH (n:User) RETURN n' })),
      'two.json': strToU8(JSON.stringify({ name: 'Zipped two', query: 'MATCH (n:Group) RETURN n' })),
    });
    await user.upload(within(dialog).getByLabelText('Query files'), [
      json('single.json', { name: 'Single', query: 'MATCH (n) RETURN n', description: 'One query' }),
      new File([zip as Uint8Array<ArrayBuffer>], 'pair.zip', { type: 'application/zip' }),
      json('nameless.json', { query: 'RETURN 1' }),
      new File(['a,b'], 'table.csv', { type: 'text/csv' }),
    ]);
    const item = (name: string) => within(dialog).getByRole('listitem', { name });
    expect(item('table.csv')).toHaveTextContent('Not sent');
    expect(item('single.json')).toHaveTextContent('Waiting');

    await user.click(within(dialog).getByRole('button', { name: 'Import 3 files' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('2 files imported, 1 refused.');
    expect(item('single.json')).toHaveTextContent('imported 1 queries');
    expect(item('pair.zip')).toHaveTextContent('imported 2 queries');
    expect(item('nameless.json')).toHaveTextContent('Refused');
    expect(item('nameless.json')).toHaveTextContent('Name is required');
    expect(adminQueries().map((q) => q.name)).toEqual(expect.arrayContaining(['Single', 'Zipped one', 'Zipped two']));
    expect(adminQueries().find((q) => q.name === 'Single')!.description).toBe('One query');
    // Nothing is left to send: the files sent cannot be removed, the one not sent can.
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Remove single.json' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Remove table.csv' }));
    expect(within(dialog).queryByRole('listitem', { name: 'table.csv' })).toBeNull();
  });
});
