import type { Page } from '@playwright/test';
import { E2E_API_TIMEOUT_MS } from './servers';
import { armFault as arm, clearFaults as disarm, expect, signIn, test } from './fixtures';

/**
 * A failing server (issue 8): one test per kind of fault the mock can inject
 * (src/mock-server/faults.ts). Reads retry with backoff, writes are sent once,
 * every failure says what happened with a way to try again, a form whose
 * submit failed keeps what was typed, and the shell never goes blank.
 */

/** Times (ms since the test started) of the requests the page sends to `method path`. */
function sent(page: Page, method: string, path: string): number[] {
  const times: number[] = [];
  const started = Date.now();
  page.on('request', (r) => {
    if (r.method() === method && new URL(r.url()).pathname === path) times.push(Date.now() - started);
  });
  return times;
}

/** Milliseconds between consecutive requests. */
function gaps(times: number[]): number[] {
  return times.slice(1).map((t, i) => t - times[i]!);
}

/** The page is never blank: the top bar, the navigation and the page's own heading stay. */
async function expectShell(page: Page, heading: string): Promise<void> {
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Ada Admin' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** The first page of a test can take a while on a busy machine. */
const FIRST_LOAD = { timeout: 30_000 };

const PERSISTS = "Try again; if it persists, contact the server's administrator.";

test.describe('a failing server', () => {
  test('500: a list read is tried three times with backoff, then says so with a Retry; a failed write is sent once and keeps the form', async ({
    page,
  }) => {
    await arm(page.request, { fault: 'status=500', path: '/api/v2/app-users$', method: 'GET' });
    const reads = sent(page, 'GET', '/api/v2/app-users');
    await signIn(page, 'admin', '/users');

    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toContainText('Could not load the users', FIRST_LOAD);
    await expect(alert).toContainText(`Injected failure: the server answered 500. ${PERSISTS}`);
    await expect(alert).toContainText(/Request id: [0-9a-f-]{36}/);
    await expectShell(page, 'Users');
    // Tried three times, waiting 0.5 s and then 1 s (lower bounds only). A route may start the read
    // before its page has loaded; a page that mounts after that read failed, or remounts while it
    // runs, asks again: so "at least".
    const asked = `reads at ${reads.join(', ')} ms`;
    expect(reads.length, asked).toBeGreaterThanOrEqual(3);
    expect(gaps(reads).filter((g) => g >= 950).length, asked).toBeGreaterThanOrEqual(1);
    expect(gaps(reads).filter((g) => g >= 450).length, asked).toBeGreaterThanOrEqual(2);

    await disarm(page.request);
    const before = reads.length;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('64 users')).toBeVisible();
    await expect(alert).toBeHidden();
    expect(reads).toHaveLength(before + 1);

    // A write that fails is sent once, says why, and keeps what was typed; Save again works.
    await arm(page.request, { fault: 'status=500', path: '/api/v2/asset-groups$', method: 'POST' });
    const writes = sent(page, 'POST', '/api/v2/asset-groups');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Asset groups' }).click();
    await page.getByRole('button', { name: 'Create group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create asset group' });
    await dialog.getByLabel('Name').fill('Payment systems');
    await dialog.getByLabel('Tag').fill('payment_systems');
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(`Injected failure: the server answered 500. ${PERSISTS}`);
    await expect(dialog.getByLabel('Name')).toHaveValue('Payment systems');
    await expect(dialog.getByLabel('Tag')).toHaveValue('payment_systems');
    expect(writes).toHaveLength(1);

    await disarm(page.request);
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment systems' })).toBeVisible();
    await expect(page.getByText('Asset group "Payment systems" was created.')).toBeVisible();
    expect(writes).toHaveLength(2);
  });

  test('slow answer past the client timeout: the read is tried again, the page says so, then offers Retry', async ({ page }) => {
    const seconds = E2E_API_TIMEOUT_MS / 1000;
    // Every try answers a second after the console stopped waiting.
    await arm(page.request, { fault: `delay=${E2E_API_TIMEOUT_MS + 1000}`, path: '/api/v2/config$', method: 'GET' });
    const reads = sent(page, 'GET', '/api/v2/config');
    await signIn(page, 'admin', '/configuration');

    await expect(page.getByRole('main').getByRole('status')).toContainText(
      '“List configuration parameters” failed: the server did not answer in time. Trying again…',
      { timeout: E2E_API_TIMEOUT_MS + 10_000 },
    );
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toContainText('Could not load the configuration', { timeout: E2E_API_TIMEOUT_MS + 10_000 });
    await expect(alert).toContainText(`The server did not answer within ${seconds} seconds. Try again.`);
    await expectShell(page, 'Configuration');
    // Tried twice (a timed-out read is tried once more, not twice: each try already waited the whole timeout).
    expect(reads.length).toBeGreaterThanOrEqual(2);

    await disarm(page.request);
    const before = reads.length;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('rowheader', { name: /^Citrix RDP Support/ })).toBeVisible();
    await expect(alert).toBeHidden();
    expect(reads).toHaveLength(before + 1);
  });

  test('malformed JSON: the message names the operation, the read is not repeated blindly, Retry recovers', async ({ page }) => {
    await arm(page.request, { fault: 'malformed', path: '/api/v2/sso-providers$', method: 'GET' });
    const reads = sent(page, 'GET', '/api/v2/sso-providers');
    await signIn(page, 'admin', '/sso-providers');

    const alert = page.getByRole('main').getByRole('alert');
    const message =
      'The server\'s answer to "List SSO providers" was not valid JSON, so it cannot be shown. Try again; if it persists, the server (or a proxy in front of it) is at fault.';
    await expect(alert).toContainText('Could not load the SSO providers', FIRST_LOAD);
    await expect(alert).toContainText(message);
    await expectShell(page, 'SSO providers');

    // The same broken answer would come again: Retry asks exactly once, and says so again.
    const retry = alert.getByRole('button', { name: 'Retry' });
    const before = reads.length;
    await retry.click();
    await expect(retry).toBeEnabled();
    await expect(alert).toContainText(message);
    expect(reads).toHaveLength(before + 1);

    await disarm(page.request);
    await retry.click();
    await expect(page.getByRole('link', { name: 'Okta', exact: true })).toBeVisible();
    await expect(alert).toBeHidden();
    expect(reads).toHaveLength(before + 2);
  });

  test('a body that breaks the schema: the shell and the page each name the operation, and Retry recovers', async ({ page }) => {
    await arm(page.request, { fault: 'schema', path: '/api/v2/self$', method: 'GET' });
    await arm(page.request, { fault: 'schema', path: '/api/v2/app-users$', method: 'GET' });
    await signIn(page, 'admin', '/users');

    // The signed-in user could not be read: the shell says so, with the navigation still there.
    const main = page.getByRole('main');
    await expect(main.getByRole('alert')).toContainText('Could not load your account', FIRST_LOAD);
    await expect(main.getByRole('alert')).toContainText(
      'The server\'s answer to "The signed-in person" was not in the expected shape (',
    );
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeVisible();
    await disarm(page.request);
    await arm(page.request, { fault: 'schema', path: '/api/v2/app-users$', method: 'GET' });
    await main.getByRole('button', { name: 'Retry' }).click();

    // Then the page's own read breaks: its message names "List users".
    await expect(main.getByRole('alert')).toContainText('Could not load the users');
    await expect(main.getByRole('alert')).toContainText('The server\'s answer to "List users" was not in the expected shape (');
    await expect(main.getByRole('alert')).toContainText('The server may run a version this console does not support');
    await expectShell(page, 'Users');
    await disarm(page.request);
    await main.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('64 users')).toBeVisible();
  });

  test('429 with Retry-After: a short wait is waited out; a long one is counted down for the person, who retries', async ({
    page,
  }) => {
    // Two answers of "429, Retry-After: 1", then the list: the console waits a second before asking again.
    await arm(page.request, { fault: 'throttle=1', path: '/api/v2/asset-groups$', method: 'GET', times: 2 });
    const groupReads = sent(page, 'GET', '/api/v2/asset-groups');
    await signIn(page, 'admin', '/asset-groups');
    await expect(page.getByRole('table', { name: 'Asset groups' })).toBeVisible(FIRST_LOAD);
    expect(groupReads.length).toBeGreaterThanOrEqual(3);
    expect(gaps(groupReads).filter((g) => g >= 950).length).toBeGreaterThanOrEqual(1);

    await arm(page.request, { fault: 'throttle=90', path: '/api/v2/app-users$', method: 'GET' });
    const userReads = sent(page, 'GET', '/api/v2/app-users');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toContainText('Could not load the users');
    await expect(alert).toContainText(
      /The server is receiving too many requests from this console\. Try again in (90|89|88|87|86|85) seconds\./,
    );
    await expectShell(page, 'Users');

    // Ninety seconds is longer than the console waits on its own: Retry asks exactly once more.
    const retry = alert.getByRole('button', { name: 'Retry' });
    const before = userReads.length;
    await retry.click();
    await expect(retry).toBeEnabled();
    await expect(alert).toContainText(/Try again in (90|89|88|87|86|85) seconds\./);
    expect(userReads).toHaveLength(before + 1);

    await disarm(page.request);
    await retry.click();
    await expect(page.getByText('64 users')).toBeVisible();
    expect(userReads).toHaveLength(before + 2);
  });

  test('dropped connection: a read recovers on its own; a write is sent once, keeps every field and can be sent again', async ({
    page,
  }) => {
    await arm(page.request, { fault: 'drop', path: '/api/v2/app-users$', method: 'GET', times: 1 });
    await signIn(page, 'admin', '/users');
    await expect(page.getByText('64 users')).toBeVisible(FIRST_LOAD);

    await arm(page.request, { fault: 'drop', path: '/api/v2/app-users$', method: 'POST' });
    const writes = sent(page, 'POST', '/api/v2/app-users');
    await page.getByRole('button', { name: 'Create user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create user' });
    const fields: [string, string][] = [
      ['First name', 'Nora'],
      ['Last name', 'Field'],
      ['Email address', 'nora.field@example.com'],
      ['Principal name', 'nora.field'],
      ['Confirm password', 'Garden-Gate-2026!'],
    ];
    for (const [label, value] of fields) await dialog.getByLabel(label).fill(value);
    const password = dialog.getByRole('textbox', { name: 'Password', exact: true });
    await password.fill('Garden-Gate-2026!');
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: /^User/ }).click();
    await dialog.getByRole('button', { name: 'Create user' }).click();

    await expect(dialog.getByRole('alert')).toHaveText(
      'The connection to the server was lost before it answered. The change may or may not have been saved: check before trying again.',
    );
    // Above the fields, but brought into view: the person pressed Save at the bottom of a long form.
    await expect(dialog.getByRole('alert')).toBeInViewport();
    for (const [label, value] of fields) await expect(dialog.getByLabel(label)).toHaveValue(value);
    await expect(password).toHaveValue('Garden-Gate-2026!');
    await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveValue('User');
    expect(writes).toHaveLength(1);

    await disarm(page.request);
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Created Nora Field.')).toBeVisible();
    await expect(page.getByText('65 users')).toBeVisible();
    await expectShell(page, 'Users');
    expect(writes).toHaveLength(2);
  });
});
