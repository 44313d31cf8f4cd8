import { expect, signIn, test } from './fixtures';
import { directoryGraph } from '../src/mock-server/seed/graph';

/** The first page of a test can take a while on a busy dev server (modules compile on first use). */
const FIRST_LOAD = { timeout: 30_000 };

const graph = directoryGraph();
const dc01 = graph.nodes.find((n) => n.name === 'DC01.CORP.ACME.LOCAL')!;
const admins = graph.nodes.find((n) => n.name === 'DOMAIN ADMINS@CORP.ACME.LOCAL')!;
const administrator = graph.nodes.find((n) => n.name === 'ADMINISTRATOR@CORP.ACME.LOCAL')!;

/** Entity look-up and the old entity addresses: each opens its object in Explore, drawn and selected. */
test.describe('entity look-up', () => {
  test('refuses a malformed id before sending, and opens a pasted one in Explore', async ({ page }) => {
    await signIn(page, 'admin', '/entities');
    await expect(page.getByRole('heading', { level: 1, name: 'Entity look-up' })).toBeVisible(FIRST_LOAD);
    await page.getByLabel('Object ID').fill('S-1-5-21-3130019616');
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByText('This SID has 1 number after S-1-5-21; a domain SID has 3')).toBeVisible();
    await expect(page).toHaveURL(/\/entities$/);

    // Pasted with spaces around it, it opens.
    await page.getByLabel('Object ID').fill(`  ${dc01.objectid} `);
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page).toHaveURL(new RegExp(`/explore\\?search=${dc01.objectid}&selected=${dc01.objectid}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: dc01.name })).toBeVisible(FIRST_LOAD);
    await expect(page.getByRole('img', { name: /^Graph of 1 node/ })).toBeVisible(FIRST_LOAD);
  });

  for (const [path, node] of [
    ['computers', dc01],
    ['users', administrator],
    ['nodes', admins],
  ] as const) {
    test(`/entities/${path}/:id opens the object in Explore, selected`, async ({ page }) => {
      await signIn(page, 'admin', `/entities/${path}/${node.objectid}`);
      await expect(page).toHaveURL(new RegExp(`/explore\\?search=${node.objectid}&selected=${node.objectid}$`), FIRST_LOAD);
      await expect(page.getByRole('complementary', { name: node.name })).toBeVisible(FIRST_LOAD);
      await expect(page.getByRole('combobox', { name: 'Search objects' })).toHaveValue(node.name);
    });
  }

  test('an object the graph does not hold says so', async ({ page }) => {
    await signIn(page, 'admin', '/entities/computers/S-1-5-21-1-2-3-4');
    await expect(page.getByText('Not in the graph', { exact: true })).toBeVisible(FIRST_LOAD);
    await expect(page.getByText('No object in the graph has the object id S-1-5-21-1-2-3-4.').first()).toBeVisible();
  });
});
