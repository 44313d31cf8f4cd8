import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiToken, expect, signIn, test, typeDate } from './fixtures';
import { compareText } from '../src/shared/compare-text';

/**
 * The Posture page: environments, zone, range and scale in the URL; one chart per posture figure with its
 * figures as a table, equal to what the API answers for the same window; the finding trends above them.
 */
const FIRST_LOAD = { timeout: 30_000 };
const DAY = 86_400_000;
/** The figures in the page's order, with how their tables write a value. */
const FIGURES = [
  ['findings', 'Findings', 'count'],
  ['attack-paths', 'Attack paths', 'count'],
  ['exposure', 'Exposure (%)', 'percent'],
  ['assets', 'Tier Zero assets', 'count'],
  ['session-completeness', 'Session completeness (%)', 'percent'],
  ['group-completeness', 'Group completeness (%)', 'percent'],
  ['archived-findings', 'Remediated findings', 'count'],
] as const;

interface Domain {
  type: string;
  name: string;
  id: string;
}
interface History {
  start: string;
  end: string;
  data: { date: string; value: number }[];
}

async function api<T>(request: APIRequestContext, path: string, method: 'GET' | 'PUT' = 'GET'): Promise<T> {
  const token = await apiToken(request, 'admin');
  const res = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), `${method} ${path}`).toBeLessThan(300);
  return (method === 'GET' ? await res.json() : null) as T;
}

