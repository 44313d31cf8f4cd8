import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '@/api/schemas/collection';
import type { MockServer } from '@/mock-server/app';
import { routeFetchTo, routeFetchWithEdits, testMockServer, signInSession } from '@/testing/mock-service';
import { CLIENT_OF_UNKNOWN_TYPE, clientsWithUnknownType } from '@/testing/unexpected-answers';
import { renderWithProviders } from '@/testing/render';
import { RunCollectionDialog } from '@/features/collection/components/RunCollectionDialog';
import ClientDetailPage from './ClientDetailPage';
import ClientsPage from './ClientsPage';

let mock: MockServer;
let restore: () => void;

const signInAs = (username: string) => signInSession(mock, username);

beforeEach(() => {
  // Tasks stay ready until their client ends them.
  mock = testMockServer({ collectionPickupMs: 3_600_000 });
  restore = routeFetchTo(mock);
});

afterEach(() => {
  restore();
  sessionStorage.clear();
});

describe('Clients page', () => {
  it('shows no run action to a user who may look but not run (the User role)', async () => {
    const userRole = mock.db.state.roles.find((r) => r.name === 'User')!.id;
    const analyst = mock.db.state.users.find(
      (u) =>
        u.deleted_at === null && !u.is_disabled && u.secret && !u.mfa && u.role_ids.length === 1 && u.role_ids[0] === userRole,
    )!;
    await signInAs(analyst.principal_name);
    renderWithProviders(<ClientsPage />, { path: '/clients', routePath: '/clients' });
    await screen.findByRole('row', { name: 'SharpHound HQ' });
    // The page says why, and who can, once it knows the user's permissions; then no row offers a run.
    expect(
      await screen.findByText(/You can look at collection clients and their jobs, but your role cannot run a collection/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Run collection now/ })).not.toBeInTheDocument();
  });

  it('on a client that is already working on a task, asks to queue the new one and says which task it waits for', async () => {
    await signInAs('admin');
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ClientsPage />, { path: '/clients', routePath: '/clients' });
    const row = await screen.findByRole('row', { name: 'SharpHound HQ' });
    const running = within(row).getByRole('link', { name: /^Job \d+$/ }).textContent!;
    // The row says it already: the action queues.
    await user.click(await within(row).findByRole('button', { name: 'Queue a collection on SharpHound HQ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Queue a collection on SharpHound HQ' });
    expect(dialog).toHaveTextContent(`SharpHound HQ is already working on ${running.toLowerCase()} (running)`);
    expect(dialog).toHaveTextContent(`it waits until ${running.toLowerCase()} ends, then runs`);
    expect(within(dialog).getByRole('button', { name: 'Queue collection' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    // An idle client runs at once, as before.
    await user.click(screen.getByRole('button', { name: 'Run collection now on SharpHound Frankfurt' }));
    const idle = await screen.findByRole('dialog', { name: 'Run collection now on SharpHound Frankfurt' });
    expect(within(idle).getByRole('button', { name: 'Run collection' })).toBeInTheDocument();
    expect(idle).not.toHaveTextContent('already working on');
  });

  it('says plainly that a community server has no clients', async () => {
    mock = testMockServer({ edition: 'community' });
    restore();
    restore = routeFetchTo(mock);
    await signInAs('admin');
    renderWithProviders(<ClientsPage />, { path: '/clients', routePath: '/clients' });
    expect(await screen.findByText('Collection clients need the enterprise edition')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('asks for at least one collection, and keeps the choices when the server refuses', async () => {
    await signInAs('admin');
    const user = userEvent.setup({ delay: null });
    const gone = { id: '00000000-0000-4000-8000-000000000000', name: 'Old collector' } as Client;
    const created: number[] = [];
    renderWithProviders(<RunCollectionDialog client={gone} onClose={() => undefined} onCreated={(t) => created.push(t.id)} />);
    const dialog = await screen.findByRole('dialog', { name: 'Run collection now on Old collector' });
    for (const name of ['Sessions', 'Local groups', 'AD structure']) await user.click(within(dialog).getByLabelText(name));
    await user.click(within(dialog).getByRole('button', { name: 'Run collection' }));
    expect(await within(dialog).findByText('Choose at least one collection type')).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('DC registry'));
    await user.click(within(dialog).getByLabelText('Domain controller (optional)'));
    await user.paste('dc9.corp.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Run collection' }));
    // The client no longer exists: the server's reason is shown and nothing chosen is lost.
    expect(await within(dialog).findByText(`No collection client has id ${gone.id}.`)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('DC registry')).toBeChecked();
    expect(within(dialog).getByLabelText('Sessions')).not.toBeChecked();
    expect(within(dialog).getByLabelText('Domain controller (optional)')).toHaveValue('dc9.corp.example.com');
    expect(created).toEqual([]);
  });
});

describe('Clients, against answers the mock does not give', () => {
  it('lists a client of an unknown type with its type as it came and "unknown", and offers no run on it', async () => {
    restore();
    restore = routeFetchWithEdits(mock, [clientsWithUnknownType('SharpHound HQ')]);
    await signInAs('admin');
    renderWithProviders(<ClientsPage />, { path: '/clients', routePath: '/clients' });
    const row = await screen.findByRole('row', { name: 'SharpHound HQ' });
    expect(row).toHaveTextContent('foohound (unknown)');
    // Its current task is kept, its status as it came.
    expect(within(row).getByRole('link', { name: /^Job \d+$/ })).toBeVisible();
    expect(row).toHaveTextContent('42 (unknown)');
    // What it collects is unknown: no run, and why.
    expect(within(row).queryByRole('button', { name: /collection/ })).not.toBeInTheDocument();
    expect(row).toHaveTextContent('Cannot run from here');
    // The other clients are as before.
    const other = screen.getByRole('row', { name: 'SharpHound Frankfurt' });
    expect(other).toHaveTextContent('SharpHound');
    expect(other).not.toHaveTextContent('unknown');
    expect(within(other).getByRole('button', { name: 'Run collection now on SharpHound Frankfurt' })).toBeVisible();
  });

  it('shows a client of an unknown type read-only as to collection: no run, but its name, token and deletion', async () => {
    const hq = mock.db.state.collectionClients.find((c) => c.name === 'SharpHound HQ')!;
    restore();
    restore = routeFetchWithEdits(mock, [CLIENT_OF_UNKNOWN_TYPE]);
    await signInAs('admin');
    renderWithProviders(<ClientDetailPage />, { path: `/clients/${hq.id}`, routePath: '/clients/:clientId' });
    expect(await screen.findByRole('heading', { name: 'SharpHound HQ', level: 1 })).toBeVisible();
    expect(screen.getByText('foohound (unknown) collection client, version', { exact: false })).toBeVisible();
    expect(screen.getByText(/This console does not know what “foohound” clients collect/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Run collection now' })).not.toBeInTheDocument();
    // What this person may do is known once their account is read (the signed-in shell reads it first in the console).
    for (const name of ['Edit', 'Regenerate token', 'Delete']) expect(await screen.findByRole('button', { name })).toBeVisible();
  });
});
