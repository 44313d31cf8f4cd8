import type { Page, Request } from '@playwright/test';
import { expect, PASSWORD, signInWithForm, test } from './fixtures';

/**
 * @smoke: runs against any server, the mock or a real one. Signs in through the form, opens every
 * page the navigation offers and the first detail page of each list, and checks that none shows an
 * error state, logs a console error or breaks the page's Content Security Policy (a violation the browser
 * reports, even of something the page tried and caught), and that nothing but sign-in and sign-out was written.
 *
 *   E2E_BASE_URL=https://console.example.com E2E_USERNAME=… E2E_PASSWORD=… npm run test:smoke
 *
 * With E2E_BASE_URL the config starts no server and runs only @smoke; the fixtures then never call
 * /__mock/* (no reset), so a real server is only read. Without it, this runs on the worker's mock.
 */
const USERNAME = process.env.E2E_USERNAME || 'admin';
const SECRET = process.env.E2E_PASSWORD || PASSWORD;
/** The only writes a smoke run may make. */
const SESSION_PATHS = ['/api/v2/login', '/api/v2/logout'];
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Waits for the page at `path` to finish loading, then checks it shows no error state. */
async function expectSettled(page: Page, path: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Reads being retried keep their loading state, so an error shows only after this.
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: /Something went wrong|Page not found/ })).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: /Could not|failed|went wrong/i })).toHaveCount(0);
}

test('@smoke signs in, opens every page and a detail page of each list, sees no error and writes nothing', async ({ page }) => {
  test.setTimeout(240_000);
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(`${page.url()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => consoleErrors.push(`${page.url()}: ${err.message}`));
  // What the browser would send to a CSP report endpoint: the policy's directive and what it blocked.
  const cspViolations: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => cspViolations.push(v));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(
        `${location.pathname}: ${e.violatedDirective} blocked ${e.blockedURI}`,
      ),
    ),
  );
  const writes: string[] = [];
  page.on('request', (req: Request) => {
    const { pathname } = new URL(req.url());
    if (!READ_METHODS.has(req.method()) && !SESSION_PATHS.includes(pathname)) writes.push(`${req.method()} ${pathname}`);
  });

  await test.step(`sign in as ${USERNAME}`, async () => {
    await page.goto('/');
    await signInWithForm(page, USERNAME, SECRET);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expectSettled(page, '/');
  });

  const nav = page.getByRole('navigation', { name: 'Main' });
  const paths = [
    ...new Set(
      (
        await nav.getByRole('link').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname))
      ).filter((p) => p !== '/'),
    ),
  ];
  expect(paths.length, 'pages in the navigation').toBeGreaterThan(0);

  const opened: string[] = [];
  for (const path of paths) {
    await test.step(`open ${path}`, async () => {
      await nav.locator(`a[href="${path}"]`).first().click();
      await expectSettled(page, path);
      opened.push(path);
      // The first row of the page's first list that opens a page of its own (/users → /users/<id>).
      const detail = page.getByRole('table').first().locator(`tbody a[href^="${path}/"]`).first();
      if ((await page.getByRole('table').count()) === 0 || (await detail.count()) === 0) return;
      const href = new URL((await detail.getAttribute('href'))!, page.url()).pathname;
      await detail.click();
      await expectSettled(page, href);
      opened.push(href);
    });
  }

  // The user menu's button is named after whoever signed in: the top bar's one menu button.
  const userMenu = page.getByRole('banner').locator('button[aria-haspopup="menu"]');
  await test.step('open /profile from the user menu', async () => {
    await userMenu.click();
    await page.getByRole('menuitem', { name: 'My profile' }).click();
    await expectSettled(page, '/profile');
    opened.push('/profile');
  });

  await test.step('sign out', async () => {
    await userMenu.click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  await test.info().attach('pages opened', { body: opened.join('\n'), contentType: 'text/plain' });
  expect(consoleErrors, 'console errors').toEqual([]);
  expect(cspViolations, 'Content Security Policy violations').toEqual([]);
  expect(writes, 'requests that write (only sign-in and sign-out may)').toEqual([]);
});
