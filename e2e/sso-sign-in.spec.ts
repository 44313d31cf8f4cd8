import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { apiToken, expect, signIn, test } from './fixtures';

/**
 * SSO sign-in through the mock identity provider: the sign-in page offers one
 * button per provider, the mock plays the provider's page, and the service's
 * callback sends the browser back to the console signed in (or says why not).
 * Seed: Okta (SAML) auto-provisions with the Read-Only role; Microsoft Entra ID does not.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectNoSeriousViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test.describe('SSO sign-in through the mock identity provider', () => {
  test('auto-provisioning on: a new person lands signed in on the page they wanted', async ({ page }) => {
    const email = `new.person.${Date.now()}@example.com`;
    await page.goto('/asset-groups');
    await expect(page).toHaveURL(/\/login\?next=%2Fasset-groups$/);
    await page.getByRole('link', { name: 'Sign in with Okta', exact: true }).click();

    await expect(page).toHaveTitle('Mock identity provider — Okta');
    await expect(page.getByRole('heading', { level: 1, name: 'Mock identity provider — Okta' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByLabel('E-mail address', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/asset-groups$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Asset groups' })).toBeVisible();
    // The token went from the fragment into the tab's session and left the address and the history.
    expect(page.url()).not.toContain('token=');
    expect(await page.evaluate(() => sessionStorage.getItem('admin-console.session'))).toContain('"token"');

    // The service created the account: linked to Okta, with Okta's default role and no password.
    const admin = await apiToken(page.request, 'admin');
    const res = await page.request.get(`/api/v2/app-users?principal_name=eq:${encodeURIComponent(email)}`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    const [created] = ((await res.json()) as { data: { users: Record<string, unknown>[] } }).data.users;
    expect(created).toMatchObject({ principal_name: email, sso_provider_id: { int32: 1, valid: true } });
    expect(created).not.toHaveProperty('AuthSecret');
    expect((created!.roles as { name: string }[]).map((r) => r.name)).toEqual(['Read-Only']);
  });

  test('auto-provisioning off: the sign-in page says why there is no session', async ({ page }) => {
    await page.goto('/login?next=%2Froles');
    await page.getByRole('link', { name: 'Sign in with Microsoft Entra ID', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mock identity provider — Microsoft Entra ID' })).toBeVisible();
    await page.getByLabel('E-mail address', { exact: true }).fill('nobody@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/login\?next=%2Froles$/);
    await expect(page.getByRole('alert')).toHaveText(
      'No account exists for nobody@example.com, and Microsoft Entra ID does not create accounts. Ask an administrator to add you.',
    );
    // The password form still works, and still goes to the page wanted.
    await expect(page.getByLabel('Username')).toBeVisible();
  });

  test('a disabled person picked on the provider page is told their account is disabled', async ({ page }) => {
    const admin = await apiToken(page.request, 'admin');
    const headers = { Authorization: `Bearer ${admin}` };
    const list = await page.request.get('/api/v2/app-users', { headers });
    type Row = { id: string; principal_name: string; is_disabled: boolean; sso_provider_id: { int32: number } };
    const linked = ((await list.json()) as { data: { users: Row[] } }).data.users.find(
      (u) => u.sso_provider_id.int32 === 1 && !u.is_disabled,
    );
    expect((await page.request.patch(`/api/v2/app-users/${linked!.id}`, { headers, data: { is_disabled: true } })).ok()).toBe(
      true,
    );

    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign in with Okta', exact: true }).click();
    const button = page.locator(`button[name="principal"][value="${linked!.principal_name}"]`);
    await expect(button).toContainText('(disabled)');
    await button.click();
    await expect(page.getByRole('alert')).toHaveText('Your account is disabled. Ask an administrator to enable it.');
  });

  test('the sign-in page with provider buttons passes axe and works from the keyboard', async ({ page }) => {
    await page.goto('/login?next=%2Froles');
    const okta = page.getByRole('link', { name: 'Sign in with Okta', exact: true });
    await expect(okta).toBeVisible();
    // One per provider, by the name the administrator gave it.
    await expect(page.getByRole('link', { name: /^Sign in with / })).toHaveText([
      'Sign in with Okta',
      'Sign in with Microsoft Entra ID',
      'Sign in with Keycloak',
    ]);
    await expectNoSeriousViolations(page);

    // Username, password, Sign in, then the providers in order.
    await page.getByLabel('Username').focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    await expect(okta).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Mock identity provider — Okta' })).toBeVisible();
    // On the provider's page: the first linked user's button, by keyboard, signs in.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: /^Sign in as / }).first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/roles$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
  });

  test('without providers, or when the list fails, the sign-in page shows only the password form', async ({ page }) => {
    await page.route('**/api/v2/sso-providers', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto('/login');
    await expect(page.getByLabel('Username')).toBeVisible();
    await page.waitForResponse('**/api/v2/sso-providers');
    await expect(page.getByRole('link', { name: /^Sign in with / })).toHaveCount(0);
  });
});

test('an administrator downloads the service signing certificate of a SAML provider', async ({ page }) => {
  await signIn(page, 'admin', '/sso-providers/saml/1');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download signing certificate' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('okta-signing-certificate.pem');
  const pem = await readFile((await download.path())!, 'utf8');
  expect(pem).toMatch(/^-----BEGIN CERTIFICATE-----\n/);
});
