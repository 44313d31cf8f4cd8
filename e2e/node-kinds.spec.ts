import { apiToken, expect, signIn, test } from './fixtures';

/** The first page of a test can take a while on a busy server. */
const FIRST_LOAD = { timeout: 30_000 };

test.describe('node kinds', () => {
  test('adds and edits a kind, offers no delete; a refused value is named at its field', async ({ page, request }) => {
    await signIn(page, 'admin', '/node-kinds');
    const table = page.getByRole('table', { name: 'Node kinds' });
    await expect(table.getByRole('rowheader', { name: 'GHUser' })).toBeVisible(FIRST_LOAD);
    await expect(table.getByRole('row').filter({ hasText: 'GHUser' })).toContainText('Icon user, colour #FF8E40');

    await page.getByRole('button', { name: 'Add node kind' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add node kind' });
    await dialog.getByRole('textbox', { name: 'Kind name' }).fill('Vault');
    await dialog.getByRole('textbox', { name: 'Icon' }).fill('vault');
    const colour = dialog.getByRole('textbox', { name: 'Colour' });
    await colour.fill('#12345');
    await dialog.getByRole('button', { name: 'Add kind' }).click();
    await expect(colour).toHaveAccessibleDescription(/hex colour: #RGB or #RRGGBB/);
    await expect(colour).toHaveValue('#12345');
    await colour.fill('#123456');
    await expect(dialog.getByRole('group', { name: 'Preview' })).toContainText('Icon vault, colour #123456');
    await dialog.getByRole('button', { name: 'Add kind' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Vault is added.')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Vault' })).toContainText('Icon vault, colour #123456');

    await page.getByRole('button', { name: 'Edit Vault' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit node kind Vault' });
    await edit.getByRole('textbox', { name: 'Icon' }).fill('lock');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: 'Vault' })).toContainText('Icon lock, colour #123456');

    // Kinds come and go with their OpenGraph extensions: there is no delete here.
    await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);

    // What the server keeps, as another person reads it.
    const token = await apiToken(request, 'reader');
    const res = await request.get('/api/v2/custom-nodes', { headers: { Authorization: `Bearer ${token}` } });
    const kinds = ((await res.json()) as { data: { kindName: string; config: { icon: unknown } }[] }).data;
    expect(kinds.find((k) => k.kindName === 'Vault')?.config.icon).toEqual({
      type: 'font-awesome',
      name: 'lock',
      color: '#123456',
    });
    expect(kinds.some((k) => k.kindName === 'GHRepository')).toBe(true);
  });

  test('a read-only role sees the kinds but cannot change them', async ({ page }) => {
    await signIn(page, 'reader', '/node-kinds');
    await expect(page.getByRole('rowheader', { name: 'GHUser' })).toBeVisible(FIRST_LOAD);
    await expect(page.getByText('You can see the node kinds, but your role cannot change them')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add node kind' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  });
});
