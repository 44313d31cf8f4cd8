import { expect, signIn, test } from './fixtures';

test.describe('roles', () => {
  test('lists the roles and shows a role with its permissions', async ({ page, browser }) => {
    await signIn(page, 'reader', '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Roles' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Roles' });
    await expect(table.getByRole('row')).toHaveCount(6);
    // A reader may not list users: no count of holders, no link to them.
    await expect(table.getByRole('columnheader', { name: /Users/ })).toHaveCount(0);
    const readOnly = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Read-Only', exact: true }) });
    await expect(readOnly).toContainText('Used for integrations');
    await expect(readOnly.getByLabel('7 permissions')).toBeVisible();

    await readOnly.getByRole('link', { name: 'Read-Only', exact: true }).click();
    await expect(page).toHaveURL(/\/roles\/3$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Read-Only' })).toBeVisible();
    const permissions = page.getByRole('table', { name: 'Permissions (7)' });
    await expect(permissions.getByRole('row')).toHaveCount(8);
    // Authority, name, what it allows (in words), the full name.
    await expect(permissions.getByRole('row').nth(1)).toHaveText(
      ['app', 'ReadAppConfig', 'Read the configuration and feature flags', 'app.ReadAppConfig'].join(''),
    );
    await expect(permissions).toContainText('auth.ManageSelf');
    await expect(permissions).toContainText('auth.ReadUsers');
    await expect(page.getByRole('link', { name: 'Users with this role' })).toHaveCount(0);

    // An administrator goes from a role to the users who hold it.
    const admin = await (await browser.newContext()).newPage();
    await signIn(admin, 'admin', '/roles/3');
    await admin.getByRole('link', { name: 'Users with this role' }).click();
    await expect(admin).toHaveURL(/\/users\?role=eq%3A3$/);
    await expect(admin.getByText('13 of 64 users match')).toBeVisible();
    await expect(admin.getByRole('combobox', { name: 'Role' })).toHaveValue('3');
  });

  test('sorts the roles by how many users hold them; a count opens those users; a row opens its role', async ({ page }) => {
    await signIn(page, 'admin', '/roles');
    const table = page.getByRole('table', { name: 'Roles' });
    await table.getByRole('button', { name: 'Users' }).click();
    await table.getByRole('button', { name: /^Users/ }).click();
    await expect(page).toHaveURL(/[?&]sort_by=-users$/);
    await expect(table.getByRole('row').nth(1).getByRole('rowheader')).toHaveText('User');
    await page.reload();
    await expect(table.getByRole('row').nth(1).getByRole('rowheader')).toHaveText('User');

    await table.getByRole('link', { name: '9 users with the Upload-Only role' }).click();
    await expect(page).toHaveURL(/\/users\?role=eq%3A4$/);
    await expect(page.getByText('9 of 64 users match')).toBeVisible();
    await page.goBack();

    // A click anywhere on a row (here its description) opens the role.
    await table.getByText('Used for integrations').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Read-Only' })).toBeVisible();
    const permissions = page.getByRole('table', { name: 'Permissions (7)' });
    await permissions.getByRole('button', { name: /^Name/ }).click();
    await expect(page).toHaveURL(/\/roles\/3\?sort_by=name$/);
    await expect(permissions.getByRole('row').nth(1)).toContainText('auth.CreateToken');
  });

  test('a role that does not exist says so', async ({ page }) => {
    await signIn(page, 'admin', '/roles/99');
    await expect(page.getByRole('alert').getByText('Not found')).toBeVisible();
    await expect(page.getByText('No role has id 99.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the roles' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
  });
});
