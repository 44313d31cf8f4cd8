import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, armFault, clearFaults, expect, signIn, test } from './fixtures';

const FIXTURES = 'e2e/fixtures/sso';
const MIB = 1024 * 1024;

/** The signed-in origin, as the mock derives SP URIs from it. */
const originOf = (page: Page) => new URL(page.url()).origin;

async function openNewSamlDialog(page: Page) {
  await signIn(page, 'admin', '/sso-providers');
  await page.getByRole('button', { name: 'New SAML provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'New SAML provider' });
  await expect(dialog.getByLabel('Name')).toBeVisible();
  return dialog;
}

/** Users who sign in through each provider, straight from the service. */
async function linkedUserCounts(request: APIRequestContext): Promise<Map<number, number>> {
  const token = await apiToken(request, 'admin');
  const res = await request.get('/api/v2/app-users', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const users = ((await res.json()) as { data: { users: { sso_provider_id: { int32: number; valid: boolean } }[] } }).data.users;
  const counts = new Map<number, number>();
  for (const u of users)
    if (u.sso_provider_id.valid) counts.set(u.sso_provider_id.int32, (counts.get(u.sso_provider_id.int32) ?? 0) + 1);
  return counts;
}

test.describe('SSO providers', () => {
  test('lists the providers with type, sign-in URL and auto-provisioning; a read-only user can look but not change', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/sso-providers');
    const table = page.getByRole('table', { name: 'SSO providers' });
    await expect(table.getByRole('row')).toHaveCount(4);
    const okta = table.getByRole('row', { name: /Okta/ });
    await expect(okta.getByRole('cell').first()).toHaveText('SAML');
    await expect(okta).toContainText(`${originOf(page)}/api/v2/sso/okta/login`);
    await expect(okta).toContainText('On · default role Read-Only');
    // A name as the sign-in page shows it; the sign-in URL has the slug the service made from it.
    const entra = table.getByRole('row', { name: /Microsoft Entra ID/ });
    await expect(entra).toContainText('Off');
    await expect(entra).toContainText(`${originOf(page)}/api/v2/sso/microsoft-entra-id/login`);
    const keycloak = table.getByRole('row', { name: /Keycloak/ });
    await expect(keycloak.getByRole('cell').first()).toHaveText('OIDC');
    await expect(keycloak).toContainText('Issuer: https://sso.example.com/realms/corp');
    await expect(keycloak).toContainText('Client ID: admin-console');
    await expect(keycloak).toContainText('On · default role User · roles managed by the IdP');
    await expect(okta.getByRole('button', { name: 'Copy the sign-in URL of Okta' })).toBeVisible();

    // Sorting lives in the URL.
    await table.getByRole('button', { name: 'Name' }).click();
    await expect(page).toHaveURL(/\?sort_by=name$/);
    await expect(table.getByRole('rowheader')).toHaveText([/^Keycloak/, 'Microsoft Entra ID', 'Okta']);

    // A link with the sort opens sorted (here for a read-only user, who sees no change actions).
    const reader = await page.context().browser()!.newPage();
    await signIn(reader, 'reader', '/sso-providers?sort_by=-name');
    await expect(reader.getByRole('table', { name: 'SSO providers' }).getByRole('rowheader')).toHaveText([
      'Okta',
      'Microsoft Entra ID',
      /^Keycloak/,
    ]);
    await expect(reader.getByRole('button', { name: 'New SAML provider' })).toHaveCount(0);
    await expect(reader.getByRole('button', { name: 'Edit Okta' })).toHaveCount(0);
    await expect(reader.getByRole('button', { name: 'Delete Okta' })).toHaveCount(0);
    await expect(
      reader.getByText('You can look at the SSO providers, but your role cannot add, change or delete them'),
    ).toBeVisible();
    // A SAML provider's page needs auth.ManageProviders: no links for the reader, and the address says why.
    const readerTable = reader.getByRole('table', { name: 'SSO providers' });
    await expect(readerTable.getByRole('link')).toHaveCount(0);
    await reader.goto('/sso-providers/saml/1');
    await expect(reader.getByRole('heading', { level: 1, name: 'SAML provider' })).toBeVisible();
    await expect(
      reader.getByText(
        'Your role cannot open this page. The Administrator role can: someone with the Administrator role can give it to you, on the Users page.',
      ),
    ).toBeVisible();
    // For an administrator a SAML provider links to its page; an OIDC provider has none (its row shows all of it).
    await expect(table.getByRole('link')).toHaveText(['Microsoft Entra ID', 'Okta']);
    await reader.close();
  });

  test('the list says when it fails (with Retry) and when there are no providers', async ({ page, request }) => {
    // The list fails until the fault is cleared (the client retries a 5xx twice first).
    await armFault(request, { fault: 'status=503', path: '/api/v2/sso-providers$', method: 'GET' });
    await signIn(page, 'admin', '/sso-providers');
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load the SSO providers' });
    // Allow for the client's retry backoff before it gives up.
    await expect(alert).toContainText('Injected failure: the server answered 503.', { timeout: 20_000 });

    // Meanwhile every provider is deleted and the server recovers: Retry shows the empty list.
    const token = await apiToken(request, 'admin');
    for (const id of [1, 2, 3]) {
      const res = await request.delete(`/api/v2/sso-providers/${id}`, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status()).toBe(200);
    }
    await clearFaults(request);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('No SSO providers yet')).toBeVisible();
    await page.getByRole('button', { name: 'New OIDC provider' }).click();
    await expect(page.getByRole('dialog', { name: 'New OIDC provider' })).toBeVisible();
  });

  test('creates a SAML provider by uploading a metadata file and shows its derived URIs', async ({ page }) => {
    const dialog = await openNewSamlDialog(page);
    const name = dialog.getByLabel('Name');
    await expect(name).toHaveAccessibleDescription(/the sign-in address is made from it/);
    // The name is free text; the field says, as it is typed, where the provider will sign in.
    await name.fill('Acme Corp');
    await expect(name).toHaveAccessibleDescription('Sign-in address: /api/v2/sso/acme-corp/login');
    await dialog.getByLabel('Metadata XML file').setInputFiles(`${FIXTURES}/acme-idp-metadata.xml`);
    await expect(dialog.getByText('acme-idp-metadata.xml', { exact: true })).toBeVisible();
    await expect(dialog.getByText('(2.3 KiB)')).toBeVisible();
    await dialog.getByRole('button', { name: 'Create provider' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Acme Corp' })).toBeVisible();
    await expect(page).toHaveURL(/\/sso-providers\/saml\/3$/);
    const origin = originOf(page);
    // The service-provider URIs end in the name itself, as upstream builds them.
    const sp = page.getByRole('region', { name: 'Service provider' });
    await expect(sp.getByRole('definition')).toHaveText([
      `${origin}/api/v2/sso/Acme%20Corp`,
      `${origin}/api/v2/sso/Acme%20Corp/login`,
      `${origin}/api/v2/sso/Acme%20Corp/metadata`,
      `${origin}/api/v2/sso/Acme%20Corp/acs`,
      'Download signing certificate',
    ]);
    for (const what of ['issuer', 'SSO', 'metadata', 'ACS'])
      await expect(sp.getByRole('button', { name: `Copy the SP ${what} URI` })).toBeVisible();
    const idp = page.getByRole('region', { name: 'Identity provider' });
    await expect(idp).toContainText('https://idp.acme.example/saml2/metadata');
    await expect(idp).toContainText('https://idp.acme.example/saml2/sso/post');
    await expect(page.getByRole('region', { name: 'Auto-provisioning' })).toContainText('Off');

    // The copy button puts the URI on the clipboard.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await sp.getByRole('button', { name: 'Copy the SP ACS URI' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/api/v2/sso/Acme%20Corp/acs`);
    await expect(page.getByRole('region', { name: 'Auto-provisioning' })).toContainText(`${origin}/api/v2/sso/acme-corp/login`);

    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'SSO providers' }).click();
    await expect(page.getByRole('row', { name: /Acme Corp/ })).toContainText(`${origin}/api/v2/sso/acme-corp/login`);
  });

  test('renames a SAML provider, replaces its metadata and switches auto-provisioning on with a default role', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/sso-providers/saml/2');
    await expect(page.getByRole('heading', { level: 1, name: 'Microsoft Entra ID' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit SAML provider Microsoft Entra ID' });
    await expect(dialog.getByLabel('Name')).toHaveValue('Microsoft Entra ID');
    await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription('Sign-in address: /api/v2/sso/microsoft-entra-id/login');
    await expect(dialog.getByText('No file chosen')).toBeVisible();
    await expect(dialog.getByLabel('Default role')).toBeDisabled();

    await dialog.getByLabel('Name').fill('Entra EU');
    // A rename moves the sign-in address: the field says from where.
    await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription(
      'Sign-in address: /api/v2/sso/entra-eu/login (was /api/v2/sso/microsoft-entra-id/login)',
    );
    await dialog.getByLabel('Metadata XML file').setInputFiles(`${FIXTURES}/acme-idp-metadata-rotated.xml`);
    await dialog.getByLabel('Auto-provision users on first sign-in').check();
    await dialog.getByLabel('Default role').selectOption('Power User');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();

    // The PATCH answer updates the page without a reload.
    await expect(page.getByRole('heading', { level: 1, name: 'Entra EU' })).toBeVisible();
    const origin = originOf(page);
    await expect(page.getByRole('region', { name: 'Service provider' }).getByRole('definition').first()).toHaveText(
      `${origin}/api/v2/sso/Entra%20EU`,
    );
    await expect(page.getByRole('region', { name: 'Identity provider' })).toContainText('https://login.acme.example/idp/7f3a91');
    await expect(page.getByRole('region', { name: 'Identity provider' })).toContainText(
      'https://login.acme.example/idp/7f3a91/sso?binding=redirect&tenant=acme',
    );
    await expect(page.getByRole('region', { name: 'Auto-provisioning' })).toContainText('On · default role Power User');
    await expect(page.getByText('SAML provider Entra EU saved.')).toBeVisible();

    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'SSO providers' }).click();
    const row = page.getByRole('row', { name: /Entra EU/ });
    await expect(row).toContainText('On · default role Power User');
    await expect(row).toContainText(`${origin}/api/v2/sso/entra-eu/login`);
  });

  test('editing a SAML provider from the list without a new file keeps its metadata and settings', async ({ page }) => {
    await signIn(page, 'admin', '/sso-providers');
    await page.getByRole('button', { name: 'Edit Okta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit SAML provider Okta' });
    await expect(dialog.getByLabel('Auto-provision users on first sign-in')).toBeChecked();
    await expect(dialog.getByLabel('Default role').locator('option:checked')).toHaveText('Read-Only');
    await dialog.getByLabel('Name').fill('Okta EU');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: /Okta EU/ });
    await expect(row).toContainText('On · default role Read-Only');
    await row.getByRole('link', { name: 'Okta EU' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Okta EU' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Identity provider' })).toContainText(
      'http://www.okta.com/exk8d2h4mzQ1bT9xP5d7',
    );
  });

  test("a bad metadata file shows the server's message and keeps the form", async ({ page }) => {
    const dialog = await openNewSamlDialog(page);
    await dialog.getByLabel('Name').fill('broken');
    await dialog.getByLabel('Auto-provision users on first sign-in').check();
    await dialog.getByLabel('Default role').selectOption('User');
    await dialog.getByLabel('Metadata XML file').setInputFiles(`${FIXTURES}/not-xml.xml`);
    await dialog.getByRole('button', { name: 'Create provider' }).click();
    await expect(dialog.getByText(/^The metadata file is not well-formed XML \(line 1, column 1\)/)).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveValue('broken');
    await expect(dialog.getByLabel('Default role').locator('option:checked')).toHaveText('User');
    await expect(dialog.getByText('not-xml.xml', { exact: true })).toBeVisible();

    // A name whose sign-in address is taken ("OKTA" beside "Okta"): the server's 409 lands on the name field.
    await dialog.getByLabel('Name').fill('OKTA');
    await dialog.getByLabel('Metadata XML file').setInputFiles(`${FIXTURES}/acme-idp-metadata.xml`);
    await dialog.getByRole('button', { name: 'Create provider' }).click();
    await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription(
      /^"OKTA" would sign in at \/api\/v2\/sso\/okta\/login, the address of "Okta"\./,
    );

    await dialog.getByLabel('Name').fill('fixed');
    await dialog.getByRole('button', { name: 'Create provider' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'fixed' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Auto-provisioning' })).toContainText('On · default role User');
  });

  test('the file picker takes .xml only and refuses files over 1 MiB before sending', async ({ page }) => {
    const dialog = await openNewSamlDialog(page);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/v2/sso-providers')) sent.push(r.url());
    });
    await dialog.getByLabel('Name').fill('acme');
    await expect(dialog.getByLabel('Metadata XML file')).toHaveAttribute('accept', /\.xml/);

    await dialog
      .getByLabel('Metadata XML file')
      .setInputFiles({ name: 'huge.xml', mimeType: 'text/xml', buffer: Buffer.alloc(MIB + 1, 0x20) });
    await expect(dialog.getByText('huge.xml', { exact: true })).toBeVisible();
    await expect(dialog.getByText('(1 MiB)', { exact: true })).toBeVisible();
    await expect(
      dialog.getByText('"huge.xml" is 1,048,577 bytes (1 MiB); the metadata file may be at most 1 MiB.'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Create provider' }).click();
    await expect(
      dialog.getByText('"huge.xml" is 1,048,577 bytes (1 MiB); the metadata file may be at most 1 MiB.'),
    ).toBeVisible();

    await dialog
      .getByLabel('Metadata XML file')
      .setInputFiles({ name: 'idp.json', mimeType: 'application/json', buffer: Buffer.from('{}') });
    await expect(dialog.getByText('"idp.json" is not an .xml file.', { exact: false })).toBeVisible();
    await dialog.getByRole('button', { name: 'Create provider' }).click();
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Remove the chosen file' }).click();
    await expect(dialog.getByText('No file chosen')).toBeVisible();
    await dialog.getByRole('button', { name: 'Create provider' }).click();
    await expect(dialog.getByText('Choose the metadata XML file from your identity provider')).toBeVisible();
    expect(sent).toEqual([]);
  });

  test('creates and edits an OIDC provider', async ({ page }) => {
    await signIn(page, 'admin', '/sso-providers');
    await page.getByRole('button', { name: 'New OIDC provider' }).click();
    const dialog = page.getByRole('dialog', { name: 'New OIDC provider' });
    await dialog.getByLabel('Name').fill('auth0');
    await dialog.getByLabel('Issuer URL').fill('not a url');
    await dialog.getByRole('button', { name: 'Create provider' }).click();
    await expect(dialog.getByText('Issuer must be an http(s) URL')).toBeVisible();
    await expect(dialog.getByText('Client ID is required')).toBeVisible();
    await dialog.getByLabel('Issuer URL').fill('https://example.eu.auth0.com/');
    await dialog.getByLabel('Client ID').fill('aB3dE5fG');
    await dialog.getByLabel('Auto-provision users on first sign-in').check();
    await dialog.getByLabel('Default role').selectOption('User');
    await dialog.getByLabel('Let the identity provider manage roles').check();
    await dialog.getByRole('button', { name: 'Create provider' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('OIDC provider auth0 created.')).toBeVisible();

    const row = page.getByRole('row', { name: /auth0/ });
    await expect(row).toContainText('OIDC');
    await expect(row).toContainText('Issuer: https://example.eu.auth0.com/');
    await expect(row).toContainText('Client ID: aB3dE5fG');
    await expect(row).toContainText(`${originOf(page)}/api/v2/sso/auth0/login`);
    await expect(row).toContainText('On · default role User · roles managed by the IdP');

    await row.getByRole('button', { name: 'Edit auth0' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit OIDC provider auth0' });
    await expect(edit.getByLabel('Issuer URL')).toHaveValue('https://example.eu.auth0.com/');
    await expect(edit.getByLabel('Client ID')).toHaveValue('aB3dE5fG');
    await edit.getByLabel('Name').fill('auth0-eu');
    await edit.getByLabel('Client ID').fill('zZ9yY8');
    await edit.getByLabel('Auto-provision users on first sign-in').uncheck();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    const edited = page.getByRole('row', { name: /auth0-eu/ });
    await expect(edited).toContainText('Client ID: zZ9yY8');
    await expect(edited).toContainText('Off');
    await expect(page.getByRole('row', { name: /^auth0 / })).toHaveCount(0);
  });

  test('deletes after a confirmation that says how many users sign in through it; they are unlinked', async ({
    page,
    request,
  }) => {
    const before = await linkedUserCounts(request);
    // The seeded provider most users sign in through (the users seed links some).
    const names: Record<number, string> = { 1: 'Okta', 2: 'Microsoft Entra ID', 3: 'Keycloak' };
    const [id, count] = [...before.entries()].filter(([pid]) => pid in names).sort((a, b) => b[1] - a[1])[0] ?? [1, 0];
    const name = names[id]!;

    await signIn(page, 'admin', '/sso-providers');
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete SSO provider ${name}?` });
    await expect(confirm.getByRole('status')).toContainText(
      count === 0 ? 'No users sign in through it.' : `${count} ${count === 1 ? 'user signs' : 'users sign'} in through it.`,
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await confirm.getByRole('button', { name: 'Delete provider' }).click();
    await expect(page.getByText(`SSO provider ${name} deleted.`)).toContainText(
      count === 0 ? `SSO provider ${name} deleted.` : `${count} ${count === 1 ? 'user was' : 'users were'} unlinked from it.`,
    );
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'SSO providers' }).getByRole('row')).toHaveCount(3);
    expect((await linkedUserCounts(request)).get(id) ?? 0).toBe(0);
  });

  test('deletes from the detail page and returns to the list', async ({ page, request }) => {
    const linked = (await linkedUserCounts(request)).get(1) ?? 0;
    await signIn(page, 'admin', '/sso-providers/saml/1');
    // The page lists the users who sign in through the provider, each linking to their page.
    const users = page.getByRole('table', { name: 'Users who sign in through this provider' });
    if (linked === 0) await expect(page.getByText('No users sign in through it')).toBeVisible();
    else await expect(users.getByRole('rowheader').getByRole('link')).toHaveCount(linked);
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete SSO provider Okta?' });
    await expect(confirm.getByRole('status')).toContainText(/sign in through it\./);
    await confirm.getByRole('button', { name: 'Delete provider' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'SSO providers' })).toBeVisible();
    await expect(page.getByText('SSO provider Okta deleted.')).toBeVisible();
    await expect(page.getByRole('row', { name: /Okta/ })).toHaveCount(0);
    await page.goto('/sso-providers/saml/1');
    await expect(page.getByRole('heading', { level: 1, name: 'SAML provider not found' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('No SAML provider has id 1.');
  });
});
