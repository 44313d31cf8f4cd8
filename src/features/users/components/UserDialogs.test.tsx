import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usersListResponse, type User } from '@/api/schemas/users';
import type { MockServer } from '@/mock-server/app';
import { call, routeFetchTo, testMockServer, signInSession, tokenFor } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import { SetPasswordDialog } from './SetPasswordDialog';
import { UserFormDialog } from './UserFormDialog';

// MUI dialogs in jsdom are slow on a busy machine: allow tests of up to 60 s.
vi.setConfig({ testTimeout: 60_000 });

let mock: MockServer;
let restore: () => void;
let requests: string[];

const signInAs = (username: string) => signInSession(mock, username);

beforeEach(() => {
  mock = testMockServer();
  const route = routeFetchTo(mock);
  const routed = globalThis.fetch;
  requests = [];
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    requests.push(`${init?.method ?? 'GET'} ${url.replace(/^https?:\/\/[^/]+/, '')}`);
    return routed(input, init);
  }) as typeof fetch;
  restore = route;
});

afterEach(() => {
  restore();
  sessionStorage.clear();
});

describe('create user dialog', () => {
  it('says what is missing, refuses an environment list for Administrators, and sends nothing until valid', async () => {
    await signInAs('admin');
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<UserFormDialog mode="create" onClose={() => {}} onSaved={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create user' });
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText('Enter a first name')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a role')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a password')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
    await user.click(await screen.findByRole('option', { name: /^Administrator/ }));
    await user.click(within(dialog).getByRole('switch', { name: 'All environments' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Environment IDs' }), 'S-1-5-21-1-2-3{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(
      await within(dialog).findByText(
        /^Administrators and Power Users always have access to all environments, so an environment list cannot/,
      ),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual([]);

    // "All environments" clears the list.
    await user.click(within(dialog).getByRole('switch', { name: 'All environments' }));
    expect(within(dialog).queryByRole('combobox', { name: 'Environment IDs' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('switch', { name: 'All environments' }));
    expect(within(dialog).queryByText('S-1-5-21-1-2-3')).not.toBeInTheDocument();
  });

  it('says a name is too long, or holds a hidden character, on its field before sending', async () => {
    await signInAs('admin');
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<UserFormDialog mode="create" onClose={() => {}} onSaved={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create user' });
    const first = within(dialog).getByRole('textbox', { name: /First name/ });
    await user.click(first);
    await user.paste('x'.repeat(101));
    await user.type(within(dialog).getByRole('textbox', { name: /Principal name/ }), 'adm\u200Bin');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText('First name must be at most 100 characters')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Principal name must not contain control, zero-width or bidirectional characters'),
    ).toBeInTheDocument();
    expect(first).toHaveValue('x'.repeat(101));
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual([]);
  });

  it('puts the server’s refusal on the field and keeps what was typed', async () => {
    await signInAs('admin');
    const user = userEvent.setup({ delay: null });
    const onSaved = vi.fn();
    renderWithProviders(<UserFormDialog mode="create" onClose={() => {}} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create user' });
    await user.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Ada');
    await user.type(within(dialog).getByRole('textbox', { name: /Last name/ }), 'Again');
    await user.type(within(dialog).getByRole('textbox', { name: /Email address/ }), 'ada.again@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: /Principal name/ }), 'admin');
    await user.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
    await user.click(await screen.findByRole('option', { name: /^User/ }));
    await user.type(within(dialog).getByLabelText(/^Password\W*$/), 'Garden-Gate-2026!');
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'Garden-Gate-2026!');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText('The principal name "admin" is already taken. Choose another.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /First name/ })).toHaveValue('Ada');
    expect(within(dialog).getByRole('textbox', { name: /Principal name/ })).toHaveValue('admin');
    expect(onSaved).not.toHaveBeenCalled();
    expect(requests).toContain('POST /api/v2/app-users');
  });
});

describe('edit user: one role', () => {
  async function reader(): Promise<User> {
    const token = await tokenFor(mock, 'admin');
    const list = usersListResponse.parse((await call(mock, 'GET', '/api/v2/app-users', { token })).body).data.users;
    return list.find((u) => u.principal_name === 'reader')!;
  }

  it('replaces the role rather than adding one, and asks before granting Administrator, saying what it grants', async () => {
    await signInAs('admin');
    const target = await reader();
    const user = userEvent.setup({ delay: null });
    const onSaved = vi.fn();
    const bodies: unknown[] = [];
    const routed = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PATCH' && typeof init.body === 'string') bodies.push(JSON.parse(init.body));
      return routed(input, init);
    }) as typeof fetch;
    renderWithProviders(<UserFormDialog mode="edit" user={target} onClose={() => {}} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog', { name: /^Edit / });
    const role = within(dialog).getByRole('combobox', { name: /^Role/ });
    await waitFor(() => expect(role).toHaveValue('Read-Only'));
    await user.click(role);
    await user.click(await screen.findByRole('option', { name: /^Administrator/ }));
    expect(role).toHaveValue('Administrator');
    expect(within(dialog).queryByText('Read-Only')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const ask = await screen.findByRole('dialog', { name: /the Administrator role\?$/ });
    expect(ask).toHaveTextContent('Compared with Read-Only');
    expect(ask).toHaveTextContent('Manage users and their accounts; read the audit log');
    expect(ask).toHaveTextContent('Clear the database');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /the Administrator role\?$/ })).not.toBeInTheDocument());
    expect(bodies).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(role).toHaveValue('Administrator');

    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const again = await screen.findByRole('dialog', { name: /the Administrator role\?$/ });
    await user.click(within(again).getByRole('button', { name: 'Grant Administrator' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodies).toEqual([expect.objectContaining({ roles: [1] })]);
  });

  it('saves a role with no more permissions without asking', async () => {
    await signInAs('admin');
    const target = await reader();
    const user = userEvent.setup({ delay: null });
    const onSaved = vi.fn();
    renderWithProviders(<UserFormDialog mode="edit" user={target} onClose={() => {}} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog', { name: /^Edit / });
    const role = within(dialog).getByRole('combobox', { name: /^Role/ });
    await user.click(role);
    await user.click(await screen.findByRole('option', { name: /^Read-Only/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(screen.queryByRole('dialog', { name: /role\?$/ })).not.toBeInTheDocument();
  });
});

describe('environment picker', () => {
  const DOMAINS = [
    { type: 'active-directory', name: 'CORP.EXAMPLE.COM', id: 'S-1-5-21-1000-2000-3000', collected: true },
    { type: 'active-directory', name: 'LAB.EXAMPLE.COM', id: 'S-1-5-21-4000-5000-6000', collected: true },
  ];
  /** Answers GET /api/v2/available-domains with DOMAINS (whatever the mock holds) and records the POST body. */
  function withDomains() {
    const routed = globalThis.fetch;
    const bodies: unknown[] = [];
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/api/v2/available-domains')) {
        requests.push('GET /api/v2/available-domains');
        return Promise.resolve(Response.json({ data: DOMAINS }));
      }
      if (init?.method === 'POST' && typeof init.body === 'string') bodies.push(JSON.parse(init.body));
      return routed(input, init);
    }) as typeof fetch;
    return bodies;
  }

  async function fillNewUser(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
    await user.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Pia');
    await user.type(within(dialog).getByRole('textbox', { name: /Last name/ }), 'Picker');
    await user.type(within(dialog).getByRole('textbox', { name: /Email address/ }), 'pia.picker@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: /Principal name/ }), 'pia.picker');
    await user.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
    await user.click(await screen.findByRole('option', { name: /^User/ }));
    await user.type(within(dialog).getByLabelText(/^Password\W*$/), 'Garden-Gate-2026!');
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'Garden-Gate-2026!');
    await user.click(within(dialog).getByRole('switch', { name: 'All environments' }));
  }

  it('picks a domain by name, keeps an id that is not listed with a warning naming it, and sends the ids', async () => {
    await signInAs('admin');
    const bodies = withDomains();
    const user = userEvent.setup({ delay: null });
    const onSaved = vi.fn();
    renderWithProviders(<UserFormDialog mode="create" onClose={() => {}} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create user' });
    await fillNewUser(user, dialog);

    const picker = within(dialog).getByRole('combobox', { name: 'Environment IDs' });
    await user.type(picker, 'lab');
    const option = await screen.findByRole('option', { name: /LAB\.EXAMPLE\.COM/ });
    expect(option).toHaveTextContent('S-1-5-21-4000-5000-6000');
    expect(screen.queryByRole('option', { name: /CORP\.EXAMPLE\.COM/ })).not.toBeInTheDocument();
    await user.click(option);
    expect(within(dialog).getByRole('button', { name: 'LAB.EXAMPLE.COM' })).toBeInTheDocument();

    // A whole name typed and Enter is that domain too; an id not listed stays, with a warning.
    await user.type(picker, 'corp.example.com{Enter}');
    await user.type(picker, 'S-1-5-21-9-9-9{Enter}');
    expect(within(dialog).getByRole('button', { name: 'CORP.EXAMPLE.COM' })).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('"S-1-5-21-9-9-9" is not a known domain: check the ID.');

    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodies).toEqual([
      expect.objectContaining({
        all_environments: false,
        environment_targeted_access_control: {
          environments: [
            { environment_id: 'S-1-5-21-4000-5000-6000' },
            { environment_id: 'S-1-5-21-1000-2000-3000' },
            { environment_id: 'S-1-5-21-9-9-9' },
          ],
        },
      }),
    ]);
  });

  it('gives people who may not read domains the plain id field, and never asks for domains', async () => {
    await signInAs('uploader');
    withDomains();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<UserFormDialog mode="create" onClose={() => {}} onSaved={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create user' });
    await user.click(within(dialog).getByRole('switch', { name: 'All environments' }));
    const field = within(dialog).getByRole('combobox', { name: 'Environment IDs' });
    expect(within(dialog).getByText(/Type one and press Enter; paste several at once\./)).toBeInTheDocument();
    await user.type(field, 'S-1-5-21-7-7-7 ');
    expect(within(dialog).getByRole('button', { name: 'S-1-5-21-7-7-7' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(requests).not.toContain('GET /api/v2/available-domains');
  });
});

describe('set password dialog', () => {
  it('checks the strength rule before sending, then sets the password', async () => {
    await signInAs('admin');
    const target = mock.db.state.users.find((u) => u.principal_name === 'reader')!;
    const res = await mock.fetch(
      new Request(`http://mock.test/api/v2/app-users/${target.id}`, {
        headers: { Authorization: `Bearer ${await tokenFor(mock, 'admin')}` },
      }),
    );
    const record = ((await res.json()) as { data: User }).data;
    const user = userEvent.setup({ delay: null });
    const onDone = vi.fn();
    renderWithProviders(<SetPasswordDialog user={record} onClose={() => {}} onDone={onDone} />);
    const dialog = await screen.findByRole('dialog', { name: 'Set password for Rita Reader' });
    await user.type(within(dialog).getByLabelText(/^New password/), 'alllowercase1!');
    await user.type(within(dialog).getByLabelText(/^Confirm new password/), 'alllowercase1!');
    await user.click(within(dialog).getByRole('button', { name: 'Set password' }));
    expect(await within(dialog).findByText('Password must contain at least one upper-case letter')).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Password requirements' })).toHaveTextContent(
      'An upper-case letter (not met yet)',
    );
    expect(requests.filter((r) => r.startsWith('PUT'))).toEqual([]);

    await user.clear(within(dialog).getByLabelText(/^New password/));
    await user.type(within(dialog).getByLabelText(/^New password/), 'Mixed-Case-123');
    await user.clear(within(dialog).getByLabelText(/^Confirm new password/));
    await user.type(within(dialog).getByLabelText(/^Confirm new password/), 'Mixed-Case-124');
    await user.click(within(dialog).getByRole('button', { name: 'Set password' }));
    expect(await within(dialog).findByText('The passwords do not match')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/^Confirm new password/));
    await user.type(within(dialog).getByLabelText(/^Confirm new password/), 'Mixed-Case-123');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Require a new password at next sign-in' }));
    await user.click(within(dialog).getByRole('button', { name: 'Set password' }));
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith('Set a new password for Rita Reader; they must choose their own at the next sign-in.'),
    );
    expect(requests).toContain(`PUT /api/v2/app-users/${target.id}/secret`);
    // The password went in the body only: never in a URL.
    expect(requests.join('\n')).not.toContain('Mixed-Case-123');
  });
});
