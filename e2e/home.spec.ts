import { apiToken, armFault, clearFaults, expect, signIn, test } from './fixtures';

/** The first page of a test can take a while on a busy dev server (modules compile on first use). */
const FIRST_LOAD = { timeout: 30_000 };

test.describe('home page', () => {
  test('shows the account, completeness, the counts and the latest uploads, loaded in parallel', async ({ page, request }) => {
    const token = await apiToken(request, 'admin');
    const get = async <T>(path: string) =>
      (await (await request.get(path, { headers: { Authorization: `Bearer ${token}` } })).json()) as T;
    const users = await get<{ data: { users: unknown[] } }>('/api/v2/app-users');
    const groups = await get<{ data: { asset_groups: unknown[] } }>('/api/v2/asset-groups');
    const sso = await get<{ data: unknown[] }>('/api/v2/sso-providers');
    const uploads = await get<{ count: number; data: { id: number }[] }>('/api/v2/file-upload?limit=5&sort_by=-id');
    const completeness = await get<{ data: { LocalGroupCompleteness: number; SessionCompleteness: number } }>(
      '/api/v2/completeness',
    );

    // Hold the asset groups back: the other cards fill in meanwhile, as each card is its own request.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/v2/asset-groups', async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page, 'admin', '/');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible(FIRST_LOAD);
    await expect(page.getByRole('region', { name: 'Users' }).getByLabel(`${users.data.users.length} users`)).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Asset groups' }).getByRole('status', { name: 'Loading asset groups' }),
    ).toBeVisible();
    release();
    const account = page.getByRole('region', { name: 'Your account' });
    await expect(account).toContainText('Signed in as Ada Admin (admin)');
    await expect(account).toContainText('Roles: Administrator');

    const bars = page.getByRole('region', { name: 'Collection completeness' }).getByRole('progressbar');
    await expect(bars).toHaveCount(2);
    await expect(page.getByRole('progressbar', { name: 'Local admins collected' })).toHaveAttribute(
      'aria-valuenow',
      String(Math.round(completeness.data.LocalGroupCompleteness * 100)),
    );
    await expect(page.getByRole('region', { name: 'Collection completeness' })).toContainText(
      `Sessions collected${Math.round(completeness.data.SessionCompleteness * 100)}%`,
    );

    await expect(page.getByRole('region', { name: 'Users' }).getByLabel(`${users.data.users.length} users`)).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Asset groups' }).getByLabel(`${groups.data.asset_groups.length} asset groups`),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'SSO providers' }).getByLabel(`${sso.data.length} SSO providers`),
    ).toBeVisible();
    const recent = page.getByRole('table', { name: 'Recent file uploads' });
    await expect(recent.getByRole('rowheader')).toHaveText(uploads.data.map((j) => `#${j.id}`));
    await expect(page.getByText(`The latest ${uploads.data.length} of ${uploads.count} upload jobs.`)).toBeVisible();
  });

  test('each card links to its page', async ({ page }) => {
    // Five pages of other areas, each compiled on first use by the dev server.
    test.slow();
    await signIn(page, 'admin', '/');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible(FIRST_LOAD);
    for (const [link, url, heading] of [
      ['View users', /\/users$/, 'Users'],
      ['View asset groups', /\/asset-groups$/, 'Asset groups'],
      ['View SSO providers', /\/sso-providers$/, 'SSO providers'],
      ['View file ingest', /\/file-ingest$/, 'File ingest'],
      ['Look up entities', /\/entities$/, 'Entity look-up'],
    ] as const) {
      await page.getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    }
  });

  test('a card whose endpoint fails shows the error with Retry, and the rest of the page still works', async ({ page }) => {
    await armFault(page.request, { fault: 'status=503', path: '/api/v2/asset-groups$', method: 'GET' });
    await signIn(page, 'admin', '/');
    const card = page.getByRole('region', { name: 'Asset groups' });
    await expect(card.getByRole('alert')).toHaveText(/Injected failure: the server answered 503\./, FIRST_LOAD);
    await expect(page.getByRole('region', { name: 'Users' }).getByLabel(/^\d+ users$/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'SSO providers' }).getByLabel(/^\d+ SSO providers$/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'View asset groups' })).toBeVisible();

    await clearFaults(page.request);
    await card.getByRole('button', { name: 'Retry' }).click();
    await expect(card.getByRole('alert')).toHaveCount(0);
    await expect(card.getByLabel(/^\d+ asset groups$/)).toBeVisible();
  });
});
