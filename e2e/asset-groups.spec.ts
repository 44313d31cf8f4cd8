import type { Locator, Page } from '@playwright/test';
import { apiToken, expect, signIn, test } from './fixtures';

/** The rows of the member table as text: [name, object id, primary kind, kinds, env kind, env id, custom, group id]. */
async function memberRows(page: Page): Promise<string[][]> {
  const table = page.getByRole('table', { name: /^Members of / });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  return table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim())));
}

function membersTable(page: Page): Locator {
  return page.getByRole('table', { name: /^Members of / });
}

/** The member count a query gives, asked of the service directly. */
async function countFromApi(page: Page, groupId: number, query: string): Promise<number> {
  const token = await apiToken(page.request, 'admin');
  const res = await page.request.get(`/api/v2/asset-groups/${groupId}/members?${query}&limit=0`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { count: number }).count;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

test.describe('asset groups', () => {
  test('creates, renames and deletes a group', async ({ page }) => {
    await signIn(page, 'admin', '/asset-groups');
    await expect(page.getByRole('heading', { level: 1, name: 'Asset groups' })).toBeVisible();
    await page.getByRole('button', { name: 'Create group' }).click();
    const create = page.getByRole('dialog', { name: 'Create asset group' });
    await create.getByRole('button', { name: 'Create group' }).click();
    await expect(create.getByText('Name is required')).toBeVisible();
    await expect(create.getByText('Tag is required')).toBeVisible();

    await create.getByLabel('Name').fill('Payment Systems');
    await create.getByLabel('Tag').fill('Payments!');
    await create.getByRole('button', { name: 'Create group' }).click();
    await expect(create.getByText('Tag may contain only lower-case letters, digits and underscores')).toBeVisible();
    // The server's message on a clash lands on the field, and what was typed stays.
    await create.getByLabel('Tag').fill('owned');
    await create.getByRole('button', { name: 'Create group' }).click();
    await expect(
      create.getByText('The tag "owned" is already used by the asset group "Owned". Choose another tag.'),
    ).toBeVisible();
    await expect(create.getByLabel('Name')).toHaveValue('Payment Systems');
    await create.getByLabel('Tag').fill('payments');
    await create.getByRole('button', { name: 'Create group' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Payment Systems' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Asset group "Payment Systems" was created.' })).toBeVisible();
    await expect(page.getByText('This group has no members')).toBeVisible();

    await page.getByRole('button', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename "Payment Systems"' });
    await rename.getByLabel('Name').fill('Crown Jewels');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(rename.getByText('An asset group named "Crown Jewels" already exists. Choose another name.')).toBeVisible();
    await rename.getByLabel('Name').fill('Card Systems');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(rename).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Card Systems' })).toBeVisible();

    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete "Card Systems"?' });
    // Counts in words: a new group has no selectors and no members.
    await expect(confirm).toContainText('The group will be deleted; it has no selectors.');
    await expect(confirm).toContainText('It has no members, so no object loses the tag payments.');
    await confirm.getByRole('button', { name: 'Delete group' }).click();
    await expect(page).toHaveURL(/\/asset-groups$/);
    await expect(page.getByText('Asset group "Card Systems" was deleted.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Card Systems' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Crown Jewels' })).toBeVisible();
  });

  test('a system group offers no rename or delete, and a read-only role changes nothing', async ({ page }) => {
    await signIn(page, 'admin', '/asset-groups');
    const table = page.getByRole('table', { name: 'Asset groups' });
    await expect(table.getByRole('row', { name: /Admin Tier Zero/ })).toContainText('System');
    await table.getByRole('link', { name: 'Admin Tier Zero' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Tier Zero' })).toBeVisible();
    await expect(
      page.getByText('Admin Tier Zero is a system group, defined by the service: it cannot be renamed or deleted.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Rename' })).toHaveCount(0);
    // A non-system group does offer both, and the confirmation states the member count.
    await page.getByRole('link', { name: 'Asset groups' }).first().click();
    await page.getByRole('link', { name: 'Help Desk' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const members = await countFromApi(page, 4, '');
    await expect(page.getByRole('dialog')).toContainText(`${members} members will no longer carry the tag helpdesk`);
    await expect(page.getByRole('dialog')).toContainText('The group and its 1 selector will be deleted.');
    await page.getByRole('button', { name: 'Cancel' }).click();

    const reader = await page.context().newPage();
    await signIn(reader, 'reader', '/asset-groups/4');
    await expect(reader.getByRole('heading', { level: 1, name: 'Help Desk' })).toBeVisible();
    await expect(
      reader.getByText(
        'You can look at this group and its members, but your role cannot rename or delete it. The Administrator or Power User roles can: someone with the Administrator role can give you one, on the Users page.',
      ),
    ).toBeVisible();
    await expect(reader.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await reader.goto('/asset-groups');
    await expect(reader.getByRole('link', { name: 'Help Desk' })).toBeVisible();
    await expect(reader.getByRole('button', { name: 'Create group' })).toHaveCount(0);
    await expect(
      reader.getByText(
        'You can look at the asset groups and their members, but your role cannot create, rename or delete groups',
      ),
    ).toBeVisible();
  });

  test('pages through the 100,000 members of the big group', async ({ page }) => {
    await signIn(page, 'admin', '/asset-groups?sort_by=-member_count');
    const first = page.getByRole('table', { name: 'Asset groups' }).getByRole('row').nth(1);
    await expect(first).toContainText('100,000');
    await first.getByRole('link').click();
    const pages = page.getByRole('navigation', { name: 'Member pages' });
    await expect(pages.getByRole('status')).toHaveText('1–25 of 100,000');
    const page1 = await memberRows(page);
    expect(page1).toHaveLength(25);

    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect(pages.getByRole('status')).toHaveText('26–50 of 100,000');
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    const page2 = await memberRows(page);
    expect(page2).toHaveLength(25);
    expect(page2[0]![1]).not.toBe(page1[0]![1]);

    await pages.getByLabel('Rows per page').selectOption('100');
    await expect(pages.getByRole('status')).toHaveText('1–100 of 100,000');
    expect(await memberRows(page)).toHaveLength(100);
    await pages.getByRole('button', { name: 'Last page' }).click();
    await expect(pages.getByRole('status')).toHaveText('99,901–100,000 of 100,000');
    await expect(pages.getByText('Page 1,000 of 1,000')).toBeVisible();
    await expect(pages.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await pages.getByRole('button', { name: 'Previous page' }).click();
    await expect(pages.getByRole('status')).toHaveText('99,801–99,900 of 100,000');
  });

  test('sorts by two columns, by shift-click and by "Add sort"', async ({ page }) => {
    await signIn(page, 'admin', '/asset-groups/1');
    const table = membersTable(page);
    await table
      .getByRole('columnheader', { name: /^Primary kind/ })
      .getByRole('button')
      .click();
    await table
      .getByRole('columnheader', { name: /^Name/ })
      .getByRole('button')
      .click({ modifiers: ['Shift'] });
    await table
      .getByRole('columnheader', { name: /^Name/ })
      .getByRole('button')
      .click({ modifiers: ['Shift'] });
    await expect(page).toHaveURL(/sort_by=primary_kind&sort_by=-name/);
    await expect(page.getByRole('button', { name: '2. Name: descending' })).toBeVisible();
    const rows = await memberRows(page);
    expect(rows.length).toBeGreaterThan(5);
    const expected = [...rows].sort((a, b) => cmp(a[2]!, b[2]!) || cmp(b[0]!, a[0]!));
    expect(rows.map((r) => `${r[2]} ${r[0]}`)).toEqual(expected.map((r) => `${r[2]} ${r[0]}`));
    expect(new Set(rows.map((r) => r[2])).size).toBeGreaterThan(1);

    // The keyboard way: remove both, then add environment ID descending and object ID.
    await page.getByRole('button', { name: 'Remove sort by Primary kind' }).click();
    await page.getByRole('button', { name: 'Remove sort by Name' }).click();
    await expect(page.getByText('object ID (default)')).toBeVisible();
    await page.getByRole('button', { name: 'Add sort' }).click();
    await page.getByRole('menuitem', { name: 'Environment ID' }).click();
    await page.getByRole('button', { name: 'Environment ID: ascending' }).click();
    await page.getByRole('button', { name: 'Add sort' }).click();
    await page.getByRole('menuitem', { name: 'Object ID' }).click();
    await expect(page).toHaveURL(/sort_by=-environment_id&sort_by=object_id/);
    await expect(page.getByRole('button', { name: '2. Object ID: ascending' })).toBeVisible();
    const byEnv = await memberRows(page);
    const expectedEnv = [...byEnv].sort((a, b) => cmp(b[5]!, a[5]!) || cmp(a[1]!, b[1]!));
    expect(byEnv.map((r) => r[1])).toEqual(expectedEnv.map((r) => r[1]));
  });

  test('filters by contains and by not equals, with the count', async ({ page }) => {
    await signIn(page, 'admin', '/asset-groups/1');
    const total = await countFromApi(page, 1, '');
    await expect(page.getByText(`${total} in all`)).toBeVisible();
    await page.getByLabel('Name filter').fill('admin');
    const containing = await countFromApi(page, 1, 'name=~eq:admin');
    expect(containing).toBeGreaterThan(0);
    expect(containing).toBeLessThan(total);
    await expect(page.getByText(`${containing} of ${total} match the filters`)).toBeVisible();
    await expect(page).toHaveURL(/name=~eq:admin/);
    let rows = await memberRows(page);
    expect(rows).toHaveLength(containing);
    for (const r of rows) expect(r[0]!.toLowerCase()).toContain('admin');

    await page.getByLabel('Primary kind match').selectOption({ label: 'not equals' });
    await page.getByLabel('Primary kind filter').fill('User');
    const notUsers = await countFromApi(page, 1, 'name=~eq:admin&primary_kind=neq:User');
    await expect(page.getByText(`${notUsers} of ${total} match the filters`)).toBeVisible();
    rows = await memberRows(page);
    expect(rows).toHaveLength(notUsers);
    for (const r of rows) {
      expect(r[2]).not.toBe('User');
      expect(r[0]!.toLowerCase()).toContain('admin');
    }

    await page.getByLabel('Name filter').fill('no such member');
    await expect(page.getByText('No members match these filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page.getByText(`${total} in all`)).toBeVisible();
    await expect(page.getByLabel('Name filter')).toHaveValue('');
  });

  test('reload, a pasted link and the back button restore the view', async ({ page }) => {
    await signIn(page, 'admin', '/asset-groups/6');
    const pages = page.getByRole('navigation', { name: 'Member pages' });
    await expect(pages.getByRole('status')).toHaveText('1–25 of 100,000');
    await page.getByLabel('Environment kind match').selectOption({ label: 'equals' });
    await page.getByLabel('Environment kind filter').fill('Domain');
    await expect(page).toHaveURL(/environment_kind=eq:Domain/);
    const domainCount = await countFromApi(page, 6, 'environment_kind=eq:Domain');
    await expect(pages.getByRole('status')).toHaveText(`1–25 of ${domainCount.toLocaleString('en-US')}`);
    await membersTable(page).getByRole('columnheader', { name: /^Name/ }).getByRole('button').click();
    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect(pages.getByRole('status')).toHaveText(`26–50 of ${domainCount.toLocaleString('en-US')}`);
    const view = await memberRows(page);
    const url = page.url();

    await page.reload();
    await expect(pages.getByRole('status')).toHaveText(`26–50 of ${domainCount.toLocaleString('en-US')}`);
    await expect(page.getByLabel('Environment kind filter')).toHaveValue('Domain');
    await expect(page.getByLabel('Environment kind match')).toHaveValue('eq');
    await expect(page.getByRole('button', { name: 'Name: ascending' })).toBeVisible();
    expect(await memberRows(page)).toEqual(view);

    // A link pasted into another tab (its own session) shows the same view.
    const other = await page.context().newPage();
    await signIn(other, 'admin', url.slice(new URL(url).origin.length));
    await expect(other.getByRole('navigation', { name: 'Member pages' }).getByRole('status')).toHaveText(
      `26–50 of ${domainCount.toLocaleString('en-US')}`,
    );
    expect(await memberRows(other)).toEqual(view);
    await other.close();

    await page.goBack();
    await expect(pages.getByRole('status')).toHaveText(`1–25 of ${domainCount.toLocaleString('en-US')}`);
    await expect(page).not.toHaveURL(/page=2/);
    await page.goBack();
    await expect(page).not.toHaveURL(/sort_by=/);
    await expect(page.getByText('object ID (default)')).toBeVisible();
    // Typing a filter replaced the history entry instead of adding one: the filter is still there; Clear filters ends it.
    await expect(page.getByLabel('Environment kind filter')).toHaveValue('Domain');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(pages.getByRole('status')).toHaveText('1–25 of 100,000');
    await expect(page.getByLabel('Environment kind filter')).toHaveValue('');
  });

  test('a member row opens its entity page', async ({ page }) => {
    await signIn(page, 'admin', '/asset-groups/1?primary_kind=eq:Computer');
    const rows = await memberRows(page);
    expect(rows.length).toBeGreaterThan(0);
    const [name, objectId] = rows[0]!;
    await membersTable(page).getByRole('link', { name: name! }).click();
    await expect(page).toHaveURL(new RegExp(`/explore\\?search=${objectId}&selected=${objectId}$`));
    await page.goBack();
    await page.goto('/asset-groups/1?primary_kind=eq:User');
    const users = await memberRows(page);
    await membersTable(page).getByRole('row').nth(1).getByRole('cell').nth(2).click();
    await expect(page).toHaveURL(new RegExp(`/explore\\?search=${users[0]![1]}&selected=${users[0]![1]}$`));
  });
});
