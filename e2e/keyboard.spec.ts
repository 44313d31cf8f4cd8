import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, PASSWORD, shownScheme, signIn, test, tierZeroAnalyzed } from './fixtures';
import { directoryGraph } from '../src/mock-server/seed/graph';

/**
 * Each area's main flow with the keyboard alone: Tab, Shift+Tab, Enter, Space,
 * Escape, arrows and typing. No clicks, fills or checks; page.goto opens the
 * start page and `toBeFocused` says where focus is.
 */

const fixture = (path: string) => fileURLToPath(new URL(`./fixtures/${path}`, import.meta.url));

/** The first page of a test can take a while on a busy dev server (modules compile on first use). */
const FIRST_LOAD = { timeout: 30_000 };

/**
 * Asserts that `target` has the focus and that the browser takes it for keyboard focus (`:focus-visible`):
 * the state in which a person sees where the focus is.
 */
async function expectKeyboardFocus(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  expect(await target.evaluate((el) => el.matches(':focus-visible')), 'shown as keyboard focus').toBe(true);
}

/** Presses Tab (or Shift+Tab) until `target` has focus, failing after `max` presses; then checks it shows as keyboard focus. */
async function tabTo(page: Page, target: Locator, max = 40, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (await target.evaluate((el) => el === document.activeElement, undefined, { timeout: 5_000 })) {
      await expectKeyboardFocus(target);
      return;
    }
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`${key} ×${max} did not reach ${target.toString()}; focus is on ${at}`);
}

/** Presses `key` (ArrowDown by default) until `option` is the active one of its list (focused, or the active descendant). */
async function arrowTo(page: Page, option: Locator, max = 20, key = 'ArrowDown'): Promise<void> {
  await expect(option).toBeVisible();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const active = await option.evaluate(
      (el) =>
        el === document.activeElement ||
        (el.id !== '' && document.activeElement?.getAttribute('aria-activedescendant') === el.id),
      undefined,
      { timeout: 5_000 },
    );
    if (active) return;
  }
  throw new Error(`${key} ×${max} did not reach ${option.toString()}`);
}

/** Focus stays inside `dialog` through a full round of Tab (past its last control) and back with Shift+Tab. */
async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  const stops = await dialog.evaluate(
    (d) =>
      d.querySelectorAll(
        'input:not([type=hidden]):not([tabindex="-1"]), button:not([tabindex="-1"]), [tabindex="0"], a[href], textarea, select',
      ).length,
  );
  for (const [key, presses] of [
    ['Tab', stops + 1],
    ['Shift+Tab', 2],
  ] as const) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `${key} ×${i + 1} stays in the dialog`).toBe(true);
    }
  }
}

