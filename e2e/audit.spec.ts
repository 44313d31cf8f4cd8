import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { apiToken, expect, filterUsers, PASSWORD, signIn, signInWithForm, test, typeDate, typeTime } from './fixtures';
import { readCsv } from '../src/testing/csv-read';

/** A seeded account with the User role and a password (users area seed). */
const PLAIN_USER = { name: 'Amara Tanaka', principal: 'amara.tanaka' };

const table = (page: Page) => page.getByRole('table', { name: 'Audit log' });
/** The entry rows of the table (an opened entry's details row has no Details button). */
const entries = (page: Page) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: 'Details' }) });
/** The pager's range ("1–25 of 57"). */
const range = (page: Page) => page.getByRole('navigation', { name: 'Audit log pages' }).getByRole('status');

async function ready(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(table(page).or(page.getByText('No audit entries match these filters'))).toBeVisible();
}

/** Picks `option` in the Action or Actor filter by typing and choosing it from the list. */
async function pick(page: Page, label: 'Action' | 'Actor', typed: string, option: string | RegExp): Promise<void> {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(typed);
  await page.getByRole('option', { name: option }).click();
}

/** Opens an entry row and gives its details. */
async function open(page: Page, row: Locator): Promise<Locator> {
  const button = row.getByRole('button', { name: 'Details' });
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const id = await button.getAttribute('aria-controls');
  return page.locator(`[id="${id}"]`);
}

/** The value of the definition-list term `term` in `scope`. */
function definition(scope: Locator, term: string): Locator {
  return scope.locator(`dt:text-is("${term}") + dd`);
}

