import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockServer } from '@/mock-server/app';
import { routeFetchTo, signInSession, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import NodeKindsPage from './NodeKindsPage';

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

const stored = (name: string) => mock.db.state.customNodes.find((k) => k.kind_name === name);

async function openPage(username: string) {
  await signInSession(mock, username);
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<NodeKindsPage />, { path: '/node-kinds', routePath: '/node-kinds' });
  await screen.findByRole('rowheader', { name: 'GHUser' });
  return user;
}

describe('Node kinds page', () => {
  it('lists each kind with its icon name and colour in words', async () => {
    await openPage('reader');
    const row = screen.getByRole('rowheader', { name: 'GHUser' }).closest('tr')!;
    expect(within(row).getByText('Icon user, colour #FF8E40')).toBeInTheDocument();
    // A reader may look but not change.
    expect(screen.queryByRole('button', { name: 'Add node kind' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit GHUser' })).not.toBeInTheDocument();
  });

  it('adds a kind; a refused value is named at its field and what was typed stays', async () => {
    const user = await openPage('admin');
    await user.click(await screen.findByRole('button', { name: 'Add node kind' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add node kind' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Kind name' }), 'Vault');
    await user.type(within(dialog).getByRole('textbox', { name: 'Icon' }), 'vault');
    await user.type(within(dialog).getByRole('textbox', { name: 'Colour' }), 'green');
    await user.click(within(dialog).getByRole('button', { name: 'Add kind' }));
    const colour = within(dialog).getByRole('textbox', { name: 'Colour' });
    expect(colour).toHaveAccessibleDescription(/hex colour: #RGB or #RRGGBB/);
    expect(colour).toHaveValue('green');
    expect(within(dialog).getByRole('textbox', { name: 'Icon' })).toHaveValue('vault');

    await user.clear(colour);
    await user.type(colour, '#123ABC');
    expect(
      within(within(dialog).getByRole('group', { name: 'Preview' })).getByText('Icon vault, colour #123ABC'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add kind' }));
    expect(await screen.findByText('Vault is added.')).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'Vault' })).toBeInTheDocument();
    expect(stored('Vault')?.config.icon).toEqual({ type: 'font-awesome', name: 'vault', color: '#123ABC' });
  });

  it("says so when the kind exists already, keeping the dialog's input", async () => {
    const user = await openPage('admin');
    await user.click(await screen.findByRole('button', { name: 'Add node kind' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add node kind' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Kind name' }), 'GHUser');
    await user.type(within(dialog).getByRole('textbox', { name: 'Icon' }), 'user');
    await user.type(within(dialog).getByRole('textbox', { name: 'Colour' }), '#000');
    await user.click(within(dialog).getByRole('button', { name: 'Add kind' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('duplicate kind name "GHUser"');
    expect(within(dialog).getByRole('textbox', { name: 'Colour' })).toHaveValue('#000');
  });

  it('edits a kind, and offers no delete (a kind goes with its extension)', async () => {
    const user = await openPage('admin');
    await user.click(screen.getByRole('button', { name: 'Edit GHUser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit node kind GHUser' });
    expect(within(dialog).getByRole('textbox', { name: 'Kind name' })).toBeDisabled();
    const colour = within(dialog).getByRole('textbox', { name: 'Colour' });
    await user.clear(colour);
    await user.type(colour, '#abc');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('GHUser is saved.')).toBeInTheDocument();
    expect(stored('GHUser')?.config.icon.color).toBe('#abc');

    expect(screen.getByRole('button', { name: 'Edit GHRepository' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    expect(screen.getByText(/A kind is removed with the OpenGraph extension that defines it/)).toBeInTheDocument();
  });
});
