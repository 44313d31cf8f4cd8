import type { APIRequestContext } from '@playwright/test';
import { apiToken, expect, signIn, test } from './fixtures';
import { directoryGraph } from '../src/mock-server/seed/graph';
import { compareText } from '../src/shared/compare-text';

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
    await page.getByRole('radio', { name: 'Computer (its controllers)' }).check();
    await page.getByLabel('Object ID').fill(`  ${dc01.objectid} `);
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page).toHaveURL(new RegExp(`/entities/computers/${dc01.objectid}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Computer controllers' })).toBeVisible();
    await expect(page.getByText(`${all.length} controllers`)).toBeVisible();
    // The computer is named, its object id beside it.
    await expect(page.getByRole('main')).toContainText(`Principals with control of ${dc01.name}`);
    await expect(page.getByRole('main')).toContainText(dc01.objectid);
    const names = page.getByRole('table', { name: 'Controllers' }).getByRole('rowheader');
    await expect(names).toHaveCount(10);

    // A bigger page shows everything.
    await page.getByRole('navigation', { name: 'Controllers pages' }).getByLabel('Rows per page').selectOption('25');
    await expect(page).toHaveURL(/page_size=25/);
    await expect(names).toHaveText(
      all.map((e) => e.name),
      { useInnerText: true },
    );
  });

  test('pages and sorts the controllers, with the state in the URL', async ({ page, request }) => {
    const names = (await controllersOf(request)).map((e) => e.name);
    expect(names.length).toBeGreaterThan(10);
    await signIn(page, 'admin', `/entities/computers/${dc01.objectid}`);
    const table = page.getByRole('table', { name: 'Controllers' });
    const firstColumn = table.getByRole('rowheader');
    const inner = { useInnerText: true };
    await expect(firstColumn).toHaveText(names.slice(0, 10), { ...FIRST_LOAD, ...inner });
    await expect(page.getByText(`1–10 of ${names.length}`)).toBeVisible();

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(firstColumn).toHaveText(names.slice(10, 20), inner);
    await expect(page).toHaveURL(/page=2/);

    // Sorting by name, then descending, goes back to the first page.
    const nameHeader = table.getByRole('columnheader', { name: /^Name/ });
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/sort_by=name/);
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/sort_by=-name/);
    await expect(page).not.toHaveURL(/page=2/);
    const descending = [...names].sort((a, b) => compareText(b, a));
    await expect(firstColumn).toHaveText(descending.slice(0, 10), inner);
  });

  test('opens at the page and sort the address names, an old link too', async ({ page, request }) => {
    const names = (await controllersOf(request)).map((e) => e.name);
    const descending = [...names].sort((a, b) => compareText(b, a));
    await signIn(page, 'admin', `/entities/computers/${dc01.objectid}?page=2&sort_by=-name`);
    const table = page.getByRole('table', { name: 'Controllers' });
    await expect(table.getByRole('rowheader')).toHaveText(descending.slice(10, 20), { ...FIRST_LOAD, useInnerText: true });
    await expect(table.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByText(`11–${names.length} of ${names.length}`)).toBeVisible();

    // A link with a page size and an order opens that view.
    await page.goto(`/entities/computers/${dc01.objectid}?page_size=25&sort_by=-name`);
    await expect(page).toHaveURL(/\?page_size=25&sort_by=-name$/);
    await expect(table.getByRole('rowheader')).toHaveText(descending, { useInnerText: true });
    await expect(table.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'descending');
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

    await signIn(page, 'reader', `/entities/computers/${dc01.objectid}?page_size=25`);
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

  test('opens an object of any kind: its kind from the server, its counts and properties', async ({ page, request }) => {
    const group = graph.nodes.find((n) => n.name === 'DOMAIN ADMINS@CORP.ACME.LOCAL')!;
    const token = await apiToken(request, 'reader');
    const info = (
      (await (
        await request.get(`/api/v2/groups/${group.objectid}`, { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as { data: Record<string, number> }
    ).data;

    await signIn(page, 'reader', '/entities');
    await expect(page.getByRole('heading', { level: 1, name: 'Entity look-up' })).toBeVisible(FIRST_LOAD);
    await expect(page.getByRole('radio', { name: 'Any object (information and counts)' })).toBeChecked();
    await page.getByLabel('Object ID').fill(group.objectid);
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page).toHaveURL(new RegExp(`/entities/nodes/${group.objectid}$`));
    await expect(page.getByRole('heading', { level: 1, name: group.name })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Kinds' }).getByRole('listitem')).toHaveText(['Base', 'Group']);
    const counts = page.getByLabel('Counts', { exact: true });
    await expect(counts.getByRole('term')).toHaveCount(10);
    await expect(
      counts
        .getByRole('term')
        .filter({ hasText: /^Members$/ })
        .locator('+ dd'),
    ).toHaveText(String(info.members));
    await expect(page.getByRole('table', { name: 'Properties' }).getByRole('row', { name: /Object ID/ })).toContainText(
      group.objectid,
    );

    // A domain opens the same way, with a domain's counts.
    const domain = graph.domains[0]!;
    await page.goto(`/entities/nodes/${domain.objectid}`);
    await expect(page.getByRole('heading', { level: 1, name: domain.name })).toBeVisible();
    await expect(
      page
        .getByLabel('Counts', { exact: true })
        .getByRole('term')
        .filter({ hasText: /^Users$/ }),
    ).toBeVisible();
  });

  test('the controllers and a user node never scroll sideways, at 1366, 1024 and 390 px wide', async ({ page }) => {
    const user = graph.nodes.find((n) => n.primaryKind === 'User')!;
    for (const [path, ready] of [
      [`/entities/computers/${dc01.objectid}`, page.getByRole('table', { name: 'Controllers' })],
      [`/entities/users/${user.objectid}`, page.getByRole('table', { name: 'Properties' })],
    ] as const) {
      await signIn(page, 'admin', path);
      await expect(ready).toBeVisible(FIRST_LOAD);
      for (const width of [1366, 1024, 390]) {
        await page.setViewportSize({ width, height: 800 });
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${path} at ${width}` })
          .toBe(width);
      }
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });
});
