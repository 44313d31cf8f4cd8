import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, expect, signIn, test } from './fixtures';

const PATH = '/attack-paths/table';

const table = (page: Page) => page.getByRole('table', { name: 'Findings' });
/** The body rows (every one a finding: its row header is the finding's link). */
const rows = (page: Page) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });
/** The pager's range ("1–25 of 99"). */
const range = (page: Page) => page.getByRole('navigation', { name: 'Findings pages' }).getByRole('status');

interface Finding {
  id: number;
  severity: string;
  environment_id: string;
  environment_name: string;
  target_principal_name: string;
}

/** The findings list as the API answers `query`, with the admin's token. */
async function findings(request: APIRequestContext, query: string): Promise<{ count: number; data: Finding[] }> {
  const token = await apiToken(request, 'admin');
  const res = await request.get(`/api/v2/attack-paths/findings?${query}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), query).toBe(200);
  return (await res.json()) as { count: number; data: Finding[] };
}

async function ready(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Attack Paths' })).toBeVisible({ timeout: 30_000 });
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: /^Loading/ }),
  ).toHaveCount(0);
  await expect(table(page).or(page.getByText('No findings match these filters'))).toBeVisible();
}

/** Picks `options` in a multi-value filter's list, which stays open while picking, then closes it. */
async function pick(page: Page, filter: string, options: string[]): Promise<void> {
  await page.getByRole('combobox', { name: filter }).click();
  const list = page.getByRole('listbox');
  for (const o of options) await list.getByRole('option', { name: o }).click();
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
}

const counted = (n: number) => new RegExp(`of ${n.toLocaleString('en-US')}$`);

test.describe('attack paths table view', () => {
  test('filters by several values, sorts, keeps it all in the URL and exports the same rows', async ({ page, request }) => {
    await signIn(page, 'admin', PATH);
    await ready(page);
    await expect(page.getByRole('tab', { name: 'Table view' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Graph view' })).toHaveAttribute('aria-selected', 'false');
    // Active findings unless asked otherwise, as the server answers.
    await expect(page.getByRole('combobox', { name: 'Status' }).locator('..')).toContainText('Active');
    const all = await findings(request, 'limit=1');
    expect(all.count).toBeGreaterThan(25);
    await expect(range(page)).toHaveText(`1–25 of ${all.count}`);
    await expect(rows(page)).toHaveCount(25);

    // Severity: critical or high.
    await pick(page, 'Severity', ['Critical', 'High']);
    await expect.poll(() => new URL(page.url()).searchParams.getAll('severity')).toEqual(['eq:critical', 'eq:high']);
    const severe = await findings(request, 'severity=eq:critical&severity=eq:high&limit=1');
    expect(severe.count).toBeGreaterThan(0);
    expect(severe.count).toBeLessThan(all.count);
    await expect(range(page)).toHaveText(counted(severe.count));
    const severities = await rows(page).evaluateAll((trs) =>
      trs.map((tr) => (tr as HTMLTableRowElement).cells[0]!.innerText.trim()),
    );
    expect(severities).toHaveLength(Math.min(25, severe.count));
    for (const text of severities) expect(['Critical', 'High']).toContain(text);

    // And one environment.
    const lab = (await findings(request, 'limit=200')).data.find((f) => f.environment_name === 'LAB.ACME.LOCAL')!;
    await pick(page, 'Environment', ['LAB.ACME.LOCAL']);
    await expect.poll(() => new URL(page.url()).searchParams.getAll('environment_id')).toEqual([lab.environment_id]);
    const view = `severity=eq:critical&severity=eq:high&environment_id=${lab.environment_id}`;
    const narrowed = await findings(request, `${view}&limit=1`);
    expect(narrowed.count).toBeGreaterThan(0);
    await expect(range(page)).toHaveText(counted(narrowed.count));

    // Sort by target principal: the server's order.
    await table(page).getByRole('button', { name: 'Target principal' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.getAll('sort_by')).toEqual(['target_principal_name']);
    const sorted = await findings(request, `${view}&sort_by=target_principal_name&limit=25`);
    await expect(table(page).getByRole('columnheader', { name: 'Target principal' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows(page).first()).toContainText(sorted.data[0]!.target_principal_name);
    const url = page.url();

    // A reload shows the same view.
    await page.reload();
    await ready(page);
    expect(page.url()).toBe(url);
    await expect(range(page)).toHaveText(counted(narrowed.count));
    await expect(table(page).getByRole('columnheader', { name: 'Target principal' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByRole('combobox', { name: 'Environment' }).locator('..')).toContainText('LAB.ACME.LOCAL');
    await expect(page.getByRole('combobox', { name: 'Severity' }).locator('..')).toContainText('Critical');

    // Back undoes the sort, and only the sort.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.getAll('sort_by')).toEqual([]);
    await expect(table(page).getByRole('columnheader', { name: 'Target principal' })).not.toHaveAttribute('aria-sort');
    expect(new URL(page.url()).searchParams.getAll('environment_id')).toEqual([lab.environment_id]);
    await expect(range(page)).toHaveText(counted(narrowed.count));

    // Export: every row of the view (not just this page), and a header.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const lines = (await readFile(await download.path(), 'utf8')).split(/\r?\n/).filter((l) => l !== '');
    expect(lines).toHaveLength(narrowed.count + 1);
    expect(lines[0]).toMatch(/^Severity,/);
    await expect(page.getByText(`Exported ${narrowed.count} findings as CSV.`)).toBeVisible();

    // Clear filters: the whole list again, active only.
    await page.getByRole('region', { name: 'Filters' }).getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect(range(page)).toHaveText(`1–25 of ${all.count}`);
  });

  test('a row opens the graph view with its environment, zone, type and finding picked', async ({ page, request }) => {
    await signIn(page, 'admin', `${PATH}?sort_by=target_principal_name`);
    await ready(page);
    const first = (await findings(request, 'sort_by=target_principal_name&limit=1')).data[0]! as Finding & {
      finding: string;
      finding_type: string;
      asset_group_tag_id: number;
    };
    await rows(page).first().getByRole('rowheader').getByRole('link').click();
    await expect(page).toHaveURL(/\/attack-paths\?/);
    const params = new URL(page.url()).searchParams;
    expect(params.get('environment')).toBe(first.environment_id);
    expect(params.get('zone')).toBe(first.finding_type === 'list' ? 'hygiene' : String(first.asset_group_tag_id));
    expect(params.get('finding')).toBe(first.finding);
    expect(params.get('selected')).toBe(String(first.id));
  });

  test('a view nothing matches says so and clears its filters', async ({ page }) => {
    await signIn(page, 'admin', `${PATH}?status=eq:remediated&severity=eq:low`);
    await ready(page);
    await expect(page.getByText('No findings match these filters')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).last().click();
    await expect(rows(page).first()).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
  });

  test('on a community server the page says it needs the enterprise edition', async ({ page, communityURL }) => {
    await signIn(page, 'admin', PATH, communityURL);
    await expect(page.getByRole('heading', { level: 1, name: 'Attack Paths' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Attack Paths needs the enterprise edition')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});