async function environments(request: APIRequestContext): Promise<Domain[]> {
  const { data } = await api<{ data: Domain[] }>(request, '/api/v2/available-domains');
  return data.filter((d) => ['active-directory', 'azure'].includes(d.type)).sort((a, b) => compareText(a.name, b.name));
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The page's window for "Last N days": whole UTC days up to the end of today. */
const lastDays = (days: number) => ({
  start: `${utcDay(Date.now() - (days - 1) * DAY)}T00:00:00.000Z`,
  end: `${utcDay(Date.now())}T23:59:59.999Z`,
});

function historyPath(type: string, envs: readonly Domain[], w: { start: string; end: string }): string {
  const q = new URLSearchParams(envs.map((d) => ['environments', d.id]));
  q.set('start', w.start);
  q.set('end', w.end);
  return `/api/v2/posture-history/${type}?${q}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayText = (date: string) => {
  const d = new Date(date);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
};
const valueText = (v: number, unit: 'count' | 'percent') => (unit === 'percent' ? `${v.toFixed(1)}%` : v.toLocaleString('en-US'));

/** What a figure's table should hold for the API's points: day and value, newest first. */
const expectedRows = (h: History, unit: 'count' | 'percent') =>
  h.data.map((p) => [dayText(p.date), valueText(p.value, unit)]).reverse();

async function tableRows(page: Page, caption: RegExp): Promise<string[][]> {
  const table = page.getByRole('table', { name: caption });
  await expect(table).toBeVisible();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => [...r.querySelectorAll('th, td')].slice(0, 2).map((c) => (c as HTMLElement).innerText.trim())),
    );
}

/** Every figure's table equals what the API answers for these environments and window. */
async function expectFigures(page: Page, request: APIRequestContext, envs: readonly Domain[], w: { start: string; end: string }) {
  for (const [type, title, unit] of FIGURES) {
    const history = await api<History>(request, historyPath(type, envs, w));
    await expect
      .poll(() => tableRows(page, new RegExp(`^${title.replace(/[()]/g, '\\$&')} per day`)))
      .toEqual(expectedRows(history, unit));
  }
}

async function typeTime(field: Locator, time: string): Promise<void> {
  await field.getByRole('spinbutton', { name: 'Hours' }).click();
  await field.page().keyboard.type(time.replace(':', ''));
}

test.describe('posture', () => {
  test('shows each figure for the last 30 days as the API does, then 90 days, a custom range and a log scale, kept in the URL', async ({
    page,
    request,
  }) => {
    const envs = await environments(request);
    // The seeded history ends with the seed's analysis: one more analysis gives today its figures.
    await api(request, '/api/v2/analysis', 'PUT');
    await expect
      .poll(async () => (await api<History>(request, historyPath('findings', envs, lastDays(30)))).data.length, {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);

    await signIn(page, 'admin', '/posture');
    await expect(page.getByRole('heading', { level: 1, name: 'Posture' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Last 30 days', pressed: true })).toBeVisible(FIRST_LOAD);
    await expectFigures(page, request, envs, lastDays(30));
    for (const [, title] of FIGURES)
      await expect(page.getByRole('img', { name: new RegExp(`^${title.replace(/[()]/g, '\\$&')} per day`) })).toBeVisible();

    // The trends' totals are the API's.
    const q = new URLSearchParams(envs.map((d) => ['environments', d.id]));
    q.set('start', lastDays(30).start);
    q.set('end', lastDays(30).end);
    const trends = await api<{ data: { total_finding_count_start: number; total_finding_count_end: number } }>(
      request,
      `/api/v2/attack-paths/finding-trends?${q}`,
    );
    const summary = page.getByRole('region', { name: 'Findings over the range' });
    await expect(summary).toContainText(`${trends.data.total_finding_count_start.toLocaleString('en-US')} finding`);
    await expect(summary).toContainText(`${trends.data.total_finding_count_end.toLocaleString('en-US')} at the end`);

    // Last 90 days: more days.
    const thirty = (await tableRows(page, /^Findings per day/)).length;
    await page.getByRole('button', { name: 'Last 90 days' }).click();
    await expect(page).toHaveURL(/range=90d/);
    await expect.poll(async () => (await tableRows(page, /^Findings per day/)).length).toBeGreaterThan(thirty);
    await expectFigures(page, request, envs, lastDays(90));

    // A custom range with times: an end before the start is refused on its field, what was typed stays.
    await page.getByRole('button', { name: 'Custom' }).click();
    const form = page.getByRole('form', { name: 'Custom date range' });
    const from = form.getByRole('group', { name: 'From', exact: true });
    const to = form.getByRole('group', { name: 'To', exact: true });
    await typeDate(from, '2026-10-12');
    await typeTime(form.getByRole('group', { name: 'From time' }), '08:30');
    await typeDate(to, '2026-10-01');
    await typeTime(form.getByRole('group', { name: 'To time' }), '18:00');
    await form.getByRole('button', { name: 'Show range' }).click();
    await expect(form.getByText(/^"To" \(1 Oct 2026, .*\) must be later than "From" \(12 Oct 2026, /)).toBeVisible();
    await expect(from).toHaveText(/12 Oct 2026/);
    await expect(to).toHaveText(/1 Oct 2026/);
    await expect(page).not.toHaveURL(/after=/);
    await typeDate(from, '2026-10-01');
    await typeDate(to, '2026-10-12');
    await form.getByRole('button', { name: 'Show range' }).click();
    await expect(page).toHaveURL(/after=2026-10-01T08:30&before=2026-10-12T18:00/);
    const custom = {
      start: new Date('2026-10-01T08:30').toISOString().replace('.000Z', 'Z'),
      end: new Date('2026-10-12T18:00').toISOString().replace('.000Z', 'Z'),
    };
    await expectFigures(page, request, envs, custom);

    // Logarithmic, then a reload keeps it all, and Back goes back to the linear scale.
    await page.getByRole('button', { name: 'Logarithmic' }).click();
    await expect(page).toHaveURL(/scale=log/);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Logarithmic', pressed: true })).toBeVisible(FIRST_LOAD);
    await expect(page.getByRole('button', { name: 'Custom', pressed: true })).toBeVisible();
    await expect(
      page.getByRole('form', { name: 'Custom date range' }).getByRole('group', { name: 'From', exact: true }),
    ).toHaveText(/1 Oct 2026/);
    await expectFigures(page, request, envs, custom);
    await page.goBack();
    await expect(page.getByRole('button', { name: 'Linear', pressed: true })).toBeVisible();
    await expect(page).not.toHaveURL(/scale=/);
  });

  test('one environment shows its own figures', async ({ page, request }) => {
    const envs = await environments(request);
    expect(envs.length, 'environments in the seed').toBeGreaterThan(1);
    await signIn(page, 'admin', '/posture?range=90d');
    await expectFigures(page, request, envs, lastDays(90));
    // Leave only the first: the others' options are unticked.
    await page.getByRole('combobox', { name: 'Environments' }).click();
    for (const other of envs.slice(1))
      await page.getByRole('option', { name: new RegExp(other.name.replace(/\./g, '\\.')) }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(new RegExp(`environment=${envs[0]!.id}`));
    await expectFigures(page, request, envs.slice(0, 1), lastDays(90));
    await expect(page.getByText(`Tier Zero in ${envs[0]!.name}:`)).toBeVisible();
  });

  test('the filters work from the keyboard', async ({ page, request }) => {
    const envs = await environments(request);
    await signIn(page, 'admin', '/posture');
    const ninety = page.getByRole('button', { name: 'Last 90 days' });
    await expect(ninety).toBeVisible(FIRST_LOAD);
    await ninety.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/range=90d/);
    await page.getByRole('button', { name: 'Logarithmic' }).focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/scale=log/);
    // The environments list opens with the arrow key; Enter unticks the first.
    await page.getByRole('combobox', { name: 'Environments' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option', { name: new RegExp(envs[0]!.name.replace(/\./g, '\\.')) })).toHaveClass(/Mui-focused/);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(new RegExp(`environment=${envs[1]!.id}`));
    await expect(page.getByText(`Tier Zero in ${envs[1]!.name}:`)).toBeVisible();
    // A figure's table scrolls from the keyboard.
    const figures = page.getByRole('region', { name: 'Findings: figures', exact: true });
    await figures.focus();
    await expect(figures).toBeFocused();
    await page.keyboard.press('End');
    await expect.poll(() => figures.evaluate((e) => e.scrollTop)).toBeGreaterThan(0);
  });

  test('a range older than the history says so and offers the 30 days up to the newest figures', async ({ page, request }) => {
    const envs = await environments(request);
    const history = await api<History>(request, historyPath('findings', envs, lastDays(90)));
    const newest = history.data.at(-1)!.date;
    await signIn(page, 'admin', '/posture?after=2020-01-01T00:00&before=2020-01-31T23:59');
    await expect(page.getByText('No posture history in this range')).toBeVisible(FIRST_LOAD);
    await expect(page.getByText(`The newest figures are from ${dayText(newest)}.`)).toBeVisible();
    await page.getByRole('button', { name: `Show the 30 days up to ${dayText(newest)}` }).click();
    await expect(page).toHaveURL(/after=.*&before=/);
    await expect(page).not.toHaveURL(/2020-01/);
    await expect(page.getByRole('table', { name: /^Findings per day/ }).locator('tbody tr')).toHaveCount(30);
    expect((await tableRows(page, /^Findings per day/))[0]![0]).toBe(dayText(newest));
  });

  test('a community server says Posture needs the enterprise edition', async ({ page, communityURL }) => {
    await signIn(page, 'admin', '/posture', communityURL);
    await expect(page.getByRole('heading', { level: 1, name: 'Posture' })).toBeVisible(FIRST_LOAD);
    await expect(page.getByText('Posture needs the enterprise edition')).toBeVisible(FIRST_LOAD);
  });
});
