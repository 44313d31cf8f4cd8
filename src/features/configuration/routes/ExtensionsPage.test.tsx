import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockServer } from '@/mock-server/app';
import { routeFetchTo, signInSession, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import ExtensionsPage from './ExtensionsPage';

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

const SCHEMA = {
  schema: { name: 'Git_Hub', display_name: 'GitHub', version: 'v1.0.0', namespace: 'GH' },
  node_kinds: [
    { name: 'GH_Org', is_display_kind: true, icon: 'building', color: '#5FED83' },
    { name: 'GH_Hidden', is_display_kind: false },
  ],
  relationship_kinds: [{ name: 'GH_Owns', is_traversable: true }],
  environments: [{ environment_kind: 'GH_Org', source_kind: 'GitHub', principal_kinds: [] }],
};
const jsonFile = (body: unknown, name = 'github.json') => new File([JSON.stringify(body)], name, { type: 'application/json' });

async function openPage(username: string) {
  await signInSession(mock, username);
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<ExtensionsPage />, { path: '/opengraph', routePath: '/opengraph' });
  await screen.findByRole('rowheader', { name: /Active Directory/ });
  return user;
}

describe('OpenGraph extensions page', () => {
  it('lists the extensions; a reader may not upload or delete', async () => {
    await openPage('reader');
    const row = screen.getByRole('rowheader', { name: /Active Directory/ }).closest('tr')!;
    expect(within(row).getByText('AD')).toBeInTheDocument();
    expect(within(row).getByText('Built in')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload schema' })).not.toBeInTheDocument();
  });

  it('previews a schema, uploads it, and deletes it after saying what goes', async () => {
    const user = await openPage('admin');
    await user.click(await screen.findByRole('button', { name: 'Upload schema' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload extension schema' });
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
    await user.upload(within(dialog).getByLabelText('Extension schema file'), jsonFile(SCHEMA));
    const preview = await within(dialog).findByRole('region', { name: 'What the schema defines' });
    expect(within(preview).getByText('Icon building, colour #5FED83')).toBeInTheDocument();
    expect(within(preview).getByText('Not a display kind')).toBeInTheDocument();
    expect(within(preview).getByText('Traversable')).toBeInTheDocument();
    expect(within(preview).getByText(/Source kind: GitHub/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('GitHub is uploaded.')).toBeInTheDocument();
    expect(mock.db.state.customNodes.some((k) => k.kind_name === 'GH_Org')).toBe(true);

    const row = (await screen.findByRole('rowheader', { name: 'GitHub' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete GitHub' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete GitHub?' });
    expect(confirm).toHaveTextContent(/namespace GH go away/);
    expect(confirm).toHaveTextContent(/stay in the graph until the database is cleared/);
    await user.click(within(confirm).getByRole('button', { name: 'Delete extension' }));
    expect(await screen.findByText('GitHub is deleted.')).toBeInTheDocument();
    expect(mock.db.state.extensions.map((e) => e.namespace)).toEqual(['AD']);
  });

  it("lists the server's refusals with the fields they name, and a file that is not a schema", async () => {
    const user = await openPage('admin');
    await user.click(await screen.findByRole('button', { name: 'Upload schema' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload extension schema' });
    await user.upload(within(dialog).getByLabelText('Extension schema file'), new File(['{'], 'broken.json'));
    expect(await within(dialog).findByText(/file: The file is not JSON/)).toBeInTheDocument();

    const bad = { ...SCHEMA, node_kinds: [{ name: 'Org' }], environments: [] };
    await user.upload(within(dialog).getByLabelText('Extension schema file'), jsonFile(bad));
    await within(dialog).findByRole('region', { name: 'What the schema defines' });
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(
      await within(dialog).findByText('node_kinds.0.name: graph schema kind Org is missing extension namespace prefix GH_'),
    ).toBeInTheDocument();
    expect(mock.db.state.extensions).toHaveLength(1);
  });

  it('says when a schema replaces an uploaded extension', async () => {
    const user = await openPage('admin');
    await user.click(await screen.findByRole('button', { name: 'Upload schema' }));
    let dialog = await screen.findByRole('dialog', { name: 'Upload extension schema' });
    await user.upload(within(dialog).getByLabelText('Extension schema file'), jsonFile(SCHEMA));
    await within(dialog).findByRole('region', { name: 'What the schema defines' });
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await screen.findByText('GitHub is uploaded.');

    await user.click(screen.getByRole('button', { name: 'Upload schema' }));
    dialog = await screen.findByRole('dialog', { name: 'Upload extension schema' });
    const next = { ...SCHEMA, schema: { ...SCHEMA.schema, version: 'v2.0.0' } };
    await user.upload(within(dialog).getByLabelText('Extension schema file'), jsonFile(next));
    const preview = await within(dialog).findByRole('region', { name: 'What the schema defines' });
    expect(preview).toHaveTextContent('replaces GitHub v1.0.0');
  });
});
