import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AutoCertify,
  MemberSource,
  SeedType,
  TagType,
  type AssetGroupTag,
  type AssetGroupTagMember,
  type AssetGroupTagSelector,
} from '@/api/schemas/privilege-zones';
import { routeFetchTo, signInSession, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import { RuleFormDialog } from './RuleFormDialog';

// The machine may be busy: allow waits of up to 10 s.
configure({ asyncUtilTimeout: 10_000 });

const TIER_ZERO: AssetGroupTag = {
  id: 1,
  type: TagType.Zone,
  kind_id: 1,
  name: 'Tier Zero',
  description: '',
  created_at: '2026-11-01T00:00:00Z',
  created_by: 'SYSTEM',
  updated_at: '2026-11-01T00:00:00Z',
  updated_by: 'SYSTEM',
  position: 1,
  require_certify: false,
  analysis_enabled: true,
  glyph: null,
};

function rule(over: Partial<AssetGroupTagSelector>): AssetGroupTagSelector {
  return {
    id: 9,
    asset_group_tag_id: 1,
    created_at: '2026-11-01T00:00:00Z',
    created_by: 'SYSTEM',
    updated_at: '2026-11-01T00:00:00Z',
    updated_by: 'SYSTEM',
    disabled_at: null,
    disabled_by: null,
    name: 'Domain Controllers',
    description: 'Every domain controller',
    auto_certify: AutoCertify.Off,
    is_default: true,
    allow_disable: false,
    seeds: [{ type: SeedType.Cypher, value: 'MATCH (n:Computer) WHERE n.isdc = true RETURN n;' }],
    ...over,
  };
}

function member(id: number, name: string, source: number): AssetGroupTagMember {
  return { id, object_id: `S-1-5-21-9-${id}`, environment_id: 'S-1-5-21-9', primary_kind: 'User', name, source };
}

/** The Privilege Zones operations the form calls, answered as upstream's server does; everything else goes to the mock. */
let sent: { method: string; path: string; body: unknown }[];
let restore: () => void;

beforeEach(async () => {
  const mock = testMockServer();
  const restoreMock = routeFetchTo(mock);
  await signInSession(mock, 'admin');
  const toMock = globalThis.fetch;
  sent = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(
      new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://mock.test'),
      init,
    );
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/api/v2/asset-group-tags')) return toMock(input, init);
    const body = request.method === 'GET' ? undefined : await request.json();
    sent.push({ method: request.method, path: url.pathname + url.search, body });
    const json = (data: unknown, status = 200) =>
      new Response(JSON.stringify({ data }), { status, headers: { 'Content-Type': 'application/json' } });
    if (url.pathname === '/api/v2/asset-group-tags/preview-selectors')
      return json({
        members: [
          member(1, 'ADA@CORP', MemberSource.Seed),
          member(2, 'BOB@CORP', MemberSource.Child),
          member(3, 'CY@CORP', MemberSource.Child),
        ],
      });
    if (request.method === 'POST')
      return json({ ...rule({ id: 50, is_default: false, allow_disable: true }), ...(body as object) }, 201);
    if (request.method === 'PATCH') return json({ ...rule({}), ...(body as object) });
    return new Response('{}', { status: 404 });
  }) as typeof fetch;
  restore = () => {
    globalThis.fetch = toMock;
    restoreMock();
  };
});

afterEach(() => {
  restore();
  sessionStorage.clear();
});

function renderForm(edited: AssetGroupTagSelector | null) {
  const onSaved = vi.fn();
  renderWithProviders(<RuleFormDialog tag={TIER_ZERO} rule={edited} onClose={vi.fn()} onSaved={onSaved} />, {
    path: '/privilege-zones/1',
    routePath: '/privilege-zones/:tagId',
  });
  return { onSaved, dialog: screen.getByRole('dialog') };
}

describe('RuleFormDialog', () => {
  it('picks objects by directory search, previews them direct and expanded apart, and creates the rule', async () => {
    const user = userEvent.setup();
    const { dialog, onSaved } = renderForm(null);
    expect(dialog).toHaveAccessibleName('New rule of Tier Zero');
    await user.click(within(dialog).getByRole('button', { name: 'Create rule' }));
    expect(await within(dialog).findByText('Enter a name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Write a Cypher query that returns the objects.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Helpdesk admins');
    await user.click(within(dialog).getByRole('radio', { name: 'Objects' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Objects' }), 'ws0001');
    await user.click(await screen.findByRole('option', { name: /WS0001\.CORP/ }));
    expect(within(dialog).getByRole('button', { name: /WS0001\.CORP/ })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Preview results' }));
    expect(await within(dialog).findByRole('heading', { name: 'Direct objects (1)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Expanded objects (2)' })).toBeInTheDocument();
    const preview = sent.find((r) => r.path.startsWith('/api/v2/asset-group-tags/preview-selectors'))!;
    expect(preview.path).toContain('limit=200');
    expect(preview.body).toEqual({
      seeds: [{ type: SeedType.ObjectId, value: expect.stringMatching(/^S-1-5-21-/) }],
      expansion: 1,
    });

    await user.click(within(dialog).getByRole('button', { name: 'Create rule' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    const created = sent.find((r) => r.method === 'POST' && r.path === '/api/v2/asset-group-tags/1/selectors')!;
    expect(created.body).toMatchObject({ name: 'Helpdesk admins', auto_certify: 0, disabled: false, seeds: [{ type: 1 }] });
  });

  it('offers a default rule only auto-certify, says why, and cannot disable one that may not be disabled', async () => {
    const user = userEvent.setup();
    const { dialog, onSaved } = renderForm(rule({}));
    expect(within(dialog).getByText(/A default rule keeps its name, description and seeds/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'Objects' })).toBeDisabled();
    expect(within(dialog).getByRole('switch', { name: 'Enabled' })).toBeDisabled();
    expect(within(dialog).getByText(/cannot be disabled: the zone depends on it/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Auto-certify' }));
    await user.click(await screen.findByRole('option', { name: 'Direct objects only' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    // Its saved query needs no new preview, and only the changed field is sent.
    expect(sent).toEqual([{ method: 'PATCH', path: '/api/v2/asset-group-tags/1/selectors/9', body: { auto_certify: 2 } }]);
  });
});
