import type { APIRequestContext } from '@playwright/test';
import { apiToken, expect, signIn, test } from './fixtures';
import { directoryGraph } from '../src/mock-server/seed/graph';

/** The first page of a test can take a while on a busy dev server (modules compile on first use). */
const FIRST_LOAD = { timeout: 30_000 };

const graph = directoryGraph();
const dc01 = graph.nodes.find((n) => n.name === 'DC01.CORP.ACME.LOCAL')!;

interface Entry {
  objectID: string;
  name: string;
  label: string;
}

test.describe('entity look-up', () => {
  /** Every controller of DC01, in the server's default order (by name). */
  async function controllersOf(request: APIRequestContext): Promise<Entry[]> {
    const token = await apiToken(request, 'admin');
    const res = await request.get(`/api/v2/computers/${dc01.objectid}/controllers?limit=100`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as { data: Entry[] }).data;
  }

  test('refuses a malformed id before sending, and opens a pasted one', async ({ page, request }) => {
    const all = await controllersOf(request);
    await signIn(page, 'admin', '/entities');
    await expect(page.getByRole('heading', { level: 1, name: 'Entity look-up' })).toBeVisible(FIRST_LOAD);
    await page.getByLabel('Object ID').fill('S-1-5-21-3130019616');
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByText('This SID has 1 number after S-1-5-21; a domain SID has 3')).toBeVisible();
    await expect(page).toHaveURL(/\/entities$/);

    // Pasted with spaces around it, it opens.
    await page.getByLabel('Object ID').fill(`  ${dc01.objectid} `);
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page).toHaveURL(new RegExp(`/entities/computers/${dc01.objectid}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Computer controllers' })).toBeVisible();
    await expect(page.getByText(`${all.length} controllers`)).toBeVisible();
    const firstColumn = page.getByRole('table', { name: 'Controllers' }).locator('tbody tr td:first-child');
    await expect(firstColumn).toHaveCount(10);

    // A bigger page shows everything.
    await page.getByRole('combobox', { name: 'Rows per page:' }).click();
    await page.getByRole('option', { name: '25' }).click();
    await expect(page).toHaveURL(/size=25/);
    await expect(firstColumn).toHaveText(all.map((e) => e.name));
  });

  test('pages and sorts the controllers, with the state in the URL', async ({ page, request }) => {
    const names = (await controllersOf(request)).map((e) => e.name);
    expect(names.length).toBeGreaterThan(10);
    await signIn(page, 'admin', `/entities/computers/${dc01.objectid}`);
    const table = page.getByRole('table', { name: 'Controllers' });
    const firstColumn = table.locator('tbody tr td:first-child');
    await expect(firstColumn).toHaveText(names.slice(0, 10), FIRST_LOAD);
    await expect(page.getByText(`1–10 of ${names.length}`)).toBeVisible();

    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(firstColumn).toHaveText(names.slice(10, 20));
    await expect(page).toHaveURL(/page=2/);

    // Sorting by name, then descending, goes back to the first page.
    const nameHeader = table.getByRole('columnheader', { name: 'Name' });
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/sort=name/);
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/sort=-name/);
    await expect(page).not.toHaveURL(/page=2/);
    const descending = [...names].sort((a, b) => b.localeCompare(a, 'en'));
    await expect(firstColumn).toHaveText(descending.slice(0, 10));
  });

  test('opens at the page and sort the address names', async ({ page, request }) => {
    const names = (await controllersOf(request)).map((e) => e.name);
    const descending = [...names].sort((a, b) => b.localeCompare(a, 'en'));
    await signIn(page, 'admin', `/entities/computers/${dc01.objectid}?page=2&sort=-name`);
    const table = page.getByRole('table', { name: 'Controllers' });
    await expect(table.locator('tbody tr td:first-child')).toHaveText(descending.slice(10, 20), FIRST_LOAD);
    await expect(table.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByText(`11–${names.length} of ${names.length}`)).toBeVisible();
  });

  test('an unknown computer says so', async ({ page }) => {
    await signIn(page, 'reader', '/entities/computers/S-1-5-21-1-2-3-4');
    await expect(page.getByRole('alert')).toContainText('No computer with object id S-1-5-21-1-2-3-4 exists.', FIRST_LOAD);
    await expect(page.getByRole('alert')).toContainText('Not found');
  });

  test('opens a user node from the controllers and shows its counts, properties and raw JSON', async ({ page, request }) => {
    const token = await apiToken(request, 'reader');
    const controllers = (
      (await (
        await request.get(`/api/v2/computers/${dc01.objectid}/controllers?limit=100&sort_by=name`, {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).json()) as { data: Entry[] }
    ).data;
    const user = controllers.find((e) => e.label === 'User')!;
    const info = (
      (await (
        await request.get(`/api/v2/users/${user.objectID}?counts=true`, { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as {
        data: Record<string, unknown> & { props: Record<string, unknown> };
      }
    ).data;

    await signIn(page, 'reader', `/entities/computers/${dc01.objectid}?size=25`);
    await page.getByRole('link', { name: user.name }).click();
    await expect(page).toHaveURL(new RegExp(`/entities/users/${user.objectID}$`));
    await expect(page.getByRole('heading', { level: 1, name: user.name })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Kinds' }).getByRole('listitem')).toHaveText(['Base', 'User']);

    // Every count the server returned, labelled.
    const counts = page.getByLabel('Counts', { exact: true });
    await expect(counts.getByRole('term')).toHaveCount(10);
    for (const [label, key] of [
      ['Sessions', 'sessions'],
      ['Group membership', 'groupMembership'],
      ['Admin rights', 'adminRights'],
      ['Inbound object control', 'controllers'],
    ] as const) {
      await expect(
        counts
          .getByRole('term')
          .filter({ hasText: new RegExp(`^${label}$`) })
          .locator('+ dd'),
      ).toHaveText(String(info[key]));
    }
    expect(info.controllers).toBeGreaterThan(0);

    // Properties read as a table: dates, marks, text.
    const props = page.getByRole('table', { name: 'Properties' });
    await expect(props.getByRole('row', { name: /Object ID/ })).toContainText(user.objectID);
    await expect(props.getByRole('row', { name: /^Enabled/ })).toContainText(info.props.enabled ? 'Yes' : 'No');
    await expect(props.getByRole('row', { name: /^Created/ }).locator('time')).toHaveText(/\d{4}, \d{2}:\d{2} UTC$/);
    await page.getByRole('button', { name: 'Show raw JSON' }).click();
    await expect(page.getByLabel('Properties as JSON', { exact: true })).toContainText(`"objectid": "${user.objectID}"`);

    // Counts off: the switch is in the URL and the counts go.
    const countsSwitch = page.getByRole('switch', { name: 'Show counts' });
    await countsSwitch.click();
    await expect(countsSwitch).not.toBeChecked();
    await expect(page).toHaveURL(/counts=false/);
    await expect(page.getByRole('heading', { name: 'Counts' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: user.name })).toBeVisible();
  });
});
