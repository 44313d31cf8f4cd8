import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigKey } from '@/api/schemas/config';
import { TOKEN_NAME_MAX } from '@/api/schemas/tokens';
import type { User } from '@/api/schemas/users';
import type { MockServer } from '@/mock-server/app';
import { call, routeFetchTo, signInSession, testMockServer, tokenFor } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import { signedRequestExample, TokenPanel } from './TokenPanel';

let mock: MockServer;
let restore: () => void;
/** Every request the console made, as "METHOD path status". */
let calls: string[];

const signInAs = (username: string) => signInSession(mock, username);

beforeEach(() => {
  mock = testMockServer();
  const fetchMock = mock.fetch.bind(mock);
  // This test's own list: a request of the test before that ends late does not land in it.
  const log: string[] = [];
  calls = log;
  mock.fetch = async (req: Request, ...rest: unknown[]) => {
    const res = await (fetchMock as (r: Request, ...a: unknown[]) => Promise<Response>)(req, ...rest);
    log.push(`${req.method} ${new URL(req.url).pathname} ${res.status}`);
    return res;
  };
  restore = routeFetchTo(mock);
});
afterEach(() => {
  restore();
  sessionStorage.clear();
});

const userNamed = (principal: string) => mock.db.state.users.find((u) => u.principal_name === principal)!;
const tokensOf = (userId: string, name: string) =>
  mock.db.state.authTokens.filter((t) => t.user_id === userId.toLowerCase() && t.name === name);

function renderPanel(user: User | null = null) {
  return renderWithProviders(<TokenPanel user={user} />, { path: '/profile', routePath: '/profile' });
}

describe('TokenPanel', () => {
  it('creates a token, shows its id and key once with copy buttons, forgets the key on close, and revokes after asking', async () => {
    await signInAs('reader');
    const user = userEvent.setup({ delay: null });
    const { container } = renderPanel();
    await screen.findByRole('table', { name: 'Your API tokens' });

    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const form = await screen.findByRole('dialog', { name: 'Create an API token' });
    await user.type(within(form).getByRole('textbox', { name: 'Token name' }), 'Nightly export');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('dialog', { name: 'API token “Nightly export” created' });
    const [stored] = tokensOf(userNamed('reader').id, 'Nightly export');
    expect(stored).toBeDefined();
    expect(within(shown).getByRole('textbox', { name: 'Token ID' })).toHaveValue(stored!.id);
    expect(within(shown).getByRole('textbox', { name: 'Key' })).toHaveValue(stored!.key);
    expect(within(shown).getByRole('button', { name: 'Copy the token ID' })).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy the key' })).toBeInTheDocument();
    expect(shown).toHaveTextContent('it is not shown again');
    expect(shown).toHaveTextContent(signedRequestExample(window.location.origin, stored!.id, stored!.key));

    await user.click(within(shown).getByRole('button', { name: /Done/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = await screen.findByRole('row', { name: /Nightly export/ });
    expect(row).toHaveTextContent('Never');
    expect(document.body.innerHTML).not.toContain(stored!.key);
    expect(container.ownerDocument.location.href).not.toContain(stored!.key);

    await user.click(within(row).getByRole('button', { name: 'Revoke Nightly export' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke Nightly export?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke token' }));
    expect(await screen.findByText('Revoked the API token Nightly export.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Nightly export/ })).not.toBeInTheDocument());
    expect(tokensOf(userNamed('reader').id, 'Nightly export')).toHaveLength(0);
  });

  it('tells two tokens of one name apart by their short id (copied whole) and when they were created', async () => {
    await signInAs('reader');
    const token = await tokenFor(mock, 'reader');
    for (let i = 0; i < 2; i++) {
      expect((await call(mock, 'POST', '/api/v2/tokens', { token, json: { token_name: 'Twin' } })).status).toBe(200);
    }
    const stored = tokensOf(userNamed('reader').id, 'Twin');
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Your API tokens' });
    expect(within(table).getByRole('columnheader', { name: 'Token ID' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /^Created/ })).toBeInTheDocument();
    const rows = await within(table).findAllByRole('row', { name: /Twin/ });
    expect(rows).toHaveLength(2);
    const shown = rows.map((r) => within(r).getByText(/^[0-9a-f]{8}…$/).textContent);
    expect(new Set(shown).size).toBe(2);
    for (const t of stored) {
      const short = `${t.id.slice(0, 8)}…`;
      expect(shown).toContain(short);
      expect(screen.getByRole('button', { name: `Copy the ID of Twin (${short})` })).toBeInTheDocument();
    }
  });

  it('says what is wrong with a name on its field, sends nothing, and keeps what was typed', async () => {
    await signInAs('reader');
    const user = userEvent.setup({ delay: null });
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const form = await screen.findByRole('dialog', { name: 'Create an API token' });
    const name = within(form).getByRole('textbox', { name: 'Token name' });
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await within(form).findByText('Token name is required')).toBeInTheDocument();
    const long = 'x'.repeat(TOKEN_NAME_MAX + 1);
    await user.click(name);
    await user.paste(long);
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await within(form).findByText(`Token name must be at most ${TOKEN_NAME_MAX} characters`)).toBeInTheDocument();
    expect(name).toHaveValue(long);
    expect(calls.filter((c) => c.startsWith('POST /api/v2/tokens'))).toHaveLength(0);
  });

  it('says API tokens are switched off instead of offering to create one', async () => {
    mock.db.state.configParameters.find((p) => p.key === ConfigKey.ApiTokens)!.value = { enabled: false };
    await signInAs('admin');
    renderPanel();
    expect(await screen.findByText(/API tokens are switched off on this server \(auth\.api_tokens\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create token' })).not.toBeInTheDocument();
  });

  it('shows an uploader why there are no tokens, without calling what they may not', async () => {
    await signInAs('uploader');
    renderPanel();
    expect(await screen.findByText(/your role cannot have API tokens\. The .* roles? can/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create token' })).not.toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.startsWith('GET /api/v2/self'))).toBe(true));
    expect(calls.filter((c) => c.endsWith(' 403'))).toEqual([]);
    expect(calls.filter((c) => c.includes('/tokens') || c.includes('/config'))).toEqual([]);
  });

  it('lets an administrator create and list tokens for someone else', async () => {
    await signInAs('admin');
    const user = userEvent.setup({ delay: null });
    const reader = userNamed('reader');
    const answer = await call(mock, 'GET', `/api/v2/app-users/${reader.id}`, { token: await tokenFor(mock, 'admin') });
    renderPanel((answer.body as { data: User }).data);
    await screen.findByRole('table', { name: /^API tokens of / });
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const form = await screen.findByRole('dialog', { name: /Create an API token for/ });
    await user.type(within(form).getByRole('textbox', { name: 'Token name' }), 'For reader');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    await screen.findByRole('dialog', { name: 'API token “For reader” created' });
    expect(tokensOf(reader.id, 'For reader')).toHaveLength(1);
    expect(calls).toContain(`GET /api/v2/tokens 200`);
  });
});