test.describe('audit log', () => {
  test('a name changed in the console shows as UpdateUser intent and success by admin, with the field; its user link opens the user', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/users');
    await filterUsers(page, PLAIN_USER.name);
    await page.getByRole('button', { name: `Actions for ${PLAIN_USER.name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit user' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${PLAIN_USER.name}` });
    await dialog.getByLabel('First name').fill('Amaryllis');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(/^Saved the changes to /)).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
    await ready(page);
    await pick(page, 'Action', 'UpdateUser', /^Update user/);
    await expect(page).toHaveURL(/[?&]action=eq:UpdateUser(&|$)/);
    // The actor picker offers the users by name and filters by the picked one's id.
    const admin = await page.evaluate(() => JSON.parse(sessionStorage.getItem('admin-console.session')!).userId as string);
    await pick(page, 'Actor', 'ada', /^Ada Admin/);
    await expect(page).toHaveURL(new RegExp(`[?&]actor_id=eq:${admin}(&|$)`));
    await expect(page.getByRole('combobox', { name: 'Actor' })).toHaveValue('Ada Admin');
    await expect(entries(page).first()).toContainText('Update user');
    // Every row shown is an UpdateUser (asked again until true: the rows change as the actor's filter lands).
    await expect(entries(page).filter({ hasNotText: 'UpdateUser' })).toHaveCount(0);

    // Newest first: the change's outcome, then its intent, both by admin under one commit.
    const [success, intent] = [entries(page).nth(0), entries(page).nth(1)];
    await expect(success.getByText('Success', { exact: true })).toBeVisible();
    await expect(intent.getByText('Intent', { exact: true })).toBeVisible();
    for (const row of [success, intent]) await expect(row.getByRole('cell').nth(2)).toContainText('admin');
    const intentDetails = await open(page, intent);
    const successDetails = await open(page, success);
    for (const details of [intentDetails, successDetails]) {
      await expect(definition(details, 'first_name')).toHaveText('Amaryllis');
      await expect(definition(details, 'principal_name')).toHaveText(PLAIN_USER.principal);
    }
    await expect(definition(successDetails, 'Commit id')).toHaveText(await definition(intentDetails, 'Commit id').innerText());

    await successDetails.getByRole('link', { name: `User ${PLAIN_USER.principal}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Amaryllis Tanaka' })).toBeVisible();
  });

  test('a failed sign-in shows as a LoginAttempt failure with the name tried', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, 'reader', `${PASSWORD}-wrong`);
    await expect(page.getByRole('alert')).toContainText(/incorrect/i);

    await signIn(page, 'admin', '/audit');
    await ready(page);
    await pick(page, 'Action', 'sign-in', /^Sign-in attempt/);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('failure');
    await expect(page).toHaveURL(/status=eq:failure/);
    const first = entries(page).first();
    await expect(first).toContainText('Sign-in attempt');
    await expect(first).toContainText('LoginAttempt');
    await expect(first.getByText('Failure', { exact: true })).toBeVisible();
    const details = await open(page, first);
    await expect(definition(details, 'username')).toHaveText('reader');
    await expect(definition(details, 'error')).toContainText(/incorrect/i);
    // A password is never written into an entry.
    await expect(details).not.toContainText(PASSWORD);
  });

  test('filters live in the URL: reload keeps them, Back undoes the last one, and a link reproduces the view', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/audit');
    await ready(page);
    await pick(page, 'Action', 'update user', /^Update user/);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('success');
    const from = page.getByRole('group', { name: 'From', exact: true });
    await typeDate(from, '2026-01-01');
    await expect(page).toHaveURL(/after=2026-01-01/);
    await table(page)
      .getByRole('button', { name: /^Actor/ })
      .click();
    await expect(page).toHaveURL(/sort_by=actor_name/);
    const url = page.url();
    const firstRow = (await entries(page).first().textContent())!;

    await page.reload();
    await ready(page);
    await expect(page.getByRole('combobox', { name: 'Action' })).toHaveValue('Update user');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('success');
    await expect(from).toContainText('1 Jan 2026');
    await expect(table(page).getByRole('columnheader', { name: /^Actor/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(page.url()).toBe(url);
    await expect(entries(page).first()).toHaveText(firstRow);

    await page.goBack(); // before the sort
    await expect(page).not.toHaveURL(/sort_by=/);
    await expect(table(page).getByRole('columnheader', { name: /^Time/ })).toHaveAttribute('aria-sort', 'descending');
    await page.goBack(); // before the date
    await expect(from).not.toContainText(/\d/);
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('success');
    await page.goBack(); // before the status
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Action' })).toHaveValue('Update user');
    await page.goForward();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('success');

    // The link, opened in a new tab (signed in there too), shows the same view.
    const other = await page.context().newPage();
    await signIn(other, 'admin', url);
    await ready(other);
    await expect(entries(other).first()).toHaveText(firstRow);
    await other.close();
  });

  test('Download CSV holds every row of the filtered view, with a header, fields as JSON and the range in its name', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/audit?action=eq:LoginAttempt&after=2026-01-01&page_size=10');
    await ready(page);
    const shown = await range(page).innerText();
    const total = Number(/of ([\d,]+)/.exec(shown)![1]!.replace(/,/g, ''));
    expect(total, 'more entries than one page holds').toBeGreaterThan(10);
    const firstPage = await entries(page).evaluateAll((rows) =>
      rows.map((r) => r.querySelector('time')!.getAttribute('datetime')),
    );

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    expect(download.suggestedFilename()).toBe(`audit-log_2026-01-01_to_${today}.csv`);
    await expect(page.getByText(`Downloaded ${total.toLocaleString('en-US')} audit entries as CSV.`)).toBeVisible();

    const rows = readCsv(await readFile(await download.path(), 'utf8'));
    const [header, ...body] = rows;
    expect(header).toEqual([
      'id',
      'created_at',
      'actor_id',
      'actor_name',
      'actor_email',
      'action',
      'status',
      'source_ip_address',
      'request_id',
      'commit_id',
      'fields',
    ]);
    expect(body).toHaveLength(total);
    expect(new Set(body.map((r) => r[0])).size).toBe(total);
    for (const r of body) {
      expect(r).toHaveLength(header!.length);
      expect(r[5]).toBe('LoginAttempt');
      expect(Date.parse(r[1]!)).toBeGreaterThanOrEqual(new Date(2026, 0, 1).getTime());
      expect(JSON.parse(r[10]!)).toHaveProperty('username');
    }
    // In the order of the view: its first page is the file's first rows.
    expect(body.slice(0, firstPage.length).map((r) => new Date(r[1]!).toISOString())).toEqual(
      firstPage.map((t) => new Date(t!).toISOString()),
    );
  });

  test('a view with nothing in it says so and offers to clear the filters; a wrong date and a refused filter say which field', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/audit?actor_name=eq:nobody-at-all&status=eq:failure&before=2026-11-30');
    await expect(page.getByText('No audit entries match these filters')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).last().click();
    await expect(page).toHaveURL(/\/audit$/);
    await ready(page);
    await expect(page.getByRole('combobox', { name: 'Actor' })).toHaveValue('');
    const to = page.getByRole('group', { name: 'To', exact: true });
    await expect(to).not.toContainText(/\d/);

    // A whole date applies at once.
    await typeDate(to, '2026-11-03');
    await expect(page).toHaveURL(/before=2026-11-03(&|$)/);
    // One it cannot use stays as typed, with the message under it once the person moves on.
    await to.getByRole('spinbutton', { name: 'Year' }).click();
    await page.keyboard.type('1969');
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).click();
    await expect(page.getByText('To: enter a whole date from 1970 on, like 1 Nov 2026.')).toBeVisible();
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await expect(to).toContainText('03 Nov 1969');
    await expect(page).toHaveURL(/before=2026-11-03(&|$)/);
    // A year completes it again, and a time of day narrows it.
    await to.getByRole('spinbutton', { name: 'Year' }).click();
    await page.keyboard.type('2027');
    await expect(page).toHaveURL(/before=2027-11-03(&|$)/);
    await expect(to).toHaveAttribute('aria-invalid', 'false');
    await typeTime(page.getByRole('group', { name: 'To time' }), '14:30');
    await expect(page).toHaveURL(/before=2027-11-03T14:30/);

    // A date in a link that is not one says so on the field, and nothing is read.
    await page.goto('/audit?before=next%20tuesday');
    await expect(page.getByText('To: "next tuesday" is not a date.', { exact: false })).toBeVisible({ timeout: 30_000 });
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await expect(table(page)).toHaveCount(0);
    await page.goto('/audit');
    await expect(table(page)).toBeVisible({ timeout: 30_000 });

    // The server refuses a filter (a newer server's rule): its message shows under that filter.
    await page.route(/\/api\/v2\/audit\?.*action=eq%3AMadeUp/, (route) =>
      route.fulfill({
        status: 400,
        json: {
          http_status: 400,
          timestamp: new Date().toISOString(),
          request_id: 'r-1',
          errors: [{ context: 'action', message: 'action "MadeUp" is not an action this server writes.' }],
        },
      }),
    );
    await page.goto('/audit?action=eq:MadeUp');
    const action = page.getByRole('combobox', { name: 'Action' });
    await expect(action).toHaveValue('MadeUp');
    await expect(action).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('action "MadeUp" is not an action this server writes.').first()).toBeVisible();
  });

  test('the Action and Actor filters take only actions and people there are: other text is not sent, and the field says why', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/audit');
    await ready(page);
    for (const [label, noun] of [
      ['Action', 'action'],
      ['Actor', 'person'],
    ] as const) {
      const field = page.getByRole('combobox', { name: label });
      await field.fill('user');
      await field.press('Tab');
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveValue('user');
      await expect(field).toHaveAccessibleDescription(new RegExp(`^${label}: no ${noun} is called “user”\\. Pick one`));
      await expect(page).toHaveURL(/\/audit$/);
      await expect(page.getByText('No audit entries match these filters')).toHaveCount(0);
      await field.fill('');
      await field.press('Tab');
    }
    await expect(page.getByRole('combobox', { name: 'Action' })).toHaveAccessibleDescription(
      'Pick an action; type to narrow the list',
    );
  });

  test('with the keyboard: an entry opens and closes, and its links are the next stops', async ({ page }) => {
    await signIn(page, 'admin', '/audit?action=eq:UpdateUser');
    await ready(page);
    const button = entries(page).first().getByRole('button', { name: 'Details' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const details = page.getByRole('region', { name: /^Details of entry/ });
    await expect(details).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(details.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(button).toBeFocused();
    await page.keyboard.press('Space');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(details).toHaveCount(0);
  });

  test('people without auth.ManageUsers get no navigation entry and the restricted page, and the service refuses them', async ({
    page,
    request,
  }) => {
    await signIn(page, 'poweruser', '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Saved queries' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
    await page.goto('/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Your role cannot open this page. The Administrator role can');
    await expect(page.getByRole('alert')).toContainText('Permission needed: auth.ManageUsers');
    await expect(table(page)).toHaveCount(0);
    const token = await apiToken(request, 'poweruser');
    expect((await request.get('/api/v2/audit', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(403);
  });
});
