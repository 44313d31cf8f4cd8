import { ADMIN_NAVIGATION, expect, shownHeading, signInWithForm, test } from './fixtures';

/**
 * Every page names itself in the tab: "Users · Admin Console", and a page about one item its name and
 * its list, "Ann Smith · Users · Admin Console". Here for pages reached inside the console, through its
 * navigation and a list's row; e2e/layout.spec.ts checks every page opened by its address.
 */
const FIRST_LOAD = { timeout: 30_000 };
const APP = 'Admin Console';

test.describe('tab titles', () => {
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
    const user = await shownHeading(page);
    expect(user).not.toBe('User');
    await expect(page).toHaveTitle(`${user} · Users · ${APP}`);
    await page.goBack();
    await expect(page).toHaveTitle(`Users · ${APP}`);
  });
});
