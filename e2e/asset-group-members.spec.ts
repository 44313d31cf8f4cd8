import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, expect, signIn, test } from './fixtures';

/** A Lab user no seeded group selects (the same on every start). */
const USER = 'UIBRAHIM@LAB.ACME.LOCAL';
/** A computer Owned selects. */
const OWNED_COMPUTER = 'WS0003.CORP.ACME.LOCAL';
const OWNED = 2;

async function objectIdOf(request: APIRequestContext, name: string): Promise<string> {
  const token = await apiToken(request, 'admin');
  const res = await request.get(`/api/v2/search?q=${encodeURIComponent(name)}&limit=1`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const found = ((await res.json()) as { data: { objectid: string; name: string }[] }).data[0]!;
  expect(found.name).toBe(name);
  return found.objectid;
}

async function memberCount(page: Page): Promise<string> {
  const summary = page.getByRole('region', { name: 'Summary' });
  return (
    (await summary
      .locator('dt', { hasText: /^Member count$/ })
      .locator('xpath=following-sibling::dd[1]')
      .textContent()) ?? ''
  );
}

test.describe('asset group membership', () => {
  test('adds a member to Owned through search, sees it in the member table and on its page, and removes it again', async ({
    page,
  }) => {
    const sid = await objectIdOf(page.request, USER);
    await signIn(page, 'admin', `/asset-groups/${OWNED}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Owned' })).toBeVisible();
    await expect(page.getByRole('table', { name: /^Members of / })).toHaveAttribute('aria-busy', 'false');
    const before = Number((await memberCount(page)).replace(/,/g, ''));
    const summary = page.getByRole('region', { name: 'Summary' });
    const customCell = summary.locator('dt', { hasText: 'Custom members' }).locator('xpath=following-sibling::dd[1]');
    await expect(customCell).toHaveText(/^\d+$/);
    const customBefore = Number(await customCell.textContent());

    await page.getByRole('button', { name: 'Add members' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add members to Owned' });
    const search = dialog.getByRole('combobox', { name: 'Search the directory' });
    // A current member shows as one and cannot be picked.
    await search.fill('ws0003');
    const member = dialog.getByRole('option', { name: new RegExp(OWNED_COMPUTER) });
    await expect(member).toContainText('Already a member');
    await expect(member).toHaveAttribute('aria-disabled', 'true');
    // Pick the user with the keyboard, filtered to users.
    await search.fill('uibrahim');
    await dialog.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Users' }).click();
    const option = dialog.getByRole('option', { name: new RegExp(USER) });
    await expect(option).toBeVisible();
    await expect(dialog.getByRole('option')).toHaveCount(1);
    await search.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('button', { name: new RegExp(`^${USER}`) })).toBeVisible();
    await dialog.getByRole('button', { name: 'Add member' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Added 1 member to Owned.')).toBeVisible();

    // The selectors show it at once; the member table and the counts once the analysis the change requested
    // has run (the page reads them again when the pipeline is idle).
    await expect(page.getByRole('table', { name: 'Selectors' }).getByRole('rowheader', { name: USER })).toBeVisible();
    await expect(page.getByRole('table', { name: /^Members of / }).getByText(USER)).toBeVisible();
    await expect.poll(async () => Number((await memberCount(page)).replace(/,/g, ''))).toBe(before + 1);
    await expect(customCell).toHaveText(String(customBefore + 1));

    // Explore marks it Owned, and its Actions offer the reverse.
    await page.goto(`/explore?search=${sid}&selected=${sid}`);
    const panel = page.getByRole('complementary', { name: USER });
    await expect(panel.getByText('Owned', { exact: true }).first()).toBeVisible();
    await panel.getByRole('button', { name: 'Actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'Remove from Owned' })).toBeVisible();
    await page.keyboard.press('Escape');

    // Removing its selector on the group page asks first.
    await page.goto(`/asset-groups/${OWNED}`);
    const selectors = page.getByRole('table', { name: 'Selectors' });
    await selectors.getByRole('button', { name: `Remove selector ${USER}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove selector?' });
    await expect(confirm).toContainText(USER);
    await confirm.getByRole('button', { name: 'Remove selector' }).click();
    await expect(confirm).toBeHidden();

    // And the group no longer has it.
    await page.goto(`/asset-groups/${OWNED}`);
    await expect(page.getByRole('table', { name: /^Members of / })).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByRole('table', { name: 'Selectors' }).getByRole('rowheader', { name: USER })).toHaveCount(0);
    await expect.poll(async () => Number((await memberCount(page)).replace(/,/g, ''))).toBe(before);
  });

  test('system selectors offer no removal', async ({ page }) => {
    await signIn(page, 'admin', '/asset-groups/1');
    const tierZero = page.getByRole('table', { name: 'Selectors' });
    await expect(tierZero.getByRole('rowheader').first()).toBeVisible();
    await expect(tierZero.getByText('Defined by the service').first()).toBeVisible();
  });

  test('a refused request keeps the choices and says which one is at fault', async ({ page }) => {
    const sid = await objectIdOf(page.request, USER);
    await signIn(page, 'admin', `/asset-groups/${OWNED}`);
    await page.getByRole('button', { name: 'Add members' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add members to Owned' });
    const search = dialog.getByRole('combobox', { name: 'Search the directory' });
    await search.fill('uibrahim');
    await dialog.getByRole('option', { name: new RegExp(USER) }).click();
    await search.fill('aabbott@corp');
    await dialog.getByRole('option', { name: /AABBOTT@CORP/ }).click();
    await expect(dialog.getByRole('button', { name: 'Add 2 members' })).toBeVisible();
    // Meanwhile someone else adds the user.
    const token = await apiToken(page.request, 'admin');
    const res = await page.request.put(`/api/v2/asset-groups/${OWNED}/selectors`, {
      headers: { Authorization: `Bearer ${token}` },
      data: [{ sid, action: 'add' }],
    });
    expect(res.status()).toBe(201);
    await dialog.getByRole('button', { name: 'Add 2 members' }).click();
    await expect(dialog.getByRole('alert')).toContainText(`${USER}: ${USER} is already selected`);
    await expect(dialog.getByRole('alert')).toContainText('Nothing was added');
    await expect(dialog.getByRole('button', { name: 'Add 2 members' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: new RegExp(`^${USER}`) })).toBeVisible();
    await expect(search).toHaveValue('aabbott@corp');
    // Taking the one at fault off lets the other through.
    await dialog.getByRole('button', { name: new RegExp(`^${USER}`) }).focus();
    await page.keyboard.press('Delete');
    await dialog.getByRole('button', { name: 'Add member' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Added 1 member to Owned.')).toBeVisible();
  });

  test('long object ids are cut in the middle: their end, where ids differ, shows', async ({ page }) => {
    await signIn(page, 'admin', `/asset-groups/${OWNED}`);
    const members = page.getByRole('table', { name: /^Members of / });
    await expect(members).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
    const ids = members.getByRole('cell').filter({ hasText: /^S-1-5-21-/ });
    await expect(ids.first()).toBeVisible();
    for (const cell of (await ids.all()).slice(0, 5)) {
      const id = (await cell.textContent())!;
      await expect(cell.getByTitle(id)).toBeVisible();
      // The id's last character is drawn inside its cell, not clipped beyond it.
      const [last, box] = await cell.evaluate((td) => {
        const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
        let text: Text | null = null;
        for (let n = walker.nextNode(); n; n = walker.nextNode()) text = n as Text;
        const range = document.createRange();
        range.setStart(text!, text!.length - 1);
        range.setEnd(text!, text!.length);
        const r = range.getBoundingClientRect();
        const c = td.getBoundingClientRect();
        return [r.right, c.right];
      });
      expect(last, `the end of ${id}`).toBeLessThanOrEqual(box);
    }
  });

  test('a reader sees the membership but no buttons to change it', async ({ page }) => {
    const sid = await objectIdOf(page.request, USER);
    await signIn(page, 'reader', `/asset-groups/${OWNED}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Owned' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Selectors' }).getByRole('rowheader').first()).toBeVisible();
    await expect(page.getByText('add or remove members')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add members' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Remove selector/ })).toHaveCount(0);
    await page.goto(`/explore?search=${sid}&selected=${sid}`);
    await page.getByRole('complementary', { name: USER }).getByRole('button', { name: 'Actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'Copy object id' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /^(Add to|Remove from) (Owned|Tier Zero)$/ })).toHaveCount(0);
  });
});
