import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiToken, expect, signIn, test } from './fixtures';

/**
 * My Profile (/profile, from the user menu) and API tokens: what each role sees without a refused call,
 * a token's life (created, its key shown once, listed, revoked), tokens switched off on the server, an
 * administrator's view of someone's tokens, accessibility and the keyboard.
 */

const FIRST_LOAD = { timeout: 30_000 };
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Every answer 403 the page got from now on ("no broken calls"). */
function refusals(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403) seen.push(`${r.request().method()} ${new URL(r.url()).pathname}${new URL(r.url()).search}`);
  });
  return seen;
}

/** No serious or critical WCAG A/AA violation in what is on screen (`within`: an open dialog only). */
async function expectAccessible(page: Page, within?: string): Promise<void> {
  let axe = new AxeBuilder({ page }).withTags(WCAG).options({ resultTypes: ['violations'] });
  if (within) axe = axe.include(within);
  const { violations } = await axe.analyze();
  const failing = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(failing).toEqual([]);
}

async function openProfile(page: Page, account: 'admin' | 'reader' | 'uploader'): Promise<string[]> {
  const refused = refusals(page);
  await signIn(page, account, '/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible(FIRST_LOAD);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, FIRST_LOAD);
  return refused;
}

test.describe('My profile', () => {
  test('an administrator sees who they are, what their roles allow, how they sign in and their tokens', async ({ page }) => {
    const refused = await openProfile(page, 'admin');
    await expect(page.getByText('Signed in as admin')).toBeVisible();
    const roles = page.getByRole('region', { name: 'Roles and what they allow' });
    await expect(roles.getByRole('list', { name: 'Your roles' })).toContainText('Administrator');
    await expect(roles.getByRole('list', { name: 'Accounts and sign-in' })).toContainText('Create API tokens');
    await expect(roles.getByRole('list', { name: 'Database' })).toContainText('Clear the database (db.Wipe)');
    const signInSection = page.getByRole('region', { name: 'Sign-in' });
    await expect(signInSection).toContainText('None: you sign in with a password');
    await expect(signInSection.getByRole('link', { name: 'Change password' })).toHaveAttribute(
      'href',
      '/account/password?next=%2Fprofile',
    );
    await expect(signInSection.getByRole('button', { name: 'Enrol in MFA' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Your API tokens' }).getByRole('row', { name: /SIEM export/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create token' })).toBeVisible();
    await expectAccessible(page);
    expect(refused).toEqual([]);
  });

  test('an uploader sees their account and why tokens and password changes are not theirs, with no refused call', async ({
    page,
  }) => {
    const refused = await openProfile(page, 'uploader');
    await expect(page.getByRole('region', { name: 'Roles and what they allow' })).toContainText('Upload-Only');
    await expect(page.getByRole('region', { name: 'Roles and what they allow' })).toContainText('Upload collected files');
    await expect(page.getByText(/your role cannot have API tokens\. The .* roles? can/)).toBeVisible();
    await expect(page.getByText('Permission needed: auth.ManageSelf', { exact: false }).first()).toBeVisible();
    await expect(page.getByText(/your role cannot change it or your MFA here/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create token' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Change password' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Enrol in MFA' })).toHaveCount(0);
    await expectAccessible(page);
    expect(refused).toEqual([]);
  });

  test('a token is created, its key shown once with copy buttons, then listed by name and revoked after asking', async ({
    page,
    baseURL,
  }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await openProfile(page, 'reader');
    await page.getByRole('button', { name: 'Create token' }).click();
    const form = page.getByRole('dialog', { name: 'Create an API token' });
    await expect(form.getByRole('textbox', { name: 'Token name' })).toBeFocused();
    await expectAccessible(page, '[role="dialog"]');
    await form.getByRole('button', { name: 'Create token' }).click();
    await expect(form.getByText('Token name is required')).toBeVisible();
    await form.getByRole('textbox', { name: 'Token name' }).fill('Nightly export');
    await form.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByRole('dialog', { name: 'API token “Nightly export” created' });
    await expect(shown).toContainText('it is not shown again');
    const id = await shown.getByRole('textbox', { name: 'Token ID' }).inputValue();
    const key = await shown.getByRole('textbox', { name: 'Key' }).inputValue();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(key.length).toBeGreaterThan(20);
    await shown.getByRole('button', { name: 'Copy the key' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await shown.getByRole('button', { name: 'Copy the token ID' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(id);
    await expect(shown.getByLabel('Signed request example')).toHaveText(
      `node scripts/signed-request.mjs ${baseURL} ${id} '${key}' GET /api/v2/self`,
    );
    await expectAccessible(page, '[role="dialog"]');

    await shown.getByRole('button', { name: /^Done/ }).click();
    await expect(shown).toBeHidden();
    const row = page.getByRole('table', { name: 'Your API tokens' }).getByRole('row', { name: /Nightly export/ });
    await expect(row).toContainText('Never');
    // The key is nowhere any more: not on the page, not in the URL, not in the tab's storage.
    expect(await page.content()).not.toContain(key);
    expect(page.url()).not.toContain(key);
    const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }));
    expect(stored).not.toContain(key);

    await row.getByRole('button', { name: 'Revoke Nightly export' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke Nightly export?' });
    await expect(confirm).toContainText('scripts that use it stop working');
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await expect(page.getByText('Revoked the API token Nightly export.')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('with API tokens switched off on the server, says so and offers no button', async ({ page, request }) => {
    // auth.api_tokens is a protected parameter (upstream IsProtectedKey): the API refuses to change it, as
    // the mock does. So the server's answer is made to say it is off, as a server configured so would.
    const token = await apiToken(request, 'admin');
    const refused = await request.put('/api/v2/config', {
      headers: { Authorization: `Bearer ${token}` },
      data: { key: 'auth.api_tokens', value: { enabled: false } },
    });
    expect(refused.status()).toBe(400);
    const parameter = (url: URL) =>
      url.pathname === '/api/v2/config' && url.searchParams.get('parameter') === 'eq:auth.api_tokens';
    await page.route(parameter, async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { data: { key: string; value: Record<string, unknown> }[] };
      for (const p of body.data) if (p.key === 'auth.api_tokens') p.value = { enabled: false };
      await route.fulfill({ response: answer, json: body });
    });
    await openProfile(page, 'admin');
    await expect(page.getByText(/API tokens are switched off on this server \(auth\.api_tokens\)/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create token' })).toHaveCount(0);
  });

  test('an administrator opens someone’s API tokens from the user menu', async ({ page }) => {
    await signIn(page, 'admin', '/users?q=~eq:poweruser');
    await page.getByRole('button', { name: 'Actions for Pat Power' }).click(FIRST_LOAD);
    await page.getByRole('menuitem', { name: 'API tokens' }).click();
    const dialog = page.getByRole('dialog', { name: 'API tokens of Pat Power' });
    await expect(dialog.getByRole('row', { name: /CI pipeline/ })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Create token' })).toBeVisible();
    await expectAccessible(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the user menu opens with Enter or ArrowDown and reaches My profile', async ({ page }) => {
    await signIn(page, 'admin', '/');
    const account = page.getByRole('button', { name: 'Ada Admin' });
    await account.focus();
    await page.keyboard.press('Enter');
    const profile = page.getByRole('menuitem', { name: 'My profile' });
    await expect(profile).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(account).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(profile).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  });
});
