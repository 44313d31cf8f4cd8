import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, expect, signIn, test, typeDate } from './fixtures';
import { compareText } from '../src/shared/compare-text';

/**
 * The data-quality page (domain, range and view in the URL; charts and a table of the same numbers),
 * its empty states, the home card's link, and the user form's environment picker.
 */
const FIRST_LOAD = { timeout: 30_000 };
/** Seeded history: a daily analysis for 130 days up to 1 Nov 2026 (the mock's seed), so October is fixed. */
const FROM = '2026-10-01';
const TO = '2026-10-12';

interface Domain {
  type: string;
  name: string;
  id: string;
}
type Stat = Record<string, number | string> & { created_at: string };

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const token = await apiToken(request, 'admin');
  const res = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), `GET ${path}`).toBe(200);
  return (await res.json()) as T;
}

async function adDomains(request: APIRequestContext): Promise<Domain[]> {
  const { data } = await api<{ data: Domain[] }>(request, '/api/v2/available-domains');
  return data.filter((d) => d.type === 'active-directory').sort((a, b) => compareText(a.name, b.name));
}

async function clearDatabase(request: APIRequestContext, body: Record<string, unknown>): Promise<void> {
  const token = await apiToken(request, 'admin');
  const res = await request.post('/api/v2/clear-database', { data: body, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), `clear-database ${JSON.stringify(body)}`).toBe(204);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayText = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
};
/** The table's columns after the date, in order. */
const COUNT_COLUMNS = ['users', 'groups', 'computers', 'ous', 'gpos', 'containers', 'acls', 'sessions', 'relationships'];
const SHARE_COLUMNS = ['session_completeness', 'local_group_completeness'];
const ADCS_COLUMNS = ['aiacas', 'rootcas', 'enterprisecas', 'ntauthstores', 'certtemplates'];

/** What the table should show for the API's points: the last point of each UTC day, newest day first. */
function expectedRows(points: Stat[]): string[][] {
  const byDay = new Map<string, Stat>();
  for (const p of [...points].sort((a, b) => a.created_at.localeCompare(b.created_at))) byDay.set(p.created_at.slice(0, 10), p);
  return [...byDay]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([day, p]) => [
      dayText(day),
      ...COUNT_COLUMNS.map((c) => (p[c] as number).toLocaleString('en-US')),
      ...SHARE_COLUMNS.map((c) => `${(Math.round((p[c] as number) * 1000) / 10).toFixed(1)}%`),
      ...ADCS_COLUMNS.map((c) => (p[c] as number).toLocaleString('en-US')),
    ]);
}

async function tableRows(page: Page, name: string): Promise<string[][]> {
  const table = page.getByRole('table', { name });
  await expect(table).toBeVisible();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => (c as HTMLElement).innerText.trim())));
}

