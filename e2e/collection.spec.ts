import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { accountWithRole, apiToken, expect, MOCK_CONTROL, signIn, test, type Account } from './fixtures';

/**
 * Signs in, opens `path` and waits until `ready` shows. The first load of a
 * lazy page on a freshly started dev server can take longer than one expect
 * timeout on a busy machine; later steps use the normal timeout.
 */
async function open(page: Page, user: Account | string, path: string, ready: (page: Page) => Locator, baseURL?: string) {
  await signIn(page, user, path, baseURL);
  await expect(ready(page)).toBeVisible({ timeout: 30_000 });
}

/** The id of a seeded collection client, by name. */
async function clientId(request: APIRequestContext, name: string): Promise<string> {
  const token = await apiToken(request, 'admin');
  const res = await request.get('/api/v2/clients?limit=100', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const client = ((await res.json()) as { data: { id: string; name: string }[] }).data.find((c) => c.name === name);
  expect(client, `client ${name}`).toBeDefined();
  return client!.id;
}

/** Acts as the collection client: its own token (mock-only endpoint), then POST /api/v2/jobs/end. */
async function endJobAsClient(request: APIRequestContext, id: string) {
  const tokenRes = await request.post(`/__mock/clients/${id}/token`, { headers: MOCK_CONTROL });
  expect(tokenRes.status()).toBe(200);
  const { token } = ((await tokenRes.json()) as { data: { token: string } }).data;
  return request.post('/api/v2/jobs/end', { headers: { Authorization: `Bearer ${token}` } });
}

test.describe('collection clients and tasks', () => {
  test('runs a collection now, and the task ends through the client’s token without a reload', async ({ page, request }) => {
    await open(page, 'poweruser', '/clients', (p) => p.getByRole('table', { name: 'Clients' }));
    const row = page.getByRole('row', { name: 'SharpHound Dev Lab', exact: true });
    await expect(row.getByText('Idle')).toBeVisible();

    await row.getByRole('button', { name: 'Run collection now on SharpHound Dev Lab' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run collection now on SharpHound Dev Lab' });
    // Sessions, local groups and AD structure are on by default (the at-least-one rule is covered by the component test).
    await dialog.getByLabel('Certificate services').check();
    await dialog.getByLabel('Domain controller (optional)').fill('dc01.lab.acme.local');
    await dialog.getByRole('button', { name: 'Run collection' }).click();
    await expect(dialog).toBeHidden();

    // The new task is shown with its status, and the client's row shows it too.
    const created = page.getByRole('status', { name: /^Job \d+$/ });
    await expect(created).toContainText('on SharpHound Dev Lab');
    await expect(created).toContainText(/Ready|Running/);
    const taskName = (await created.getAttribute('aria-label'))!;
    await expect(row.getByRole('link', { name: taskName })).toBeVisible();

    // A user's token may not end a job.
    const userEnd = await request.post('/api/v2/jobs/end', {
      headers: { Authorization: `Bearer ${await apiToken(request, 'admin')}` },
    });
    expect(userEnd.status()).toBe(403);

    // The client reports the end; the page follows on its own.
    const end = await endJobAsClient(request, await clientId(request, 'SharpHound Dev Lab'));
    expect(end.status()).toBe(200);
    await expect(created).toContainText('Complete');
    await expect(row.getByText('Idle')).toBeVisible();

    await created.getByRole('link', { name: 'View job' }).click();
    await expect(page.getByRole('heading', { level: 1, name: taskName })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Status' })).toContainText('Complete');
    await expect(page.getByText('dc01.lab.acme.local')).toBeVisible();
    const results = page.getByRole('table', { name: 'Domain results' });
    await expect(results.getByRole('row', { name: /LAB\.ACME\.LOCAL/ })).toContainText('Succeeded');
  });

  test('on the mock service, the task page can end a running task as its client', async ({ page }) => {
    await open(page, 'admin', '/clients', (p) => p.getByRole('table', { name: 'Clients' }));
    const row = page.getByRole('row', { name: 'SharpHound HQ', exact: true });
    await expect(row).toContainText('Running');
    await row.getByRole('link', { name: /^Job \d+$/ }).click();
    const status = page.getByRole('region', { name: 'Status' });
    await expect(status).toContainText('Running');
    await expect(page.getByRole('table', { name: 'Domain results' })).toHaveCount(0);
    await page.getByRole('button', { name: 'End the current job as SharpHound HQ' }).click();
    await expect(status).toContainText('Complete');
    await expect(page.getByText('This job ended as SharpHound HQ reported it.')).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Domain results' }).getByRole('row', { name: /^CORP\.ACME\.LOCAL/ }),
    ).toContainText('Succeeded');
  });

  test('a user who may look but not run sees the clients, cannot run a collection, and is told why', async ({
    page,
    request,
  }) => {
    await open(page, await accountWithRole(request, 'User'), '/clients', (p) => p.getByRole('table', { name: 'Clients' }));
    await expect(page.getByRole('row', { name: 'SharpHound HQ', exact: true })).toContainText('Running');
    await expect(page.getByRole('button', { name: /Run collection now|Queue a collection/ })).toHaveCount(0);
    await expect(
      page.getByText(
        'You can look at collection clients and their jobs, but your role cannot run a collection. The Administrator, Power User or Upload-Only roles can: someone with the Administrator role can give you one, on the Users page.',
      ),
    ).toBeVisible();
  });

  test('a client already working on a task: the new one is queued, and the page says so before and after', async ({ page }) => {
    await open(page, 'admin', '/clients', (p) => p.getByRole('table', { name: 'Clients' }));
    const row = page.getByRole('row', { name: 'SharpHound HQ', exact: true });
    const running = (await row.getByRole('link', { name: /^Job \d+$/ }).textContent())!;
    await expect(row.getByRole('button', { name: 'Run collection now on SharpHound HQ' })).toHaveCount(0);
    await row.getByRole('button', { name: 'Queue a collection on SharpHound HQ' }).click();
    const dialog = page.getByRole('dialog', { name: 'Queue a collection on SharpHound HQ' });
    await expect(dialog).toContainText(
      `SharpHound HQ is already working on ${running.toLowerCase()} (running). A new job does not start now: it waits until ${running.toLowerCase()} ends, then runs.`,
    );
    await dialog.getByRole('button', { name: 'Queue collection' }).click();
    await expect(dialog).toBeHidden();

    // The new task waits; the client is still on the running one.
    const created = page.getByRole('status', { name: /^Job \d+$/ });
    await expect(created).toContainText('on SharpHound HQ');
    await expect(created).toContainText('Ready');
    await expect(row.getByRole('link', { name: running })).toBeVisible();
    const queued = (await created.getAttribute('aria-label'))!;
    const queuedRow = page.getByRole('table', { name: 'Recent jobs' }).getByRole('row', { name: new RegExp(`^${queued} `) });
    await expect(queuedRow).toContainText('Ready');
    // Started by a person, not by a schedule.
    await expect(queuedRow).toContainText('On demand');

    // The client's own page words its button the same way.
    await page.goto(`/clients/${await clientId(page.request, 'SharpHound HQ')}`);
    await expect(page.getByRole('heading', { level: 1, name: 'SharpHound HQ' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Queue collection' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run collection now' })).toHaveCount(0);
  });

  test('the recent tasks table pages on its own: its state is written under its own prefix', async ({ page }) => {
    await open(page, 'admin', '/clients', (p) => p.getByRole('table', { name: 'Recent jobs' }));
    const pager = page.getByRole('navigation', { name: 'Recent jobs pages' });
    await expect(pager.getByRole('status')).toHaveText(/^1–10 of \d+$/);
    await pager.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]jobs\.page=2(&|$)/);
    await expect(pager.getByRole('status')).toHaveText(/^11–\d+ of \d+$/);
    // The clients table keeps its first page, and sorts by itself.
    await expect(page.getByRole('navigation', { name: 'Clients pages' }).getByRole('status')).toHaveText('1–5 of 5');
    await page
      .getByRole('table', { name: 'Clients' })
      .getByRole('button', { name: /^Last check-in/ })
      .click();
    await expect(page).toHaveURL(/[?&]sort_by=last_checkin(&|$)/);
    await expect(page).toHaveURL(/[?&]jobs\.page=2(&|$)/);
    await page.goBack();
    await expect(page).not.toHaveURL(/sort_by=/);
    await expect(pager.getByRole('status')).toHaveText(/^11–\d+ of \d+$/);
  });

  test('a client with no task in progress cannot end a job', async ({ request }) => {
    const res = await endJobAsClient(request, await clientId(request, 'SharpHound Frankfurt'));
    expect(res.status()).toBe(400);
    expect(((await res.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe(
      'The client SharpHound Frankfurt has no job in progress to end.',
    );
  });
});

test.describe('scheduled events', () => {
  test('lists events in words, shows an event’s missing domains, and deletes it with its tasks', async ({ page, request }) => {
    await open(page, 'admin', '/events', (p) => p.getByRole('table', { name: 'Scheduled events' }));
    const table = page.getByRole('table', { name: 'Scheduled events' });
    await expect(table.getByRole('row')).toHaveCount(7);
    await expect(table.getByRole('row', { name: /Event 1 / })).toContainText('Every day at 02:00 UTC');
    await expect(table.getByRole('row', { name: /Event 2 / })).toContainText(
      'Every week on Monday, Wednesday, Friday at 22:30 UTC',
    );

    await table.getByRole('link', { name: 'Event 2', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Event 2' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Domains' }).getByRole('row', { name: /LEGACY\.ACME\.LOCAL/ })).toContainText(
      'No longer exists',
    );
    await expect(page.getByRole('table', { name: 'Domains' }).getByRole('row', { name: /^CORP\.ACME\.LOCAL/ })).toContainText(
      'Exists',
    );

    await page.getByRole('button', { name: 'Delete event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete event 2?' });
    await expect(dialog).toContainText('This also deletes the 1 collection job it scheduled');
    await dialog.getByRole('button', { name: 'Delete event' }).click();

    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByText('Event 2 was deleted, with 1 job.')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(6);
    await expect(table.getByRole('link', { name: 'Event 2', exact: true })).toHaveCount(0);

    const token = await apiToken(request, 'admin');
    const tasks = await request.get('/api/v2/jobs?event_id=eq:2', { headers: { Authorization: `Bearer ${token}` } });
    expect(((await tasks.json()) as { count: number }).count).toBe(0);
  });

  test('on a community server the events page says it needs the enterprise edition', async ({ page, communityURL }) => {
    await open(page, 'admin', '/events', (p) => p.getByRole('heading', { level: 1, name: 'Scheduled events' }), communityURL);
    await expect(page.getByText('Scheduled events need the enterprise edition')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to File ingest' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'File ingest' })).toBeVisible();
  });
});
