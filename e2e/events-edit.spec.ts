import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { upcomingRuns } from '../src/shared/schedule';
import { accountWithRole, apiToken, expect, signIn, test, typeDate, typeTime } from './fixtures';

// The browser's zone is not UTC, so the editor's local times and the rule's UTC times differ.
test.use({ timezoneId: 'Europe/Paris' });

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

interface StoredEvent {
  id: number;
  client_id: string;
  rrule: string;
  next_scheduled_at?: string;
  session_collection: boolean;
  local_group_collection: boolean;
  cert_services_collection: boolean;
  domains: { objectid: string; name?: string }[];
  ous: { objectid: string; name?: string }[];
}

async function storedEvent(request: APIRequestContext, id: number): Promise<StoredEvent> {
  const token = await apiToken(request, 'admin');
  const res = await request.get(`/api/v2/events/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: StoredEvent }).data;
}

/** A local date some days ahead, as the date input takes it (YYYY-MM-DD). */
function dayAhead(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** Presses exactly the given weekday buttons of the editor. */
async function chooseDays(dialog: Locator, wanted: string[]) {
  for (const day of DAYS) {
    const button = dialog.getByRole('button', { name: day, exact: true });
    const pressed = (await button.getAttribute('aria-pressed')) === 'true';
    if (pressed !== wanted.includes(day)) await button.click();
  }
  for (const day of DAYS)
    await expect(dialog.getByRole('button', { name: day, exact: true })).toHaveAttribute(
      'aria-pressed',
      String(wanted.includes(day)),
    );
}

/** The preview's runs, as ISO instants. */
async function previewRuns(dialog: Locator): Promise<string[]> {
  const times = dialog.getByRole('list', { name: 'Next runs' }).locator('time');
  await expect(times.first()).toBeVisible();
  return times.evaluateAll((els) => els.map((e) => new Date(e.getAttribute('datetime')!).toISOString()));
}

async function openEvents(page: Page, user = 'admin') {
  await signIn(page, user, '/events');
  await expect(page.getByRole('table', { name: 'Scheduled events' })).toBeVisible({ timeout: 30_000 });
}

test.describe('scheduling a collection', () => {
  test('schedules a weekly collection: the preview is what the mock stores; then changes it', async ({ page, request }) => {
    await openEvents(page);
    await page.getByRole('button', { name: 'Schedule collection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule a collection' });

    await dialog.getByRole('combobox', { name: 'Client' }).click();
    await page.getByRole('option', { name: 'SharpHound Frankfurt (SharpHound)' }).click();

    await expect(dialog.getByRole('combobox', { name: 'Repeats' })).toHaveText('Weekly, on chosen days');
    await typeDate(dialog.getByRole('group', { name: 'Starting on' }), dayAhead(10));
    await typeTime(dialog.getByRole('group', { name: 'At (your time)' }), '09:00');
    await chooseDays(dialog, ['Tuesday', 'Friday']);
    // 09:00 in Paris (winter) is 08:00 UTC; the words say UTC.
    await expect(dialog.getByText(/09:00 in your time zone \(Europe\/Paris, UTC\+1\) is 08:00 UTC/)).toBeVisible();
    await expect(dialog.getByTestId('schedule-words')).toHaveText('Every week on Tuesday, Friday at 08:00 UTC');
    const rule = await dialog.getByLabel('Rule (RFC 5545, times in UTC)').inputValue();
    expect(rule).toMatch(/^DTSTART:\d{8}T080000Z\nRRULE:FREQ=WEEKLY;BYDAY=TU,FR$/);
    const preview = await previewRuns(dialog);
    expect(preview).toHaveLength(5);
    expect(preview.every((iso) => [2, 5].includes(new Date(iso).getUTCDay()) && iso.endsWith('T08:00:00.000Z'))).toBe(true);

    // Options with their sentences; the domain picked from the directory by name.
    await expect(dialog.getByText('Asks computers who is signed in where, to find paths through sessions.')).toBeVisible();
    await dialog.getByLabel('Local groups').uncheck();
    await dialog.getByLabel('Certificate services').check();
    await dialog.getByRole('combobox', { name: 'Domains' }).fill('corp.acme');
    await page.getByRole('option', { name: /CORP\.ACME\.LOCAL/ }).click();
    await expect(dialog.getByRole('button', { name: 'CORP.ACME.LOCAL' })).toBeVisible();
    // An OU, found by part of its name: only OUs are offered.
    await dialog.getByRole('combobox', { name: 'OUs' }).fill('finan');
    await page.getByRole('option', { name: /FINANCE@CORP\.ACME\.LOCAL/ }).click();
    await expect(dialog.getByRole('button', { name: 'FINANCE@CORP.ACME.LOCAL' })).toBeVisible();

    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/events\/\d+$/);
    const id = Number(/\/events\/(\d+)$/.exec(page.url())![1]);
    await expect(page.getByRole('heading', { level: 1, name: `Event ${id}` })).toBeVisible();
    await expect(page.getByText('Every week on Tuesday, Friday at 08:00 UTC')).toBeVisible();

    // What the mock stores: the very rule, its next run the preview's first, its next runs the preview's.
    const stored = await storedEvent(request, id);
    expect(stored.rrule).toBe(rule);
    expect(stored.next_scheduled_at).toBe(preview[0]);
    expect(upcomingRuns(stored.rrule, 5).map((d) => d.toISOString())).toEqual(preview);
    expect(stored).toMatchObject({ session_collection: true, local_group_collection: false, cert_services_collection: true });
    expect(stored.domains.map((d) => d.name)).toEqual(['CORP.ACME.LOCAL']);
    expect(stored.ous.map((o) => o.name)).toEqual(['FINANCE@CORP.ACME.LOCAL']);

    // Change it: monthly on the 15th at 18:30 (your time).
    await page.getByRole('button', { name: 'Edit event' }).click();
    const edit = page.getByRole('dialog', { name: `Change event ${id}` });
    await expect(edit.getByLabel('Rule (RFC 5545, times in UTC)')).toHaveValue(rule);
    await expect(edit.getByRole('button', { name: 'Tuesday', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await edit.getByRole('combobox', { name: 'Repeats' }).click();
    await page.getByRole('option', { name: 'Monthly, on a day of the month' }).click();
    await edit.getByLabel('Day of the month (your time)').fill('15');
    await typeTime(edit.getByRole('group', { name: 'At (your time)' }), '18:30');
    await expect(edit.getByTestId('schedule-words')).toHaveText('Every month on the 15th at 17:30 UTC');
    const monthly = await edit.getByLabel('Rule (RFC 5545, times in UTC)').inputValue();
    expect(monthly).toMatch(/^DTSTART:\d{8}T173000Z\nRRULE:FREQ=MONTHLY;BYMONTHDAY=15$/);
    const monthlyPreview = await previewRuns(edit);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText(`Event ${id} saved.`)).toBeVisible();
    await expect(page.getByText('Every month on the 15th at 17:30 UTC')).toBeVisible();
    const changed = await storedEvent(request, id);
    expect(changed.rrule).toBe(monthly);
    expect(changed.next_scheduled_at).toBe(monthlyPreview[0]);
  });

  test('an expert’s rule: a custom one is kept as typed; a bad one shows its message and stays', async ({ page, request }) => {
    await signIn(page, 'admin', '/events/1');
    await page.getByRole('button', { name: 'Edit event' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Change event 1' });
    const ruleField = dialog.getByLabel('Rule (RFC 5545, times in UTC)');
    await expect(ruleField).toHaveValue('DTSTART:20261001T020000Z\nRRULE:FREQ=DAILY;INTERVAL=1');
    await expect(dialog.getByRole('combobox', { name: 'Repeats' })).toHaveText('Every day or few days');
    // The editor follows a rule typed that it can say…
    await ruleField.fill('DTSTART:20261001T053000Z\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE');
    await expect(dialog.getByRole('combobox', { name: 'Repeats' })).toHaveText('Weekly, on chosen days');
    await expect(dialog.getByRole('button', { name: 'Wednesday', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByRole('group', { name: 'At (your time)' })).toContainText('07:30'); // 05:30 UTC in Paris summer time (1 Oct)

    // …and one it cannot say is a custom rule, kept exactly as typed.
    const custom = 'DTSTART:20261001T020000Z\nRRULE:FREQ=DAILY;BYHOUR=2,14;BYMINUTE=0';
    await ruleField.fill(custom);
    await expect(dialog.getByRole('combobox', { name: 'Repeats' })).toHaveText('Custom rule');
    await expect(dialog.getByTestId('schedule-words')).toHaveText('Every day at 02:00 and 14:00 UTC');

    // A bad rule: its message under the field, nothing sent, the text kept.
    const bad = 'DTSTART:20261001T020000Z\nRRULE:FREQ=WEEKLY;BYDAY=XX';
    await ruleField.fill(bad);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(
      dialog
        .getByText('BYDAY must list weekdays such as MO,WE,FR (or 1MO to 5MO, -1MO to -5MO in a monthly rule), not "XX".')
        .first(),
    ).toBeVisible();
    await expect(ruleField).toHaveValue(bad);
    await expect(dialog).toBeVisible();
    expect((await storedEvent(request, 1)).rrule).toBe('DTSTART:20261001T020000Z\nRRULE:FREQ=DAILY;INTERVAL=1');

    // The custom rule saves as typed.
    await ruleField.fill(custom);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    expect((await storedEvent(request, 1)).rrule).toBe(custom);
  });

  test('an OU gone from the directory is flagged and must be removed before saving', async ({ page, request }) => {
    await signIn(page, 'admin', '/events/3');
    await page.getByRole('button', { name: 'Edit event' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Change event 3' });
    await expect(dialog.getByRole('button', { name: 'Kiosks (no longer exists)' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(/Remove what no longer exists in the directory: Kiosks/).first()).toBeVisible();
    await expect(dialog).toBeVisible();
    // Removing it saves the rest.
    const kiosks = dialog.getByRole('button', { name: 'Kiosks (no longer exists)' });
    await kiosks.focus();
    await page.keyboard.press('Delete');
    await expect(kiosks).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    expect((await storedEvent(request, 3)).rrule).toContain('FREQ=HOURLY');
  });

  test('the server’s refusal lands on its field and keeps what was chosen: a client deleted meanwhile', async ({
    page,
    request,
  }) => {
    await openEvents(page);
    await page.getByRole('button', { name: 'Schedule collection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule a collection' });
    await dialog.getByRole('combobox', { name: 'Client' }).click();
    await page.getByRole('option', { name: 'SharpHound Dev Lab (SharpHound)' }).click();
    await typeTime(dialog.getByRole('group', { name: 'At (your time)' }), '04:45');
    // Someone else deletes the client before this is sent.
    const token = await apiToken(request, 'admin');
    const auth = { Authorization: `Bearer ${token}` };
    const list = (await (await request.get('/api/v2/clients?limit=100', { headers: auth })).json()) as {
      data: { id: string; name: string }[];
    };
    const devLab = list.data.find((c) => c.name === 'SharpHound Dev Lab')!;
    expect((await request.delete(`/api/v2/clients/${devLab.id}`, { headers: auth })).ok()).toBe(true);

    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(dialog.getByText(`No collection client has id ${devLab.id}.`)).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'At (your time)' })).toContainText('04:45');
  });

  test('an AzureHound client offers only what it collects', async ({ page }) => {
    await openEvents(page);
    await page.getByRole('button', { name: 'Schedule collection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule a collection' });
    await dialog.getByRole('combobox', { name: 'Client' }).click();
    await page.getByRole('option', { name: 'AzureHound Tenant (AzureHound)' }).click();
    await expect(dialog.getByLabel('AD structure')).toBeVisible();
    await expect(dialog.getByLabel('Sessions')).toHaveCount(0);
    await expect(dialog.getByRole('combobox', { name: 'OUs' })).toHaveCount(0);
    await expect(dialog.getByText(/AzureHound collects an Azure tenant as a whole/).first()).toBeVisible();
  });

  test('a user without clients.Manage cannot schedule; a community server says events need the enterprise edition and offers no create', async ({
    page,
    request,
    communityURL,
  }) => {
    // The User role reads events (clients.Read) but cannot change them (clients.Manage).
    await openEvents(page, await accountWithRole(request, 'User'));
    await expect(page.getByRole('button', { name: 'Schedule collection' })).toHaveCount(0);
    await expect(
      page.getByText(/your role cannot schedule, change or delete them\. The Administrator or Power User roles can:/),
    ).toBeVisible();
    await signIn(page, 'admin', '/events', communityURL);
    await expect(page.getByText('Scheduled events need the enterprise edition')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Schedule collection' })).toHaveCount(0);
  });
});
