import { apiToken, expect, signIn, test } from './fixtures';

/** The first page of a test can take a while on a busy server. */
const FIRST_LOAD = { timeout: 30_000 };

const schemaFile = (body: unknown, name = 'acme.json') => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(JSON.stringify(body)),
});

const SCHEMA = {
  schema: { name: 'Acme_Cloud', display_name: 'Acme Cloud', version: 'v1.2.0', namespace: 'ACME' },
  node_kinds: [
    { name: 'ACME_Tenant', display_name: 'Tenant', is_display_kind: true, icon: 'cloud', color: '#3366CC' },
    { name: 'ACME_Account', display_name: 'Account', is_display_kind: true, icon: 'user', color: '#CC6633' },
  ],
  relationship_kinds: [{ name: 'ACME_Admins', is_traversable: true }],
  environments: [{ environment_kind: 'ACME_Tenant', source_kind: 'AcmeBase', principal_kinds: ['ACME_Account'] }],
};

test.describe('OpenGraph extensions', () => {
  test('uploads a schema after its preview, by keyboard; its kinds show; delete says what goes', async ({ page, request }) => {
    await signIn(page, 'admin', '/opengraph');
    const table = page.getByRole('table', { name: 'OpenGraph extensions' });
    await expect(table.getByRole('rowheader', { name: /Active Directory/ })).toBeVisible(FIRST_LOAD);

    await page.getByRole('button', { name: 'Upload schema' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Upload extension schema' });
    await dialog.getByLabel('Extension schema file').setInputFiles(schemaFile({ ...SCHEMA, node_kinds: [{ name: 'Tenant' }] }));
    const preview = dialog.getByRole('region', { name: 'What the schema defines' });
    await expect(preview).toContainText('1 node kind');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByRole('status')).toContainText(
      'node_kinds.0.name: graph schema kind Tenant is missing extension namespace prefix ACME_',
    );

    await dialog.getByLabel('Extension schema file').setInputFiles(schemaFile(SCHEMA));
    await expect(preview).toContainText('2 node kinds');
    await expect(preview).toContainText('Icon cloud, colour #3366CC');
    await expect(preview).toContainText('Source kind: AcmeBase');
    await dialog.getByRole('button', { name: 'Upload' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Acme Cloud is uploaded.')).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: 'Acme Cloud' });
    await expect(row).toContainText('v1.2.0');
    await expect(row).toContainText('ACME');

    // Its kinds, as another person reads them.
    const token = await apiToken(request, 'reader');
    const headers = { Authorization: `Bearer ${token}` };
    const kinds = async () =>
      ((await (await request.get('/api/v2/graphs/kinds?type=eq:node', { headers })).json()) as { data: { kinds: string[] } }).data
        .kinds;
    expect(await kinds()).toContain('ACME_Tenant');

    await row.getByRole('button', { name: 'Delete Acme Cloud' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete Acme Cloud?' });
    await expect(confirm).toContainText('namespace ACME go away');
    await expect(confirm).toContainText('until the database is cleared');
    await confirm.getByRole('button', { name: 'Delete extension' }).click();
    await expect(page.getByText('Acme Cloud is deleted.')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Acme Cloud' })).toHaveCount(0);
    expect(await kinds()).not.toContain('ACME_Tenant');
  });

  test('a read-only role sees the extensions but cannot change them', async ({ page }) => {
    await signIn(page, 'reader', '/opengraph');
    await expect(page.getByRole('rowheader', { name: /Active Directory/ })).toBeVisible(FIRST_LOAD);
    await expect(page.getByText('You can see the extensions, but your role cannot upload or delete them')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload schema' })).toHaveCount(0);
  });
});
