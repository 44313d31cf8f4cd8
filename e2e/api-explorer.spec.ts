import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/** The first page of a test can take a while on a busy server. */
const FIRST_LOAD = { timeout: 30_000 };

/** The session token the console holds for the signed-in person. */
const sessionToken = (page: Page) =>
  page.evaluate(() => (JSON.parse(sessionStorage.getItem('admin-console.session') ?? '{}') as { token?: string }).token ?? '');

/** The explorer's entry for one operation: its summary button, by method and path. */
const operation = (page: Page, method: string, path: string) =>
  page
    .locator('.opblock')
    .filter({ has: page.locator(`.opblock-summary-method:text-is("${method}")`) })
    .filter({
      has: page.locator(`.opblock-summary-path[data-path="${path}"]`),
    });

test.describe('API explorer', () => {
  test('lists the operations, and "Try it out" on GET /api/v2/self answers the signed-in person', async ({ page }) => {
    await signIn(page, 'poweruser', '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API explorer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'API explorer' })).toBeVisible(FIRST_LOAD);
    await expect(page).toHaveURL(/\/api-explorer$/);

    // Operations of several areas, with their permission.
    await expect(operation(page, 'GET', '/api/v2/self')).toBeVisible(FIRST_LOAD);
    await expect(operation(page, 'POST', '/api/v2/login')).toBeVisible();
    await expect(operation(page, 'GET', '/api/v2/app-users/{user_id}')).toBeVisible();
    await expect(operation(page, 'PUT', '/api/v2/custom-nodes/{kind_name}')).toBeVisible();
    await expect(operation(page, 'GET', '/api/v2/clients')).toBeVisible();
    // One main landmark (the console's), and nothing asks for authorization: requests carry the session.
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('button', { name: /authoriz/i })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('api-explorer.png'), fullPage: false });

    const self = operation(page, 'GET', '/api/v2/self');
    await self.getByRole('button', { name: /^GET \/api\/v2\/self/ }).click();
    await expect(self.getByText('Any signed-in person.')).toBeVisible();
    await self.getByRole('button', { name: 'Try it out' }).click();
    await self.getByRole('button', { name: 'Execute' }).click();
    const answer = self.locator('.live-responses-table');
    await expect(answer).toContainText('200', FIRST_LOAD);
    await expect(answer).toContainText('"principal_name": "poweruser"');
    await page.screenshot({ path: test.info().outputPath('api-explorer-try.png'), fullPage: false });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: test.info().outputPath('api-explorer-try-dark.png'), fullPage: false });

    // The session went with the request, and is nowhere on the page (the curl line shows the request without it).
    const token = await sessionToken(page);
    expect(token.length).toBeGreaterThan(20);
    expect(await page.content()).not.toContain(token);
  });

  test('a document that fails to load says so, and Retry loads it', async ({ page }) => {
    // Down until the page has said so (the console tries a 5xx read three times before it does).
    let down = true;
    await page.route('**/api/v2/spec', async (route) => {
      if (down) {
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            http_status: 503,
            timestamp: new Date().toISOString(),
            request_id: 'e2e-spec',
            errors: [{ context: 'server', message: 'The service is starting.' }],
          }),
        });
      } else await route.continue();
    });
    await signIn(page, 'reader', '/api-explorer');
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load the API document' });
    await expect(alert).toBeVisible(FIRST_LOAD);
    await page.screenshot({ path: test.info().outputPath('api-explorer-error.png'), fullPage: false });
    down = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(operation(page, 'GET', '/api/v2/self')).toBeVisible(FIRST_LOAD);
    // Enterprise operations are listed on an enterprise server.
    await expect(operation(page, 'GET', '/api/v2/events')).toBeVisible();
  });
});
