import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  selectorsListResponse,
  tagResponse,
  type AssetGroupTag,
  type AssetGroupTagSelector,
} from '@/api/schemas/privilege-zones';
import type { MockServer } from '@/mock-server/app';
import { call, routeFetchTo, signInSession, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import { RuleFormDialog } from './RuleFormDialog';

let mock: MockServer;
let restore: () => void;
let token: string;
let tierZero: AssetGroupTag;

beforeEach(async () => {
  mock = testMockServer();
  restore = routeFetchTo(mock);
  token = await signInSession(mock, 'admin');
  tierZero = tagResponse.parse((await call(mock, 'GET', '/api/v2/asset-group-tags/1', { token })).body).data.tag;
});

afterEach(() => {
  restore();
  sessionStorage.clear();
});

async function rules(): Promise<AssetGroupTagSelector[]> {
  const res = await call(mock, 'GET', '/api/v2/asset-group-tags/1/selectors?limit=500', { token });
  return selectorsListResponse.parse(res.body).data.selectors;
}

function renderForm(edited: AssetGroupTagSelector | null) {
  const onSaved = vi.fn();
  renderWithProviders(<RuleFormDialog tag={tierZero} rule={edited} onClose={vi.fn()} onSaved={onSaved} />, {
    path: '/privilege-zones/1',
    routePath: '/privilege-zones/:tagId',
  });
  return { onSaved, dialog: screen.getByRole('dialog') };
}

describe('RuleFormDialog', () => {
  it('picks objects by directory search, previews them direct and expanded apart, and creates the rule', async () => {
    const user = userEvent.setup();
    const { dialog, onSaved } = renderForm(null);
    expect(tierZero.name).toBe('Tier Zero');
    expect(dialog).toHaveAccessibleName('New rule of Tier Zero');
    await user.click(within(dialog).getByRole('button', { name: 'Create rule' }));
    expect(await within(dialog).findByText('Enter a name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Write a Cypher query that returns the objects.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Workstation one');
    await user.click(within(dialog).getByRole('radio', { name: 'Objects' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Objects' }), 'ws0001');
    await user.click(await screen.findByRole('option', { name: /WS0001\.CORP/ }));
    expect(within(dialog).getByRole('button', { name: /WS0001\.CORP/ })).toBeInTheDocument();

    // Preview: the computer itself is direct; the OUs above it (a zone expands both ways) are expanded.
    await user.click(within(dialog).getByRole('button', { name: 'Preview results' }));
    expect(await within(dialog).findByRole('heading', { name: 'Direct objects (1)' })).toBeInTheDocument();
    const direct = within(dialog).getByRole('region', { name: 'Direct objects' });
    expect(within(direct).getByRole('rowheader', { name: /^WS0001\.CORP/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: /^Expanded objects \(\d+\)$/ })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create rule' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    const created = (await rules()).find((r) => r.name === 'Workstation one')!;
    expect(created).toMatchObject({ is_default: false, auto_certify: 0, disabled_at: null });
    expect(created.seeds).toEqual([{ type: 1, value: expect.stringMatching(/^S-1-5-21-/) }]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: created.id }), true);
  });

  it('offers a default rule only auto-certify, says why, and cannot disable one that may not be disabled', async () => {
    const user = userEvent.setup();
    const fixed = (await rules()).find((r) => r.is_default && !r.allow_disable)!;
    expect(fixed).toBeDefined();
    const { dialog, onSaved } = renderForm(fixed);
    expect(within(dialog).getByText(/A default rule keeps its name, description and seeds/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'Objects' })).toBeDisabled();
    expect(within(dialog).getByRole('switch', { name: 'Enabled' })).toBeDisabled();
    expect(within(dialog).getByText(/cannot be disabled: the zone depends on it/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Auto-certify' }));
    await user.click(await screen.findByRole('option', { name: 'Direct objects only' }));
    // Its saved query needs no new preview; only the changed field is sent, which the service accepts.
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    const saved = (await rules()).find((r) => r.id === fixed.id)!;
    expect(saved).toMatchObject({ name: fixed.name, seeds: fixed.seeds, auto_certify: 2, disabled_at: null });
  });
});