test.describe('data quality', () => {
  test('picks a domain by name and a range; the table shows what the API answers for that window, and a link reopens it', async ({
    page,
    request,
  }) => {
    const domains = await adDomains(request);
    expect(domains.length, 'seeded AD domains').toBeGreaterThan(1);
    const other = domains[1]!;
    await signIn(page, 'admin', '/data-quality');
    await expect(page.getByRole('heading', { level: 1, name: 'Data quality' })).toBeVisible(FIRST_LOAD);

    // The first domain by name is shown until another is picked.
    const picker = page.getByRole('combobox', { name: 'Domain' });
    await expect(picker).toHaveValue(domains[0]!.name);
    await picker.click();
    await picker.fill(other.name.slice(0, 4).toLowerCase());
    await page.getByRole('option', { name: new RegExp(other.name.replace(/\./g, '\\.')) }).click();
    await expect(page).toHaveURL(new RegExp(`domain=${other.id}`));
    await expect(picker).toHaveValue(other.name);

    // A custom range, checked first: a "From" after "To" is said on the field and nothing changes.
    await page.getByRole('button', { name: 'Custom' }).click();
    const range = page.getByRole('form', { name: 'Custom date range' });
    const from = range.getByRole('group', { name: 'From' });
    const to = range.getByRole('group', { name: 'To' });
    await typeDate(from, TO);
    await typeDate(to, FROM);
    await expect(from).toHaveText(/12 Oct 2026/);
    await range.getByRole('button', { name: 'Show range' }).click();
    await expect(range.getByText('"From" (12 Oct 2026) must be on or before "To" (1 Oct 2026).')).toBeVisible();
    await expect(page).not.toHaveURL(/from=/);
    await typeDate(from, FROM);
    await typeDate(to, TO);
    await range.getByRole('button', { name: 'Show range' }).click();
    await expect(page).toHaveURL(new RegExp(`from=${FROM}&to=${TO}`));

    // The charts show first; the table view holds the same numbers as the API for that window.
    await expect(page.getByRole('heading', { level: 3, name: /Sessions collected and local admins collected/ })).toBeVisible();
    await page.getByRole('tab', { name: 'Table' }).click();
    await expect(page).toHaveURL(/view=table/);
    const stats = await api<{ count: number; data: Stat[] }>(
      request,
      `/api/v2/ad-domains/${other.id}/data-quality-stats?start=${FROM}T00:00:00.000Z&end=${TO}T23:59:59.999Z&limit=1000`,
    );
    expect(stats.count, 'points in the window').toBeGreaterThan(5);
    const tableName = `Data quality of ${other.name}, one row per day`;
    const expected = expectedRows(stats.data);
    await expect.poll(() => tableRows(page, tableName)).toEqual(expected);

    // Sorted by date: oldest first after a click on "Date".
    await page.getByRole('table', { name: tableName }).getByRole('button', { name: /^Date/ }).click();
    await expect.poll(() => tableRows(page, tableName)).toEqual([...expected].reverse());

    // The link opens the same view.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Domain' })).toHaveValue(other.name, FIRST_LOAD);
    await expect(page.getByRole('tab', { name: 'Table', selected: true })).toBeVisible();
    await expect.poll(() => tableRows(page, tableName)).toEqual([...expected].reverse());

    // A preset replaces the custom range in the URL.
    await page.getByRole('button', { name: 'Last 90 days' }).click();
    await expect(page).toHaveURL(/range=90d/);
    await expect(page).not.toHaveURL(/from=/);
  });

  test('every chart labels the same days, none cut, and the range buttons read like every other button', async ({ page }) => {
    await signIn(page, 'admin', `/data-quality?from=2026-10-01&to=2026-10-31`);
    await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveText('30 days', { useInnerText: true });
    await expect(page.getByRole('button', { name: 'Custom' })).toHaveText('Custom', { useInnerText: true });
    await expect(page.getByRole('tab', { name: 'Charts' })).toHaveText('Charts', { useInnerText: true });
    const charts = page.getByRole('img', { name: /per day \(a chart/ });
    await expect(charts.first()).toBeVisible(FIRST_LOAD);
    const count = await charts.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 0; i < count; i++)
      for (const day of ['1 Oct', '9 Oct', '16 Oct', '24 Oct', '31 Oct'])
        await expect(charts.nth(i).getByText(day, { exact: true }), `chart ${i + 1}, ${day}`).toBeVisible();
  });

  test('says so for a range without points, an unknown domain, cleared history and no domains at all', async ({
    page,
    request,
  }) => {
    const [first] = await adDomains(request);
    await signIn(page, 'admin', `/data-quality?domain=${first!.id}&from=2020-01-01&to=2020-01-31`);
    await expect(page.getByText('No data-quality points in this range')).toBeVisible(FIRST_LOAD);
    // The seeded history ends on 1 Nov 2026: the page offers the 30 days up to it.
    await page.getByRole('button', { name: 'Show the 30 days up to 1 Nov 2026' }).click();
    await expect(page).toHaveURL(/from=2026-10-03&to=2026-11-01/);
    await expect(page.getByRole('tab', { name: 'Charts', selected: true })).toBeVisible();

    await page.goto('/data-quality?domain=S-1-5-21-1-2-3');
    await expect(page.getByText('No available domain has the ID “S-1-5-21-1-2-3”', { exact: false })).toBeVisible(FIRST_LOAD);
    await expect(page.getByText('Not a known domain: choose one')).toBeVisible();

    // Data-quality history cleared: the domain is still there, with no points.
    await clearDatabase(request, { deleteDataQualityHistory: true });
    await page.goto(`/data-quality?domain=${first!.id}&from=${FROM}&to=${TO}`);
    await expect(page.getByRole('combobox', { name: 'Domain' })).toHaveValue(first!.name, FIRST_LOAD);
    await expect(page.getByText('No data-quality points in this range')).toBeVisible();
    await expect(
      page.getByText(`${first!.name} has no data-quality points yet: each completed analysis adds one.`),
    ).toBeVisible();

    // The collected graph cleared too: no domains, and the way to add some.
    await clearDatabase(request, { deleteCollectedGraphData: true });
    await page.goto('/data-quality');
    await expect(page.getByText('No domains have been collected yet')).toBeVisible(FIRST_LOAD);
    await page.getByRole('link', { name: 'Go to File ingest' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'File ingest' })).toBeVisible();
  });

  test('the home page’s completeness card draws the 30 days up to the newest point and links to data quality', async ({
    page,
    request,
  }) => {
    const [first] = await adDomains(request);
    await signIn(page, 'admin', '/');
    const card = page.getByRole('region', { name: 'Collection completeness' });
    // The seed's newest point is weeks old: the card still draws the month that ends with it.
    await expect(card.getByText(new RegExp(`^${first!.name.replace(/\./g, '\\.')}, 30 days to \\d`))).toBeVisible(FIRST_LOAD);
    await expect(card.getByRole('img', { name: /Chart of sessions and local admins collected/ })).toBeVisible();

    await card.getByRole('link', { name: 'View data quality' }).click();
    await expect(page).toHaveURL(/\/data-quality$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Data quality' })).toBeVisible();

    // Without history there is nothing to draw: the card keeps its figures and its link, no chart.
    await clearDatabase(request, { deleteDataQualityHistory: true });
    await page.goto('/');
    await expect(card.getByRole('progressbar').first()).toBeVisible(FIRST_LOAD);
    await expect(card.getByRole('link', { name: 'View data quality' })).toBeVisible();
    await expect(card.getByRole('img', { name: /Chart of sessions/ })).toHaveCount(0);
  });

  test('the user form picks an environment by name and saves its id', async ({ page, request }) => {
    const domains = await adDomains(request);
    const domain = domains[domains.length - 1]!;
    await signIn(page, 'admin', '/users');
    await page.getByRole('button', { name: 'Create user' }).click(FIRST_LOAD);
    const dialog = page.getByRole('dialog', { name: 'Create user' });
    await dialog.getByLabel('First name').fill('Dana');
    await dialog.getByLabel('Last name').fill('Domains');
    await dialog.getByLabel('Email address').fill('dana.domains@example.com');
    await dialog.getByLabel('Principal name').fill('dana.domains');
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: /^User/ }).click();
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('Garden-Gate-2026!');
    await dialog.getByLabel('Confirm password').fill('Garden-Gate-2026!');
    await dialog.getByLabel('All environments').uncheck();

    const environments = dialog.getByRole('combobox', { name: 'Environment IDs' });
    await environments.fill(domain.name.slice(0, 5).toLowerCase());
    const option = page.getByRole('option', { name: new RegExp(domain.name.replace(/\./g, '\\.')) });
    await expect(option).toContainText(domain.id);
    await option.click();
    await expect(dialog.getByRole('button', { name: domain.name })).toBeVisible();
    // An id that is no known domain stays, with a warning naming it.
    await environments.fill('S-1-5-21-11-22-33');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toContainText('"S-1-5-21-11-22-33" is not a known domain');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await expect(dialog).toBeHidden();

    const { data } = await api<{
      data: { users: { principal_name: string; environment_targeted_access_control?: { environment_id: string }[] | null }[] };
    }>(request, '/api/v2/app-users');
    const created = data.users.find((u) => u.principal_name === 'dana.domains');
    expect(created?.environment_targeted_access_control?.map((e) => e.environment_id)).toEqual([domain.id, 'S-1-5-21-11-22-33']);
  });
});
