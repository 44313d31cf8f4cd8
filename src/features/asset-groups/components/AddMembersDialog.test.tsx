import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assetGroupResponse, type AssetGroup } from '@/api/schemas/asset-groups';
import type { MockServer } from '@/mock-server/app';
import { call, routeFetchTo, testMockServer, signInSession } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import { AddMembersDialog } from './AddMembersDialog';

let mock: MockServer;
let restore: () => void;
let token: string;
let owned: AssetGroup;

beforeEach(async () => {
  mock = testMockServer();
  restore = routeFetchTo(mock);
  token = await signInSession(mock, 'admin');
  owned = assetGroupResponse.parse((await call(mock, 'GET', '/api/v2/asset-groups/2', { token })).body).data;
});

afterEach(() => {
  restore();
  sessionStorage.clear();
});

function renderDialog() {
  const onAdded = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<AddMembersDialog group={owned} onClose={onClose} onAdded={onAdded} />, {
    path: '/asset-groups/2',
    routePath: '/asset-groups/:assetGroupId',
  });
  return { onAdded, onClose, dialog: screen.getByRole('dialog', { name: 'Add members to Owned' }) };
}

describe('AddMembersDialog', () => {
  it('searches as you type, marks members, picks with the keyboard and adds all picks with one request', async () => {
    const user = userEvent.setup();
    const { dialog, onAdded } = renderDialog();
    const search = within(dialog).getByRole('combobox', { name: 'Search the directory' });
    await user.type(search, 'ws000');
    const member = await within(dialog).findByRole('option', { name: /WS0003\.CORP/ });
    await waitFor(() => expect(member).toHaveTextContent('Already a member'));
    expect(member).toHaveAttribute('aria-disabled', 'true');

    // Arrow keys move the active option (aria-activedescendant), Enter picks it.
    await user.keyboard('{ArrowDown}');
    const first = within(dialog).getAllByRole('option')[0]!;
    expect(search).toHaveAttribute('aria-activedescendant', first.id);
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveTextContent(/^✓WS0001\.CORP\.ACME\.LOCAL/);
    // A member cannot be picked.
    await user.click(member);
    expect(member).toHaveAttribute('aria-selected', 'false');

    await user.clear(search);
    await user.type(search, 'uibrahim');
    const other = await within(dialog).findByRole('option', { name: /UIBRAHIM@LAB/ });
    await user.click(other);
    expect(within(dialog).getByText('To add (2)')).toBeVisible();

    const puts: unknown[] = [];
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 members' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(2));
    for (const [input, init] of fetchSpy.mock.calls) {
      if (init?.method === 'PUT') puts.push([String(input), JSON.parse(String(init.body))]);
    }
    fetchSpy.mockRestore();
    expect(puts).toHaveLength(1);
    const [, body] = puts[0] as [string, { sid: string; action: string; selector_name: string }[]];
    expect(body.map((b) => [b.selector_name, b.action])).toEqual([
      ['WS0001.CORP.ACME.LOCAL', 'add'],
      ['UIBRAHIM@LAB.ACME.LOCAL', 'add'],
    ]);
  });

  it('filters by kind', async () => {
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    await user.type(within(dialog).getByRole('combobox', { name: 'Search the directory' }), 'corp.acme');
    await within(dialog).findAllByRole('option');
    await user.click(within(dialog).getByRole('combobox', { name: 'Kind' }));
    await user.click(screen.getByRole('option', { name: 'Domains' }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([expect.stringMatching(/^✓?CORP\.ACME\.LOCAL/)]),
    );
  });

  it('keeps the picks when the server refuses, with the message on the object at fault', async () => {
    const user = userEvent.setup();
    const { dialog, onAdded } = renderDialog();
    const search = within(dialog).getByRole('combobox', { name: 'Search the directory' });
    await user.type(search, 'uibrahim');
    const option = await within(dialog).findByRole('option', { name: /UIBRAHIM@LAB/ });
    await user.click(option);
    // Someone else adds it meanwhile.
    const sid = within(option).getByText(/^S-1-5-21/).textContent!;
    expect((await call(mock, 'PUT', '/api/v2/asset-groups/2/selectors', { token, json: [{ sid, action: 'add' }] })).status).toBe(
      201,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add member' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was added: UIBRAHIM@LAB.ACME.LOCAL: UIBRAHIM@LAB.ACME.LOCAL is already selected');
    expect(within(dialog).getByRole('button', { name: /^UIBRAHIM@LAB\.ACME\.LOCAL \(/ })).toBeVisible();
    expect(search).toHaveValue('uibrahim');
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('asks before Escape or Cancel drops the picks', async () => {
    const user = userEvent.setup();
    const { dialog, onClose } = renderDialog();
    const search = within(dialog).getByRole('combobox', { name: 'Search the directory' });
    await user.type(search, 'ws000');
    await user.click(await within(dialog).findByRole('option', { name: /WS0001\.CORP/ }));
    await user.click(within(dialog).getByRole('option', { name: /WS0002\.CORP/ }));
    expect(within(dialog).getByText('To add (2)')).toBeVisible();

    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(dialog).getByText('To add (2)')).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes at once when nothing is picked', async () => {
    const user = userEvent.setup();
    const { dialog, onClose } = renderDialog();
    await user.type(within(dialog).getByRole('combobox', { name: 'Search the directory' }), 'ws000');
    await within(dialog).findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
