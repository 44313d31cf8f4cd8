import { apiToken, armFault, expect, signIn, test } from './fixtures';

/** The first page of a test can take a while on a busy dev server (modules compile on first use). */
const FIRST_LOAD = { timeout: 30_000 };

test.describe('configuration, feature flags and saved queries', () => {
  test('filters the configuration by key and changes a value', async ({ page, request }) => {
    await signIn(page, 'admin', '/configuration');
    await expect(page.getByRole('heading', { level: 1, name: 'Configuration' })).toBeVisible(FIRST_LOAD);
    const params = page.getByRole('table', { name: 'Configuration parameters' }).locator('tbody tr');
    await expect(params).toHaveCount(16, FIRST_LOAD);
    // A protected parameter is read-only and says why.
    await expect(params.filter({ hasText: 'Session TTL Hours' })).toContainText('Managed by the server');
    await expect(params.filter({ hasText: 'Session TTL Hours' }).getByRole('button', { name: /Edit/ })).toHaveCount(0);

    await page.getByRole('combobox', { name: 'Parameter' }).click();
    await page.getByRole('option', { name: 'Local Auth Password Expiry Window (auth.password_expiration_window)' }).click();
    await expect(page).toHaveURL(/key=eq:auth\.password_expiration_window/);
    await expect(params).toHaveCount(1);
    await expect(params).toContainText('P90D (90 days)');

    await page.getByRole('button', { name: 'Edit Local Auth Password Expiry Window' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Local Auth Password Expiry Window' });
    const field = dialog.getByLabel('Password expiration window');
    await expect(field).toHaveValue('P90D');
    // Checked before sending: nothing reaches the server.
    await field.fill('ninety days');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Password expiration window must be an ISO 8601 duration such as "P90D"')).toBeVisible();
    await field.fill('P30D');
    await expect(dialog.getByText('Reads as: 30 days.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Local Auth Password Expiry Window saved.')).toBeVisible();
    await expect(params).toContainText('P30D (30 days)');

    const token = await apiToken(request, 'reader');
    const res = await request.get('/api/v2/config?parameter=eq:auth.password_expiration_window', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(((await res.json()) as { data: { value: unknown }[] }).data[0]!.value).toEqual({ duration: 'P30D' });
  });

  test('shows the server’s message when it refuses a value', async ({ page }) => {
    await signIn(page, 'admin', '/configuration?key=analysis.scheduled');
    await page.getByRole('button', { name: 'Edit Scheduled Analysis' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Scheduled Analysis' });
    await dialog.getByLabel('Scheduled analysis').check();
    await dialog.getByLabel('Schedule (RRULE)').fill('FREQ=DAILY;BYHOUR=2;BYMINUTE=0');
    await expect(dialog.getByText('Reads as: every day at 2.')).toBeVisible();
    // The server refuses this once (an injected failure): the message shows and what was typed stays.
    await armFault(page.request, { fault: 'status=409', path: '/api/v2/config$', method: 'PUT', times: 1 });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Injected failure: the server answered 409.');
    await expect(dialog.getByLabel('Schedule (RRULE)')).toHaveValue('FREQ=DAILY;BYHOUR=2;BYMINUTE=0');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: 'Scheduled Analysis' })).toContainText(
      'FREQ=DAILY;BYHOUR=2;BYMINUTE=0 (every day at 2)',
    );
  });

  test('a read-only role sees the configuration but no editors', async ({ page }) => {
    await signIn(page, 'reader', '/configuration');
    await expect(page.getByText('You can read the configuration, but your role cannot change it')).toBeVisible(FIRST_LOAD);
    await expect(page.getByRole('row').filter({ hasText: 'Reconciliation' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  });

  test('toggles a feature flag at once, and rolls it back when the server refuses', async ({ page, request }) => {
    await signIn(page, 'admin', '/feature-flags');
    const darkMode = page.getByRole('switch', { name: 'Dark Mode' });
    await expect(darkMode).toBeVisible(FIRST_LOAD);
    await expect(darkMode).not.toBeChecked();
    await darkMode.click();
    await expect(darkMode).toBeChecked();
    await expect(page.getByText('Dark Mode is now on.')).toBeVisible();
    const token = await apiToken(request, 'admin');
    const flags = (await (await request.get('/api/v2/features', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      data: { key: string; enabled: boolean }[];
    };
    expect(flags.data.find((f) => f.key === 'dark_mode')!.enabled).toBe(true);

    // A flag that is not user-updatable is read-only, with the reason.
    const saml = page.getByRole('row', { name: /SAML Single Sign-On Support/ });
    await expect(saml.getByRole('switch')).toBeDisabled();
    await expect(saml).toContainText('Managed by the server: users cannot change this flag.');

    // The server refuses the next toggle: the switch moves at once, then goes back, with the reason.
    await armFault(request, { fault: 'status=403', path: '/api/v2/features/*/toggle$', method: 'PUT', times: 1 });
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/v2/features/*/toggle', async (route) => {
      await held;
      await route.continue();
    });
    const ntlm = page.getByRole('switch', { name: 'NTLM Post Processing Support' });
    await expect(ntlm).not.toBeChecked();
    await ntlm.click();
    await expect(ntlm).toBeChecked();
    release();
    await expect(page.getByRole('alert')).toHaveText(
      /NTLM Post Processing Support was not changed: Injected failure: the server answered 403\./,
    );
    await expect(ntlm).not.toBeChecked();
  });

  test('revokes users from a saved query after a confirmation, and the list updates', async ({ page, request }) => {
    await signIn(page, 'admin', '/saved-queries');
    await expect(page.getByRole('heading', { level: 1, name: 'Saved queries' })).toBeVisible(FIRST_LOAD);
    await page.getByRole('button', { name: 'Sharing of All Domain Admins' }).click();
    await expect(page).toHaveURL(/query=\d+/);
    const panel = page.getByRole('dialog', { name: 'Sharing: All Domain Admins' });
    const users = panel.getByRole('table', { name: 'Users this query is shared with' }).getByRole('rowheader');
    await expect(panel.getByText('Shared with 8 users')).toBeVisible();
    await expect(users).toHaveCount(8);
    const names = await users.allTextContents();

    await expect(panel.getByRole('button', { name: 'Revoke access' })).toBeDisabled();
    await panel.getByRole('checkbox', { name: `Select ${names[0]}` }).check();
    await panel.getByRole('checkbox', { name: `Select ${names[2]}` }).check();
    await panel.getByRole('button', { name: 'Revoke access (2)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke access?' });
    await expect(confirm).toContainText(`${names[0]} and ${names[2]} will no longer be able to see or run “All Domain Admins”.`);
    await confirm.getByRole('button', { name: 'Revoke access' }).click();
    await expect(confirm).toBeHidden();
    await expect(panel.getByText(`Access revoked for ${names[0]} and ${names[2]}.`)).toBeVisible();
    await expect(users).toHaveCount(6);
    await expect(panel.getByText('Shared with 6 users')).toBeVisible();
    await expect(users).toHaveText(names.filter((_, i) => i !== 0 && i !== 2));

    const token = await apiToken(request, 'admin');
    const id = new URL(page.url()).searchParams.get('query');
    const perms = (await (
      await request.get(`/api/v2/saved-queries/${id}/permissions`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as {
      data: { shared_to_user_ids: string[] };
    };
    expect(perms.data.shared_to_user_ids).toHaveLength(6);
  });

  test('an administrator may revoke access to a query someone else owns (as upstream)', async ({ page }) => {
    await signIn(page, 'admin', '/saved-queries?scope=public');
    const row = page
      .getByRole('row')
      .filter({ hasNotText: 'You' })
      .filter({ has: page.getByRole('button', { name: /^Sharing of / }) })
      .first();
    const name = (await row.getByRole('button', { name: /^Sharing of / }).getAttribute('aria-label'))!.replace('Sharing of ', '');
    await row.getByRole('button', { name: /^Sharing of / }).click();
    const panel = page.getByRole('dialog', { name: `Sharing: ${name}` });
    await expect(panel.getByText(/Only the owner of this query/)).toHaveCount(0);
    await expect(panel.getByRole('checkbox').first()).toBeVisible();
  });
  test('the sharing dialog belongs to its query: it closes, and a search that matches nothing shows no stale sharing', async ({
    page,
    request,
  }) => {
    // A link with bare search text opens the same list, its filter written with its predicate.
    await signIn(page, 'admin', '/saved-queries?q=Domain&sort_by=-name');
    await expect(page).toHaveURL(/\?sort_by=-name&q=~eq:Domain$/, FIRST_LOAD);
    const table = page.getByRole('table', { name: 'Saved queries' });
    const token = await apiToken(request, 'admin');
    const expected = (await (
      await request.get('/api/v2/saved-queries?scope=all&name=~eq:Domain&sort_by=-name', {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as { data: { name: string }[] };
    expect(expected.data.length).toBeGreaterThan(1);
    await expect(table.getByRole('rowheader')).toHaveCount(expected.data.length);
    await expect(table.getByRole('rowheader').first()).toContainText(expected.data[0]!.name);
    await expect(page.getByLabel('Search by name')).toHaveValue('Domain');

    await page.getByRole('button', { name: 'Sharing of All Domain Admins' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sharing: All Domain Admins' });
    await expect(dialog.getByText('Shared with 8 users')).toBeVisible();
    // Its own search narrows whom it lists.
    await dialog
      .getByLabel('Search users')
      .fill(
        (await dialog
          .getByRole('table', { name: 'Users this query is shared with' })
          .getByRole('rowheader')
          .first()
          .textContent())!,
      );
    await expect(dialog.getByRole('table', { name: 'Users this query is shared with' }).getByRole('rowheader')).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/query=|sharing\./);
    await expect(page.getByRole('button', { name: 'Sharing of All Domain Admins' })).toBeFocused();

    await page.getByLabel('Search by name').fill('no query is called this');
    await expect(page.getByText('No saved queries match these filters')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(/Sharing:/)).toHaveCount(0);
  });

  test('saved queries never scroll sideways, and keep Sharing in reach, at 1366, 1024 and 390 px wide', async ({ page }) => {
    await signIn(page, 'admin', '/saved-queries');
    const sharing = page.getByRole('button', { name: 'Sharing of All Domain Admins' });
    await expect(sharing).toBeVisible(FIRST_LOAD);
    for (const width of [1366, 1024, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `at ${width}` }).toBe(width);
      const box = (await sharing.boundingBox())!;
      expect(box.x + box.width, `Sharing inside the window at ${width}`).toBeLessThanOrEqual(width);
    }
  });

  test('feature-flag switches are in reach on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(page, 'admin', '/feature-flags');
    const dark = page.getByRole('switch', { name: 'Dark Mode' });
    await expect(dark).toBeVisible(FIRST_LOAD);
    await dark.scrollIntoViewIfNeeded();
    const box = (await dark.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  });
});