test.describe('keyboard only', () => {
  // Whole flows, one key at a time: roomier than the default on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test('sign-in: signs in with Enter, skips to the content, switches the theme and signs out', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/login');
    const username = page.getByLabel('Username');
    await expect(username).toBeFocused(FIRST_LOAD);
    await page.keyboard.type('admin');
    await tabTo(page, page.getByLabel('Password'), 1);
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // The first Tab stop skips the navigation.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.getByRole('main').evaluate((m) => m.contains(document.activeElement))).toBe(true);
    // No trap: Tab goes through the page and round to the skip link again.
    await tabTo(page, skip, 40);

    // Next come the pipeline status (Enter opens its panel, Escape closes it), the theme switch and the account menu.
    const pipeline = page.getByRole('button', { name: /^Pipeline: / });
    await tabTo(page, pipeline, 1);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Data pipeline' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Data pipeline' })).toBeHidden();
    await expect(pipeline).toBeFocused();
    await tabTo(page, page.getByRole('button', { name: 'Switch to dark theme' }), 1);
    await page.keyboard.press('Space');
    await expect.poll(() => shownScheme(page)).toBe('dark');
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeFocused();
    const account = page.getByRole('button', { name: 'Ada Admin' });
    await tabTo(page, account, 1);
    await page.keyboard.press('ArrowDown');
    const profile = page.getByRole('menuitem', { name: 'My profile' });
    const signOut = page.getByRole('menuitem', { name: 'Sign out' });
    await expect(profile).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(signOut).toBeHidden();
    await expect(account).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(profile).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(signOut).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('You have signed out.')).toBeVisible();
    await expect(page.getByLabel('Username')).toBeFocused();
  });

  test('users: creates a user, finds it, sets its password and deletes it', async ({ page }) => {
    await signIn(page, 'admin', '/users');
    await expect(page.getByText('64 users')).toBeVisible(FIRST_LOAD);
    const create = page.getByRole('button', { name: 'Create user' });
    await tabTo(page, create);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create user' });
    await expect(dialog.getByLabel('First name')).toBeFocused();
    await expectFocusTrapped(page, dialog);

    // Escape closes without saving, and focus goes back to the button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(create).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel('First name')).toBeFocused();
    await expect(dialog.getByLabel('First name')).toHaveValue('');

    await page.keyboard.type('Nora');
    await tabTo(page, dialog.getByLabel('Last name'), 1);
    await page.keyboard.type('Field');
    await tabTo(page, dialog.getByLabel('Email address'), 2);
    await page.keyboard.type('nora.field@example.com');
    await tabTo(page, dialog.getByLabel('Principal name'), 2);
    await page.keyboard.type('nora.field');
    await tabTo(page, dialog.getByRole('combobox', { name: 'Role' }), 3);
    await page.keyboard.type('User');
    await arrowTo(page, page.getByRole('option', { name: /^User/ }));
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveValue('User');
    await tabTo(page, dialog.getByRole('textbox', { name: 'Password', exact: true }), 8);
    await page.keyboard.type('Garden-Gate-2026!');
    await tabTo(page, dialog.getByLabel('Confirm password'), 2);
    await page.keyboard.type('Garden-Gate-2026!');
    await tabTo(page, dialog.getByRole('button', { name: 'Create user' }), 12);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Created Nora Field.')).toBeVisible();
    await expect(page.getByText('65 users')).toBeVisible();
    await expect(create).toBeFocused();

    // Find it with the filter, open its row's actions.
    await tabTo(page, page.getByRole('textbox', { name: 'Filter users' }), 2);
    await page.keyboard.type('nora.field');
    await expect(page.getByText('1 of 65 users match')).toBeVisible();
    const actions = page.getByRole('button', { name: 'Actions for Nora Field' });
    await tabTo(page, actions, 20);
    await page.keyboard.press('Enter');
    await arrowTo(page, page.getByRole('menuitem', { name: 'Set password' }));
    await page.keyboard.press('Enter');
    const password = page.getByRole('dialog', { name: 'Set password for Nora Field' });
    await expect(password.getByRole('textbox', { name: 'New password', exact: true })).toBeFocused();
    await page.keyboard.type('Harbor-Light-77');
    await tabTo(page, password.getByLabel('Confirm new password'), 2);
    await page.keyboard.type('Harbor-Light-77');
    await page.keyboard.press('Enter');
    await expect(password).toBeHidden();
    await expect(page.getByText(/^Set a new password for Nora Field/)).toBeVisible();
    await expect(actions).toBeFocused();

    // Delete: Escape on the confirmation keeps the user; then confirm.
    await page.keyboard.press('Space');
    await arrowTo(page, page.getByRole('menuitem', { name: 'Delete user' }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete Nora Field?' });
    await expect(confirm).toContainText('This cannot be undone.');
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(actions).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await arrowTo(page, page.getByRole('menuitem', { name: 'Delete user' }));
    await page.keyboard.press('Enter');
    await tabTo(page, confirm.getByRole('button', { name: 'Delete user' }), 3);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Deleted Nora Field.')).toBeVisible();
    await expect(page.getByText('No users match these filters')).toBeVisible();
    await tabTo(page, page.getByRole('region', { name: 'Filters' }).getByRole('button', { name: 'Clear filters' }), 10);
    await page.keyboard.press('Enter');
    await expect(page.getByText('64 users')).toBeVisible();
  });

  test('SSO: creates an OIDC provider and deletes it from the list; creates a SAML provider with the file picker and deletes it from its page', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/sso-providers');
    const table = page.getByRole('table', { name: 'SSO providers' });
    await expect(table.getByRole('row')).toHaveCount(4, FIRST_LOAD);
    const newOidc = page.getByRole('button', { name: 'New OIDC provider' });
    await tabTo(page, newOidc);
    await page.keyboard.press('Enter');
    const oidc = page.getByRole('dialog', { name: 'New OIDC provider' });
    await expect(oidc.getByLabel('Name')).toBeFocused();
    await page.keyboard.type('auth0');
    await tabTo(page, oidc.getByLabel('Issuer URL'), 2);
    await page.keyboard.type('https://example.eu.auth0.com/');
    await tabTo(page, oidc.getByLabel('Client ID'), 2);
    await page.keyboard.type('aB3dE5fG');
    await tabTo(page, oidc.getByLabel('Auto-provision users on first sign-in'), 3);
    await page.keyboard.press('Space');
    await expect(oidc.getByLabel('Auto-provision users on first sign-in')).toBeChecked();
    // A native select: typing a role's name picks it.
    await tabTo(page, oidc.getByLabel('Default role'), 2);
    await page.keyboard.type('Power');
    await expect(oidc.getByLabel('Default role').locator('option:checked')).toHaveText('Power User');
    await tabTo(page, oidc.getByRole('button', { name: 'Create provider' }), 6);
    await page.keyboard.press('Enter');
    await expect(oidc).toBeHidden();
    await expect(page.getByText('OIDC provider auth0 created.')).toBeVisible();
    await expect(newOidc).toBeFocused();
    const row = table.getByRole('row', { name: /auth0/ });
    await expect(row).toContainText('On · default role Power User');

    await tabTo(page, row.getByRole('button', { name: 'Delete auth0' }), 30);
    await page.keyboard.press('Enter');
    const confirmOidc = page.getByRole('dialog', { name: 'Delete SSO provider auth0?' });
    await expect(confirmOidc.getByRole('status')).toContainText('No users sign in through it.');
    await tabTo(page, confirmOidc.getByRole('button', { name: 'Delete provider' }), 3);
    await page.keyboard.press('Enter');
    await expect(page.getByText('SSO provider auth0 deleted.')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(4);
    // The row (and its button) is gone: focus goes to the main content, not back to the top of the page.
    await expect(page.getByRole('main')).toBeFocused();

    // SAML: the file picker button opens the system's file chooser.
    await tabTo(page, page.getByRole('button', { name: 'New SAML provider' }), 5);
    await page.keyboard.press('Enter');
    const saml = page.getByRole('dialog', { name: 'New SAML provider' });
    await expect(saml.getByLabel('Name')).toBeFocused();
    await page.keyboard.type('acme');
    // Listening first: Playwright takes over the file chooser only once told to, which is not at once.
    const chooser = page.waitForEvent('filechooser');
    await tabTo(page, saml.getByRole('button', { name: 'Choose file' }), 3);
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(fixture('sso/acme-idp-metadata.xml'));
    await expect(saml.getByText('acme-idp-metadata.xml', { exact: true })).toBeVisible();
    await expect(saml.getByRole('button', { name: 'Choose another file' })).toBeFocused();
    await tabTo(page, saml.getByRole('button', { name: 'Create provider' }), 8);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'acme' })).toBeVisible();

    await tabTo(page, page.getByRole('button', { name: 'Delete' }), 10);
    await page.keyboard.press('Enter');
    const confirmSaml = page.getByRole('dialog', { name: 'Delete SSO provider acme?' });
    await tabTo(page, confirmSaml.getByRole('button', { name: 'Delete provider' }), 3);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'SSO providers' })).toBeVisible();
    await expect(page.getByText('SSO provider acme deleted.')).toBeVisible();
    await expect(table.getByRole('row', { name: /acme/ })).toHaveCount(0);
  });

  test('SSO providers: Enter sorts by a column, Shift+Enter on another header adds it as a further sort', async ({ page }) => {
    await signIn(page, 'admin', '/sso-providers');
    const table = page.getByRole('table', { name: 'SSO providers' });
    await expect(table.getByRole('row')).toHaveCount(4, FIRST_LOAD);
    const type = table.getByRole('columnheader', { name: /^Type/ });
    const name = table.getByRole('columnheader', { name: /^Name/ });
    await tabTo(page, type.getByRole('button'));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\?sort_by=type$/);
    await tabTo(page, name.getByRole('button'), 3, 'Shift+Tab');
    await page.keyboard.press('Shift+Enter');
    await expect(page).toHaveURL(/\?sort_by=type&sort_by=name$/);
    // The headers say so: Type is the primary sort, Name the second (a visible "2" and its spoken form).
    await expect(type).toHaveAttribute('aria-sort', 'ascending');
    await expect(name).toHaveAccessibleName(/sorted ascending \(sort 2 of 2\)/);
    await expect(name.getByText('2', { exact: true })).toBeVisible();
    await expect(table.getByRole('rowheader')).toHaveText([/^Keycloak/, 'Microsoft Entra ID', 'Okta']);
    // Shift+Enter again reverses the second sort in place.
    await page.keyboard.press('Shift+Enter');
    await expect(page).toHaveURL(/\?sort_by=type&sort_by=-name$/);
    await expect(table.getByRole('rowheader')).toHaveText([/^Keycloak/, 'Okta', 'Microsoft Entra ID']);
  });

  test('Privilege Zones: into Tier Zero, its objects filtered by kind, an object opened and closed, a rule edited', async ({
    page,
  }) => {
    await tierZeroAnalyzed(page.request);
    await signIn(page, 'admin', '/privilege-zones');
    await expect(page.getByRole('heading', { level: 1, name: 'Privilege Zones' })).toBeVisible(FIRST_LOAD);
    const zones = page.getByRole('table', { name: 'Zones' });
    await tabTo(page, zones.getByRole('link', { name: /^Tier Zero/ }), 40);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Tier Zero' })).toBeVisible();

    // A kind's button filters the objects to it.
    const kinds = page.getByRole('group', { name: 'Objects by kind' });
    const groups = kinds.getByRole('button', { name: /^Groups?: / });
    await tabTo(page, groups, 200);
    await page.keyboard.press('Enter');
    await expect(groups).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/m\.primary_kind=eq:Group/);
    const objects = page.getByRole('table', { name: 'Objects of Tier Zero' });
    const details = objects.getByRole('button', { name: /^Details of / }).first();
    await tabTo(page, details, 40);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('list', { name: 'Rules that select it' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('list', { name: 'Rules that select it' })).toBeHidden();
    await expect(details).toBeFocused();

    // The folded default rules open; Edit on one opens the form with only auto-certify and enabled offered.
    const defaults = page.getByRole('button', { name: /^Default rules \(\d+\)$/ });
    await tabTo(page, defaults, 60, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(defaults).toHaveAttribute('aria-expanded', 'true');
    const edit = page
      .getByRole('table', { name: 'Default rules' })
      .getByRole('button', { name: /^Edit / })
      .first();
    await tabTo(page, edit, 5);
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: /^Edit rule / });
    await expect(form.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
  });

  test('asset groups: creates a group, goes back, pages, sorts and filters a member table', async ({ page }) => {
    await signIn(page, 'admin', '/asset-groups');
    await expect(page.getByRole('heading', { level: 1, name: 'Asset groups' })).toBeVisible(FIRST_LOAD);
    await tabTo(page, page.getByRole('button', { name: 'Create group' }));
    await page.keyboard.press('Enter');
    const create = page.getByRole('dialog', { name: 'Create asset group' });
    await expect(create.getByLabel('Name')).toBeFocused();
    await page.keyboard.type('Payment Systems');
    await tabTo(page, create.getByLabel('Tag'), 1);
    await page.keyboard.type('payments');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Systems' })).toBeVisible();
    await expect(page.getByText('This group has no members')).toBeVisible();

    // Back to the list by the breadcrumb, and into the big group.
    await tabTo(page, page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Asset groups' }), 20);
    await page.keyboard.press('Enter');
    const groups = page.getByRole('table', { name: 'Asset groups' });
    await expect(groups.getByRole('link', { name: 'Payment Systems' })).toBeVisible();
    const memberCount = groups.getByRole('columnheader', { name: /^Members/ }).getByRole('button');
    await tabTo(page, memberCount, 30);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sort_by=-member_count/);
    const biggest = groups.getByRole('row').nth(1);
    await expect(biggest).toContainText('100,000');
    await tabTo(page, biggest.getByRole('link'), 5);
    await page.keyboard.press('Enter');

    const table = page.getByRole('table', { name: /^Members of / });
    const pages = page.getByRole('navigation', { name: 'Member pages' });
    await expect(pages.getByRole('status')).toHaveText('1–25 of 100,000');

    // Filter by name; the count follows.
    await tabTo(page, page.getByLabel('Name filter'), 30);
    await page.keyboard.type('admin');
    await expect(page).toHaveURL(/name=~eq:admin/);
    // (While the filtered page loads, the previous one's count may show for a moment.)
    const matching = page.getByText(/^(?!100,000 )[\d,]+ of 100,000 match the filters$/);
    await expect(matching).toBeVisible();
    const count = (await matching.textContent())!.split(' ')[0]!;

    // Sort by name, then by primary kind as a further sort (Shift+Enter, as shift-click).
    const name = table.getByRole('columnheader', { name: /^Name/ }).getByRole('button');
    await tabTo(page, name, 30);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sort_by=name/);
    await expect(page.getByRole('button', { name: 'Name: ascending' })).toBeVisible();
    await tabTo(page, table.getByRole('columnheader', { name: /^Primary kind/ }).getByRole('button'), 3);
    await page.keyboard.press('Shift+Enter');
    await expect(page).toHaveURL(/sort_by=name&sort_by=primary_kind/);
    await expect(page.getByRole('button', { name: '2. Primary kind: ascending' })).toBeVisible();
    await expect(table.locator('tbody tr').first()).toContainText(/admin/i);

    // The pager, below the rows.
    const next = pages.getByRole('button', { name: 'Next page' });
    await tabTo(page, next, 60);
    await page.keyboard.press('Enter');
    await expect(pages.getByRole('status')).toHaveText(`26–50 of ${count}`);
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(next).toBeFocused();
    await tabTo(page, pages.getByLabel('Rows per page'), 4, 'Shift+Tab');
    await page.keyboard.type('100');
    await expect(pages.getByRole('status')).toHaveText(`1–100 of ${count}`);

    // And back to the list: past the end of the page, round to the top, into the breadcrumb.
    await tabTo(page, page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Asset groups' }), 40);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Asset groups' })).toBeVisible();
  });

  test('collection: runs a collection now on a client from its dialog', async ({ page }) => {
    await signIn(page, 'poweruser', '/clients');
    const row = page.getByRole('row', { name: 'SharpHound Dev Lab', exact: true });
    await expect(row.getByText('Idle')).toBeVisible(FIRST_LOAD);
    const run = row.getByRole('button', { name: 'Run collection now on SharpHound Dev Lab' });
    await tabTo(page, run, 60);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Run collection now on SharpHound Dev Lab' });
    await expect(dialog).toBeVisible();
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(run).toBeFocused();

    await page.keyboard.press('Enter');
    const certificates = dialog.getByLabel('Certificate services');
    await tabTo(page, certificates, 12);
    await page.keyboard.press('Space');
    await expect(certificates).toBeChecked();
    await tabTo(page, dialog.getByLabel('Domain controller (optional)'), 6);
    await page.keyboard.type('dc01.dev.example.net');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    const created = page.getByRole('status', { name: /^Job \d+$/ });
    await expect(created).toContainText('on SharpHound Dev Lab');
    const taskName = (await created.getAttribute('aria-label'))!;

    // The new task's page, from the keyboard. The row's button gives way to the running job's, so focus
    // goes to the main content; the task's notice is above the table.
    await expect(page.getByRole('main')).toBeFocused();
    await tabTo(page, created.getByRole('link', { name: 'View job' }), 40);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: taskName })).toBeVisible();
    await expect(page.getByText('dc01.dev.example.net', { exact: true })).toBeVisible();
  });

  test('collection: cancels a running job from its page after confirming, and reaches its log', async ({ page }) => {
    await signIn(page, 'admin', '/clients');
    const running = page.getByRole('row', { name: 'SharpHound HQ', exact: true }).getByRole('link', { name: /^Job \d+$/ });
    await expect(running).toBeVisible(FIRST_LOAD);
    const name = (await running.textContent())!;
    await tabTo(page, running, 60);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    const cancel = page.getByRole('button', { name: 'Cancel job' });
    await expect(cancel).toBeEnabled();
    await tabTo(page, cancel, 30);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Cancel ${name.toLowerCase()} on SharpHound HQ?` });
    await expect(dialog).toBeVisible();
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(cancel).toBeFocused();

    await page.keyboard.press('Enter');
    await tabTo(page, dialog.getByRole('button', { name: 'Cancel job' }), 6);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Status' })).toContainText('Canceled by admin.');

    // The log scrolls: it takes the focus, and its copy and download follow it.
    const log = page.getByLabel(`Log of ${name.toLowerCase()}`);
    await expect(log).toContainText('Canceled by admin while running.');
    await tabTo(page, page.getByRole('button', { name: 'Copy the log' }), 60);
    await tabTo(page, page.getByRole('button', { name: 'Download' }), 2);
    await tabTo(page, log, 2);
  });

  test('file ingest: chooses files with the keyboard-opened picker and uploads them', async ({ page }) => {
    await signIn(page, 'uploader', '/file-ingest');
    const choose = page.getByRole('button', { name: 'Choose files' });
    await expect(choose).toBeVisible(FIRST_LOAD);
    // Listening first: Playwright takes over the file chooser only once told to, which is not at once.
    const chooser = page.waitForEvent('filechooser');
    await tabTo(page, choose);
    await page.keyboard.press('Enter');
    await (await chooser).setFiles([fixture('ingest/users.json'), fixture('ingest/groups.zip')]);
    const files = page.getByRole('list', { name: 'Files to upload' });
    await expect(files.getByRole('listitem')).toHaveCount(2);
    await tabTo(page, page.getByRole('button', { name: 'Upload 2 files' }), 10);
    await page.keyboard.press('Enter');
    for (const name of ['users.json', 'groups.zip'])
      await expect(files.getByRole('listitem', { name })).toContainText('Uploaded');
    await expect(page.getByRole('status').getByText(/2 files uploaded/)).toBeVisible();
    const job = page.getByRole('table', { name: 'Upload history' }).getByRole('row').nth(1);
    await expect(job).toContainText('uploader@example.com');
    // The job opens on what its files produced, from the keyboard.
    const jobId = await job.getByRole('rowheader').innerText();
    await tabTo(page, job.getByRole('button', { name: `Files of upload job ${jobId}` }), 20);
    await page.keyboard.press('Enter');
    const produced = page.getByRole('list', { name: `Files of upload job ${jobId}` });
    await expect(produced.getByRole('listitem')).toHaveCount(2);
  });

  test('download collectors: reaches the page from the navigation, downloads a release and copies its checksum', async ({
    page,
  }) => {
    await signIn(page, 'uploader', '/');
    await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Download collectors' }));
    await page.keyboard.press('Enter');
    const sharp = page.getByRole('table', { name: 'SharpHound releases' });
    await expect(sharp.getByRole('rowheader').first()).toBeVisible(FIRST_LOAD);
    const download = sharp.getByRole('button', { name: 'Download SharpHound v2.6.3' });
    await tabTo(page, download);
    const saved = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    expect((await saved).suggestedFilename()).toBe('sharphound-v2.6.3.zip');
    const outcome = page.getByRole('status', { name: 'SharpHound v2.6.3: Checksum matches' });
    await expect(outcome).toBeVisible();
    // The outcome's copy buttons come next in the tab order, after the part's other releases.
    await tabTo(page, outcome.getByRole('button', { name: 'Copy the Published SHA-256' }), 10);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.keyboard.press('Enter');
    const published = await outcome
      .getByText(/^[0-9a-f]{64}$/)
      .first()
      .innerText();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(published);
  });

  test('Explore: looks up an object, searches a user, opens its Actions menu and makes it a path start, switches tabs', async ({
    page,
  }) => {
    const graph = directoryGraph().nodes;
    const dc01 = graph.find((n) => n.name === 'DC01.CORP.ACME.LOCAL')!;
    const user = graph.find((n) => n.name === 'QGARCIA@CORP.ACME.LOCAL')!;
    await signIn(page, 'admin', '/entities');
    const objectId = page.getByLabel('Object ID');
    await expect(objectId).toBeFocused(FIRST_LOAD);
    // A bad id is refused and focus stays on the field.
    await page.keyboard.type('S-1-5-21-3130019616');
    await page.keyboard.press('Enter');
    await expect(page.getByText('This SID has 1 number after S-1-5-21; a domain SID has 3')).toBeVisible();
    await expect(objectId).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(dc01.objectid);
    await page.keyboard.press('Enter');
    // The object opens in Explore, drawn and selected.
    await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: dc01.name })).toBeVisible(FIRST_LOAD);

    // The type-ahead, by keyboard: a kind prefix, then the first result.
    const search = page.getByRole('combobox', { name: 'Search objects' });
    await tabTo(page, search, 30);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('user:qgarcia');
    await expect(page.getByRole('option', { name: new RegExp(`^${user.name}`) })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const panel = page.getByRole('complementary', { name: user.name });
    await expect(panel).toBeVisible();

    // The selected node's menu: opened from its button, an item chosen with the arrows.
    const actions = panel.getByRole('button', { name: 'Actions' });
    await tabTo(page, actions, 30);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Set as start' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: 'Pathfinding', selected: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Start' })).toHaveValue(user.name);

    // The tabs move with the arrow keys.
    await tabTo(page, page.getByRole('tab', { name: 'Pathfinding' }), 30, 'Shift+Tab');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: 'Cypher', selected: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Cypher query' })).toBeVisible(FIRST_LOAD);
  });

  test('Cypher: picks a pre-built query, runs it from the editor, leaves the editor with Tab, opens a node’s properties and how a relationship is made', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/cypher');
    const editor = page.getByRole('textbox', { name: 'Cypher query' });
    await expect(editor).toBeVisible(FIRST_LOAD);
    const prebuilt = page.getByRole('list', { name: 'Pre-built queries' }).getByRole('button', { name: 'Map domain trusts' });
    await tabTo(page, prebuilt, 40);
    await page.keyboard.press('Enter');
    await expect(editor).toContainText('CrossForestTrust');
    // The pick moved into the editor; out again with the keyboard (Tab is not kept by the editor), and back.
    await expect(editor).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(editor).not.toBeFocused();
    await tabTo(page, editor, 40, 'Shift+Tab');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('MATCH p = (:Computer)-[:GoldenCert]->(:Domain) RETURN p');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Enter');
    const nodes = page.getByRole('table', { name: 'Nodes' });
    await expect(nodes.getByRole('rowheader').first()).toBeVisible();
    await expect(editor).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeFocused();

    const properties = nodes.getByRole('button', { name: /^Properties of / }).first();
    await tabTo(page, properties, 60);
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog');
    await expect(panel.getByRole('table', { name: 'Properties' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(properties).toBeFocused();

    // The Relationships tab, and how a relationship of the answer is made.
    await tabTo(page, page.getByRole('tab', { name: /^Nodes/ }), 60, 'Shift+Tab');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const how = page.getByRole('button', { name: /^How it is made: GoldenCert from / }).first();
    await tabTo(page, how, 20);
    await page.keyboard.press('Enter');
    const made = page.getByRole('dialog', { name: /^GoldenCert from / });
    await expect(made.getByRole('table', { name: 'Relationships that make it' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(made).toBeHidden();
    await expect(how).toBeFocused();
  });

  test('Privilege Zones: picks an object in the certification queue, revokes it with a note, finds it in the history', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/privilege-zones/certification?certified=eq:2');
    const queue = page.getByRole('table', { name: 'Certification queue' });
    await expect(queue).toBeVisible(FIRST_LOAD);
    const box = queue.getByRole('checkbox', { name: /^Select / }).first();
    const name = (await box.getAttribute('aria-label'))!.replace(/^Select /, '');
    await tabTo(page, box, 60);
    await page.keyboard.press('Space');
    await expect(page.getByText('1 object selected.')).toBeVisible();
    const note = page.getByRole('textbox', { name: 'Note' });
    await tabTo(page, note, 60, 'Shift+Tab');
    await page.keyboard.type('Checked by keyboard');
    await tabTo(page, page.getByRole('button', { name: 'Revoke selected' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(/1 object revoked\./)).toBeVisible();

    await page.goto('/privilege-zones/history');
    const search = page.getByRole('textbox', { name: 'Search history' });
    await tabTo(page, search, 60);
    await page.keyboard.type(name);
    await expect(
      page
        .getByRole('table', { name: 'Privilege Zones history' })
        .getByRole('row', { name: new RegExp(name) })
        .first(),
    ).toBeVisible();
  });

  test('Attack Paths: opens a finding type and a principal’s path, accepts its risk, filters the table view and opens a row', async ({
    page,
  }) => {
    const TYPE = 'GenericAll Privileges on Tier Zero Objects';
    await signIn(page, 'admin', '/attack-paths');
    await expect(page.getByRole('heading', { level: 1, name: 'Attack Paths' })).toBeVisible(FIRST_LOAD);
    const types = page.getByRole('navigation', { name: 'Finding types' });
    await tabTo(page, types.getByRole('link', { name: new RegExp(TYPE) }), 60);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: TYPE })).toBeVisible();
    const principals = page.getByRole('table', { name: `Principals of ${TYPE}` });
    const rows = principals.getByRole('row').filter({ has: page.getByRole('rowheader') });
    await expect(rows).toHaveCount(3);

    // A principal's path, opened from its row.
    const first = rows.first();
    const name = (await first.getByRole('rowheader').innerText()).split('\n')[0]!.trim();
    await tabTo(page, first.getByRole('rowheader').getByRole('link'), 40);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Path' }).getByText(/has GenericAll on/)).toBeVisible();

    // Its risk accepted without expiry and with a note, all from the keyboard.
    await tabTo(page, first.getByRole('button', { name: /^Accept risk of / }), 10);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Accept risk' });
    await tabTo(page, dialog.getByRole('switch', { name: 'No expiry' }), 10);
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('group', { name: 'Expiry date' })).toBeHidden();
    await tabTo(page, dialog.getByRole('textbox', { name: 'Note (optional)' }), 5);
    await page.keyboard.type('Reviewed with the keyboard');
    await tabTo(page, dialog.getByRole('button', { name: 'Accept risk' }), 5);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Risk accepted for ${name}`)).toBeVisible();
    await expect(rows).toHaveCount(2);
    // Its row (and the button) is hidden now: focus goes to the main content, and on from there.
    await expect(page.getByRole('main')).toBeFocused();
    const showAccepted = page.getByRole('switch', { name: 'Show accepted' });
    await tabTo(page, showAccepted, 40);
    await page.keyboard.press('Space');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: name })).toContainText('No expiry');

    // The table view, filtered to critical findings by typing into the filter; a row opens the graph view.
    await tabTo(page, page.getByRole('tab', { name: 'Graph view' }), 40, 'Shift+Tab');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Table view' })).toBeFocused();
    await page.keyboard.press('Enter');
    const table = page.getByRole('table', { name: 'Findings' });
    await expect(table.getByRole('row').nth(1)).toBeVisible(FIRST_LOAD);
    await tabTo(page, page.getByRole('combobox', { name: 'Severity' }), 10);
    await page.keyboard.type('Crit');
    await arrowTo(page, page.getByRole('option', { name: /^Critical/ }));
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.getAll('severity')).toEqual(['eq:critical']);
    await page.keyboard.press('Escape');
    const firstFinding = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader') })
      .first();
    await expect(firstFinding.getByRole('cell').first()).toHaveText('Critical');
    await tabTo(page, firstFinding.getByRole('link').first(), 40);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: 'Graph view', selected: true })).toBeVisible();
    await expect(page).toHaveURL(/[?&]finding=/);
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  });

  test('API explorer: opens an operation, tries it out and reads the answer', async ({ page }) => {
    await signIn(page, 'reader', '/api-explorer');
    const self = page.getByRole('button', { name: /^GET \/api\/v2\/self/ });
    await expect(self).toBeVisible(FIRST_LOAD);
    // Past the navigation and the operations above it (sign-in, sign-out).
    await tabTo(page, self, 30);
    await page.keyboard.press('Enter');
    await expect(self).toHaveAttribute('aria-expanded', 'true');
    await tabTo(page, page.getByRole('button', { name: 'Try it out' }), 5);
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: 'Execute' }), 5);
    await page.keyboard.press('Enter');
    await expect(page.getByText('"principal_name": "reader"')).toBeVisible();
    await tabTo(page, self, 20, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(self).toHaveAttribute('aria-expanded', 'false');
  });

  test('configuration: edits a value, toggles a feature flag and revokes a saved query’s sharing', async ({ page }) => {
    await signIn(page, 'admin', '/configuration');
    const params = page.getByRole('table', { name: 'Configuration parameters' }).locator('tbody tr');
    await expect(params).toHaveCount(16, FIRST_LOAD);
    await tabTo(page, page.getByRole('combobox', { name: 'Parameter' }));
    await page.keyboard.type('password_expiration');
    await arrowTo(page, page.getByRole('option', { name: /auth\.password_expiration_window/ }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/key=eq:auth\.password_expiration_window/);
    await expect(params).toHaveCount(1);

    const edit = page.getByRole('button', { name: 'Edit Local Auth Password Expiry Window' });
    await tabTo(page, edit, 6);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit Local Auth Password Expiry Window' });
    const field = dialog.getByLabel('Password expiration window');
    await tabTo(page, field, 3);
    // Escape on a changed form asks first (Keep editing is the default); Discard leaves the value as it was.
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('P7D');
    await page.keyboard.press('Escape');
    const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await expect(discard.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(discard).toBeHidden();
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('P7D');
    await page.keyboard.press('Escape');
    // The question takes the focus as it opens, and a Tab pressed while it fades in stays where it went.
    await expect(discard.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await tabTo(page, discard.getByRole('button', { name: 'Discard' }), 1);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(edit).toBeFocused();
    await expect(params).toContainText('P90D (90 days)');
    await page.keyboard.press('Enter');
    await tabTo(page, field, 3);
    await expect(field).toHaveValue('P90D');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('P30D');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Local Auth Password Expiry Window saved.')).toBeVisible();
    await expect(params).toContainText('P30D (30 days)');

    // Feature flags, through the navigation.
    await tabTo(
      page,
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feature flags' }),
      30,
      'Shift+Tab',
    );
    await page.keyboard.press('Enter');
    const darkMode = page.getByRole('switch', { name: 'Dark Mode' });
    await expect(darkMode).not.toBeChecked();
    await tabTo(page, darkMode, 40);
    await page.keyboard.press('Space');
    await expect(darkMode).toBeChecked();
    await expect(page.getByText('Dark Mode is now on.')).toBeVisible();

    // Node kinds: add one from the keyboard (Enter submits the dialog's form).
    await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Node kinds' }), 40, 'Shift+Tab');
    await page.keyboard.press('Enter');
    const addKind = page.getByRole('button', { name: 'Add node kind' });
    await tabTo(page, addKind, 10);
    await page.keyboard.press('Enter');
    const kindDialog = page.getByRole('dialog', { name: 'Add node kind' });
    await expect(kindDialog.getByRole('textbox', { name: 'Kind name' })).toBeFocused();
    await page.keyboard.type('Vault');
    await page.keyboard.press('Tab');
    await page.keyboard.type('vault');
    await page.keyboard.press('Tab');
    await page.keyboard.type('#123456');
    await page.keyboard.press('Enter');
    await expect(kindDialog).toBeHidden();
    await expect(page.getByText('Vault is added.')).toBeVisible();
    await expect(addKind).toBeFocused();

    // Saved queries: open a query's sharing, pick a user, revoke after confirming.
    await tabTo(
      page,
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Saved queries' }),
      40,
      'Shift+Tab',
    );
    await page.keyboard.press('Enter');
    // Search by name, typed a key at a time.
    const search = page.getByLabel('Search by name');
    await tabTo(page, search, 8);
    await page.keyboard.type('Domain Admins');
    await expect(page).toHaveURL(/q=~eq:Domain\+Admins/);
    await expect(search).toHaveValue('Domain Admins');
    await tabTo(page, page.getByRole('button', { name: 'Sharing of All Domain Admins' }), 20);
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Sharing: All Domain Admins' });
    await expect(panel.getByText('Shared with 8 users')).toBeVisible();
    const first = panel.getByRole('table', { name: 'Users this query is shared with' }).getByRole('checkbox').first();
    await tabTo(page, first, 40);
    await page.keyboard.press('Space');
    await expect(first).toBeChecked();
    // Revoke sits above the list, beside Select all.
    const revoke = panel.getByRole('button', { name: 'Revoke access (1)' });
    await tabTo(page, revoke, 12, 'Shift+Tab');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Revoke access?' });
    await tabTo(page, confirm.getByRole('button', { name: 'Revoke access' }), 3);
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(panel.getByText('Shared with 7 users')).toBeVisible();
  });
});
