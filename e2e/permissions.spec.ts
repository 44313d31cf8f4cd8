import type { Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { ADMIN_NAVIGATION, expect, signIn, test, type Account } from './fixtures';

/** The navigation entries a person is offered, in order. */
async function navLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.replace(/\s*Enterprise$/, '').trim());
}

test.describe('permissions as upstream, in the console', () => {
  test('each role is offered only the pages its permissions can read', async ({ browser }) => {
    const as = async (account: Account) => {
      const page = await (await browser.newContext()).newPage();
      await signIn(page, account, '/');
      return navLinks(page);
    };
    expect(await as('uploader')).toEqual([
      'Home',
      'SSO providers',
      'File ingest',
      'Download collectors',
      'Node kinds',
      'OpenGraph extensions',
      'API explorer',
    ]);
    expect(await as('reader')).toEqual([
      'Home',
      'Attack Paths',
      'Posture',
      'Data quality',
      'Roles',
      'SSO providers',
      'Explore',
      'Entity look-up',
      'Privilege Zones',
      'Asset groups',
      'File ingest',
      'Download collectors',
      'Configuration',
      'Feature flags',
      'Node kinds',
      'OpenGraph extensions',
      'Saved queries',
      'API explorer',
    ]);
    expect(await as('admin')).toEqual(ADMIN_NAVIGATION);
  });

  test('a page reached without its permission says which one is missing and who can grant it', async ({ page }) => {
    const forbidden: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 403) forbidden.push(r.url());
    });
    await signIn(page, 'reader', '/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(
      'Your role cannot open this page. The Administrator role can: someone with the Administrator role can give it to you, on the Users page.',
    );
    await expect(page.getByRole('table', { name: 'Users' })).toHaveCount(0);
    // The console did not ask for what it knew would be refused.
    expect(forbidden).toEqual([]);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations).toEqual([]);

    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  });

  test('Upload-Only sees its own account and uploads on Home, and no card it cannot read', async ({ page }) => {
    const forbidden: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 403) forbidden.push(r.url());
    });
    await signIn(page, 'uploader', '/');
    await expect(page.getByRole('region', { name: 'Your account' })).toContainText('Upload-Only');
    await expect(page.getByRole('region', { name: 'Recent file uploads' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'SSO providers' })).toBeVisible();
    for (const card of ['Users', 'Asset groups', 'Collection completeness']) {
      await expect(page.getByRole('region', { name: card })).toHaveCount(0);
    }
    await page.goto('/configuration');
    await expect(
      page.getByText(
        'The Administrator, Power User, User or Read-Only roles can: someone with the Administrator role can give you one',
      ),
    ).toBeVisible();
    expect(forbidden).toEqual([]);
  });
});
