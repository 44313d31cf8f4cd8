import type { Page } from '@playwright/test';
import { ADMIN_NAVIGATION, expect, seededIds, signIn, signInWithForm, test } from './fixtures';

/**
 * Every page names itself in the tab: "Users · Admin Console", and a page about one item its name and
 * its list, "Ann Smith · Users · Admin Console", whether the page was opened by its address or reached
 * inside the console.
 */
const FIRST_LOAD = { timeout: 30_000 };
const APP = 'Admin Console';

/** The page's heading, once its content is in. */
async function heading(page: Page): Promise<string> {
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toBeVisible(FIRST_LOAD);
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: /^Loading/ }),
  ).toHaveCount(0, FIRST_LOAD);
  return (await h1.innerText()).trim();
}

test.describe('tab titles', () => {
  test('every page, opened by its address, names itself in the tab', async ({ page, request }) => {
    test.setTimeout(180_000);
    const id = await seededIds(request);
    /** [address, the list it belongs to (for a page about one item)]; the rest of the title is its heading. */
    const pages: [string, string?][] = [
      ['/'],
      ['/users'],
      [`/users/${id.user}`, 'Users'],
      ['/roles'],
      ['/roles/1', 'Roles'],
      ['/sso-providers'],
      ['/sso-providers/saml/1', 'SSO providers'],
      ['/privilege-zones'],
      ['/privilege-zones/labels'],
      ['/privilege-zones/1', 'Privilege Zones'],
      ['/privilege-zones/certification'],
      ['/privilege-zones/history'],
      ['/asset-groups'],
      [`/asset-groups/${id.group}`, 'Asset groups'],
      ['/entities'],
      [`/entities/computers/${id.computer}`],
      [`/entities/users/${id.userNode}`, 'Entity look-up'],
      ['/cypher'],
      ['/events'],
      ['/events/2', 'Scheduled events'],
      ['/clients'],
      [`/clients/${id.client}`, 'Clients'],
      [`/jobs/${id.task}`, 'Clients'],
      ['/file-ingest'],
      ['/download-collectors'],
      ['/configuration'],
      ['/feature-flags'],
      ['/node-kinds'],
      ['/saved-queries'],
      ['/database'],
      ['/audit'],
      ['/profile'],
      ['/account/password'],
      ['/no-such-page'],
    ];
    await signIn(page, 'admin', '/');
    for (const [path, list] of pages) {
      await page.goto(path);
      const name = await heading(page);
      await expect(page, path).toHaveTitle([name, list, APP].filter(Boolean).join(' · '));
    }
    // The data-quality page names the domain it shows.
    await page.goto('/data-quality');
    await heading(page);
    await expect(page).toHaveTitle(/^[A-Z0-9.-]+ · Data quality · Admin Console$/);
  });

  test('signing in, and moving through the console with its navigation, names each page in the tab', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/users');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible(FIRST_LOAD);
    await expect(page).toHaveTitle(`Sign in · ${APP}`);
    await signInWithForm(page, 'admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible(FIRST_LOAD);
    await expect(page).toHaveTitle(`Users · ${APP}`);

    const navigation = page.getByRole('navigation', { name: 'Main' });
    for (const label of ADMIN_NAVIGATION) {
      await navigation.getByRole('link', { name: new RegExp(`^${label}`) }).click();
      await expect(page.getByRole('heading', { level: 1, name: label, exact: true })).toBeVisible(FIRST_LOAD);
      // The data-quality page names the domain it shows first.
      await expect(page, label).toHaveTitle(label === 'Data quality' ? / · Data quality · Admin Console$/ : `${label} · ${APP}`);
    }

    // An item of a list, reached from its row: named once loaded, and the list's title again on going back.
    await navigation.getByRole('link', { name: 'Users' }).click();
    const row = page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1);
    await row.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}$/);
    const user = await heading(page);
    expect(user).not.toBe('User');
    await expect(page).toHaveTitle(`${user} · Users · ${APP}`);
    await page.goBack();
    await expect(page).toHaveTitle(`Users · ${APP}`);
  });
});
