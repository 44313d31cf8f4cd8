import type { Browser, Locator, Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { apiToken, expect, filterUsers, PASSWORD, signIn, signInWithForm, test } from './fixtures';
import { builtPath } from './servers';

/** Seeded users these tests act on (users area seed; see docs/mock-server.md, "Seed data"). */
const PLAIN_USER = { name: 'Amara Tanaka', principal: 'amara.tanaka' }; // User role, password, no MFA
const RESET_USER = { name: 'Beatriz Schmidt', principal: 'beatriz.schmidt' }; // User role, password, no MFA
const MFA_USER = { name: 'Beatriz Moreau', principal: 'beatriz.moreau' }; // Upload-Only, password, no MFA
const DELETE_USER = { name: 'Cyrus Bianchi', principal: 'cyrus.bianchi' };

function row(page: Page, name: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
}

/** The search box above the users table (its clear button's name says "filter users" too). */
function filterBox(page: Page): Locator {
  return page.getByRole('textbox', { name: 'Filter users' });
}

/** The users table's state as the URL holds it now (its one format: `sort_by=-last_login`, `q=~eq:ada`). */
function urlParams(page: Page): [string, string][] {
  return [...new URL(page.url()).searchParams];
}

async function rowAction(page: Page, name: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** A second browser context (its own session) on the sign-in page. */
async function freshSignInPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  return page;
}

function totpOf(secret: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });
}

test.describe('users', () => {
  test('Last login says how long ago, as Last check-in does, with the exact time on hover', async ({ page }) => {
    // Signed in through the form, so the administrator's last login is this one.
    await page.goto('/users');
    await signInWithForm(page, 'admin');
    const table = page.getByRole('table', { name: 'Users' });
    const login = table.getByRole('cell').locator('time').first();
    await expect(login).toHaveText(/^(just now|yesterday|\d+ (minutes?|hours?|days?|months?|years?) ago)$/, { timeout: 30_000 });
    await login.hover();
    await expect(page.getByRole('tooltip')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC$/);
  });

  test('creates a user, refusing an incomplete form first', async ({ page }) => {
    await signIn(page, 'admin', '/users');
    await expect(page.getByText('64 users')).toBeVisible();
    await page.getByRole('button', { name: 'Create user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create user' });
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await expect(dialog.getByText('Enter a first name')).toBeVisible();
    await expect(dialog.getByText('Choose a role')).toBeVisible();
    await expect(
      dialog.getByText('Enter a valid email address, like name@example.com').or(dialog.getByText('Enter an email address')),
    ).toBeVisible();

    await dialog.getByLabel('First name').fill('Nora');
    await dialog.getByLabel('Last name').fill('Field');
    await dialog.getByLabel('Email address').fill('nora.field@example.com');
    await dialog.getByLabel('Principal name').fill('nora.field');
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: /^User/ }).click();
    // One role per user: the pick closes the list.
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveValue('User');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('Garden-Gate-2026!');
    await dialog.getByLabel('Confirm password').fill('Garden-Gate-2026!');
    await dialog.getByRole('button', { name: 'Create user' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByText('Created Nora Field.')).toBeVisible();
    await expect(page.getByText('65 users')).toBeVisible();
    await filterBox(page).fill('nora');
    const created = row(page, 'Nora Field');
    await expect(created).toContainText('nora.field@example.com');
    await expect(created).toContainText('User');
    await expect(created).toContainText('Enabled');
    await expect(created).toContainText('Never');
  });

  test('edits roles; the list and the detail page refresh without a reload', async ({ page }) => {
    await signIn(page, 'admin', `/users?q=${PLAIN_USER.principal}`);
    await expect(row(page, PLAIN_USER.name)).toContainText('User');
    await rowAction(page, PLAIN_USER.name, 'Edit user');
    const dialog = page.getByRole('dialog', { name: `Edit ${PLAIN_USER.name}` });
    const roles = dialog.getByRole('combobox', { name: 'Role' });
    await roles.click();
    await page.getByRole('option', { name: /^Read-Only/ }).click();
    // Read-Only grants nothing User does not: saved without a question.
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Saved the changes to ${PLAIN_USER.name}.`)).toBeVisible();
    await expect(row(page, PLAIN_USER.name)).toContainText('Read-Only');
    await expect(row(page, PLAIN_USER.name)).not.toContainText(/\bUser\b/);

    await page.getByRole('link', { name: PLAIN_USER.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: PLAIN_USER.name })).toBeVisible();
    const access = page.getByRole('region', { name: 'Access' });
    await expect(access.getByRole('link', { name: 'Read-Only' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit user' }).click();
    const again = page.getByRole('dialog', { name: `Edit ${PLAIN_USER.name}` });
    await again.getByLabel('First name').fill('Amaryllis');
    await again.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Amaryllis Tanaka' })).toBeVisible();
  });

  test('granting Administrator replaces the role, after a question that says what it grants', async ({ page }) => {
    await signIn(page, 'admin', `/users?q=${PLAIN_USER.principal}`);
    await rowAction(page, PLAIN_USER.name, 'Edit user');
    const dialog = page.getByRole('dialog', { name: `Edit ${PLAIN_USER.name}` });
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: /^Administrator/ }).click();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    const ask = page.getByRole('dialog', { name: `Give ${PLAIN_USER.name} the Administrator role?` });
    await expect(ask).toContainText('Compared with User');
    await expect(ask).toContainText('Manage users and their accounts; read the audit log');
    await ask.getByRole('button', { name: 'Grant Administrator' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, PLAIN_USER.name)).toContainText('Administrator');
    await expect(row(page, PLAIN_USER.name)).not.toContainText(/\bUser\b/);
  });

  test('a user taken off their SSO provider is offered a password at once, to be changed at the next sign-in', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, 'admin');
    const list = (await (await request.get('/api/v2/app-users', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      data: {
        users: {
          first_name: { string: string };
          last_name: { string: string };
          principal_name: string;
          is_disabled: boolean;
          sso_provider_id: { valid: boolean };
        }[];
      };
    };
    const linked = list.data.users.find((u) => u.sso_provider_id.valid && !u.is_disabled)!;
    const name = `${linked.first_name.string} ${linked.last_name.string}`;
    await signIn(page, 'admin', `/users?q=${linked.principal_name}`);
    // The MFA column says why MFA does not apply, in the cell, and more on hover.
    await expect(row(page, name).getByText('Via SSO')).toHaveAttribute(
      'title',
      'Not applicable: signs in through an SSO provider',
    );
    await rowAction(page, name, 'Edit user');
    const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    await dialog.getByRole('combobox', { name: 'SSO provider' }).click();
    await page.getByRole('option', { name: 'None: signs in with a password' }).click();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    const password = page.getByRole('dialog', { name: `Set password for ${name}` });
    await expect(password).toContainText(`${name} no longer signs in through SSO and has no password yet.`);
    await expect(password.getByLabel('Require a new password at next sign-in')).toBeChecked();
    await password.getByLabel(/^New password/).fill('Fresh-Start-2026!');
    await password.getByLabel(/^Confirm new password/).fill('Fresh-Start-2026!');
    await password.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText(`Set a new password for ${name}; they must choose their own at the next sign-in.`)).toBeVisible();
    await expect(row(page, name)).toContainText('Off');
  });

  test('environment access: a list for a user; refused, with the reason, for Administrators', async ({ page }) => {
    await signIn(page, 'admin', `/users?q=${PLAIN_USER.principal}`);
    await rowAction(page, PLAIN_USER.name, 'Edit user');
    const dialog = page.getByRole('dialog', { name: `Edit ${PLAIN_USER.name}` });
    await dialog.getByLabel('All environments').uncheck();
    await dialog.getByRole('combobox', { name: 'Environment IDs' }).fill('S-1-5-21-4107638521-1930581446-2864410937');
    await page.keyboard.press('Enter');
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: /^Administrator/ }).click();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      dialog.getByText(/Administrators and Power Users always have access to all environments, so an environment list cannot/),
    ).toBeVisible();
    await expect(dialog).toBeVisible();

    // Back to the User role: the list is accepted.
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: /^User/ }).click();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('link', { name: PLAIN_USER.name }).click();
    const envs = page.getByRole('list', { name: 'Environments' });
    await expect(envs.getByRole('listitem')).toHaveText(['S-1-5-21-4107638521-1930581446-2864410937']);

    // "All environments" clears the list.
    await page.getByRole('button', { name: 'Edit user' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${PLAIN_USER.name}` });
    await edit.getByLabel('All environments').check();
    await expect(edit.getByRole('combobox', { name: 'Environment IDs' })).toBeHidden();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('region', { name: 'Access' })).toContainText('All environments');
  });

  test('sets a password with a forced reset; the user signs in and chooses a new one', async ({ page, browser, baseURL }) => {
    await signIn(page, 'admin', `/users?q=${RESET_USER.principal}`);
    await rowAction(page, RESET_USER.name, 'Set password');
    const dialog = page.getByRole('dialog', { name: `Set password for ${RESET_USER.name}` });
    // A weak password is refused before anything is sent.
    await dialog.getByRole('textbox', { name: 'New password', exact: true }).fill('weakpass');
    await dialog.getByLabel('Confirm new password').fill('weakpass');
    await dialog.getByRole('button', { name: 'Set password' }).click();
    await expect(dialog.getByText('Password must be at least 12 characters')).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Password requirements' })).toContainText(
      'At least 12 characters (not met yet)',
    );

    await dialog.getByRole('textbox', { name: 'New password', exact: true }).fill('Harbor-Light-77');
    await dialog.getByLabel('Confirm new password').fill('Harbor-Light-77');
    await dialog.getByLabel('Require a new password at next sign-in').check();
    await dialog.getByRole('button', { name: 'Set password' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByText(`Set a new password for ${RESET_USER.name}; they must choose their own at the next sign-in.`),
    ).toBeVisible();

    const theirs = await freshSignInPage(browser, baseURL);
    await signInWithForm(theirs, RESET_USER.principal, PASSWORD);
    await expect(theirs.getByRole('alert')).toHaveText('The username or password is incorrect.');
    await signInWithForm(theirs, RESET_USER.principal, 'Harbor-Light-77');
    await expect(theirs).toHaveURL(/\/account\/password\?next=%2F$/);
    await expect(theirs.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await theirs.getByLabel('Current password').fill('Harbor-Light-77');
    await theirs.getByRole('textbox', { name: 'New password', exact: true }).fill('Harbor-Light-77');
    await theirs.getByLabel('Confirm new password').fill('Harbor-Light-77');
    await theirs.getByRole('button', { name: 'Set new password' }).click();
    await expect(theirs.getByText('The new password must be different from the current one')).toBeVisible();
    await theirs.getByRole('textbox', { name: 'New password', exact: true }).fill('Quiet-River-88!');
    await theirs.getByLabel('Confirm new password').fill('Quiet-River-88!');
    await theirs.getByRole('button', { name: 'Set new password' }).click();
    await expect(theirs).toHaveURL(/\/$/);
    await expect(theirs.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await theirs.context().close();

    const res = await page.request.post('/api/v2/login', {
      data: { login_method: 'secret', username: RESET_USER.principal, secret: 'Quiet-River-88!' },
    });
    expect((await res.json()).data.auth_expired).toBe(false);
  });

  test('enrols MFA with a code computed from the key shown; a bad code is refused; sign-in then asks for a code', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signIn(page, 'admin', `/users?q=${MFA_USER.principal}`);
    await expect(row(page, MFA_USER.name)).toContainText('Off');
    await rowAction(page, MFA_USER.name, 'Enrol in MFA');
    const enrol = page.getByRole('dialog', { name: `Enrol ${MFA_USER.name} in MFA` });
    await enrol.getByLabel(`Password of ${MFA_USER.name}`).fill('not-the-password');
    await enrol.getByRole('button', { name: 'Continue' }).click();
    await expect(enrol.getByText(`The password is wrong: enter ${MFA_USER.name}'s current password.`)).toBeVisible();
    await enrol.getByLabel(`Password of ${MFA_USER.name}`).fill(PASSWORD);
    await enrol.getByRole('button', { name: 'Continue' }).click();

    const activate = page.getByRole('dialog', { name: `Activate MFA for ${MFA_USER.name}` });
    await expect(
      activate.getByRole('img', { name: `QR code to add ${MFA_USER.principal} to an authenticator app` }),
    ).toBeVisible();
    const keyField = activate.getByRole('textbox', { name: 'Setup key' });
    const secret = await keyField.inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    // Shown whole (wrapped if need be), never clipped in its field.
    expect(await keyField.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(true);
    await expect(activate.getByRole('button', { name: 'Copy the setup key' })).toBeVisible();
    const totp = totpOf(secret);

    // A wrong code: the error says so and the dialog stays open.
    let wrong = '000000';
    for (let i = 1; totp.validate({ token: wrong, window: 1 }) !== null; i++) wrong = String(i * 7).padStart(6, '0');
    await activate.getByLabel('6-digit code').fill(wrong);
    await activate.getByRole('button', { name: 'Activate' }).click();
    await expect(
      activate.getByText('The code is wrong or has expired. Enter the current 6-digit code from the authenticator app.'),
    ).toBeVisible();
    await expect(activate).toBeVisible();

    await activate.getByLabel('6-digit code').fill(totp.generate());
    await activate.getByRole('button', { name: 'Activate' }).click();
    await expect(activate).toBeHidden();
    await expect(page.getByText(`Multi-factor authentication is now active for ${MFA_USER.name}.`)).toBeVisible();
    await expect(row(page, MFA_USER.name)).toContainText('Active');

    const theirs = await freshSignInPage(browser, baseURL);
    await signInWithForm(theirs, MFA_USER.principal, PASSWORD);
    await theirs.getByLabel('One-time code').fill(totp.generate());
    await theirs.getByRole('button', { name: 'Sign in' }).click();
    await expect(theirs.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await theirs.context().close();

    // Disable MFA again, confirmed with the administrator's own password.
    await rowAction(page, MFA_USER.name, 'Disable MFA');
    const disable = page.getByRole('dialog', { name: `Disable MFA for ${MFA_USER.name}?` });
    await disable.getByLabel('Your password').fill(PASSWORD);
    await disable.getByRole('button', { name: 'Disable MFA' }).click();
    await expect(disable).toBeHidden();
    await expect(row(page, MFA_USER.name)).toContainText('Off');
  });

  test('disables and enables a user after confirming', async ({ page, request }) => {
    await signIn(page, 'admin', `/users?q=${PLAIN_USER.principal}`);
    await rowAction(page, PLAIN_USER.name, 'Disable user');
    const confirm = page.getByRole('dialog', { name: `Disable ${PLAIN_USER.name}?` });
    await expect(confirm).toContainText('cannot sign in until enabled again');
    await confirm.getByRole('button', { name: 'Disable user' }).click();
    await expect(confirm).toBeHidden();
    await expect(row(page, PLAIN_USER.name)).toContainText('Disabled');
    const refused = await request.post('/api/v2/login', {
      data: { login_method: 'secret', username: PLAIN_USER.principal, secret: PASSWORD },
    });
    expect(refused.status()).toBe(401);

    await rowAction(page, PLAIN_USER.name, 'Enable user');
    const enable = page.getByRole('dialog', { name: `Enable ${PLAIN_USER.name}?` });
    await enable.getByRole('button', { name: 'Enable user' }).click();
    await expect(enable).toBeHidden();
    await expect(row(page, PLAIN_USER.name)).toContainText('Enabled');
    expect(await apiToken(request, PLAIN_USER.principal)).toBeTruthy();
  });

  test('deletes a user after a confirmation that names them, from the list and from the detail page', async ({ page }) => {
    await signIn(page, 'admin', '/users');
    await expect(page.getByText('64 users')).toBeVisible();
    await filterUsers(page, DELETE_USER.principal);
    await rowAction(page, DELETE_USER.name, 'Delete user');
    const confirm = page.getByRole('dialog', { name: `Delete ${DELETE_USER.name}?` });
    await expect(confirm).toContainText(`The account of ${DELETE_USER.name} (${DELETE_USER.principal}) is removed`);
    await expect(confirm).toContainText('This cannot be undone.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row(page, DELETE_USER.name)).toBeVisible();
    await rowAction(page, DELETE_USER.name, 'Delete user');
    await confirm.getByRole('button', { name: 'Delete user' }).click();
    await expect(page.getByText(`Deleted ${DELETE_USER.name}.`)).toBeVisible();
    await expect(page.getByText('No users match these filters')).toBeVisible();
    await page.getByRole('region', { name: 'Filters' }).getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByText('63 users')).toBeVisible();

    await filterUsers(page, PLAIN_USER.principal);
    await page.getByRole('link', { name: PLAIN_USER.name }).click();
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete user' }).click();
    await page
      .getByRole('dialog', { name: `Delete ${PLAIN_USER.name}?` })
      .getByRole('button', { name: 'Delete user' })
      .click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByText(`Deleted ${PLAIN_USER.name}.`)).toBeVisible();
    await expect(page.getByText('62 users')).toBeVisible();
  });

  test('nobody can delete or disable themselves: the console says why and the server refuses', async ({ page }) => {
    await signIn(page, 'admin', '/users?q=admin@example.com');
    await page.getByRole('button', { name: 'Actions for Ada Admin' }).click();
    await expect(page.getByRole('menuitem', { name: /Disable user/ })).toBeDisabled();
    await expect(page.getByRole('menuitem', { name: /Disable user/ })).toContainText('You cannot disable your own account');
    await expect(page.getByRole('menuitem', { name: /Delete user/ })).toBeDisabled();
    await expect(page.getByRole('menuitem', { name: /Delete user/ })).toContainText('You cannot delete your own account');
    await page.keyboard.press('Escape');

    const token = await apiToken(page.request, 'admin');
    const self = await (await page.request.get('/api/v2/self', { headers: { Authorization: `Bearer ${token}` } })).json();
    const res = await page.request.delete(`/api/v2/app-users/${self.data.id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(400);
    expect((await res.json()).errors[0].message).toBe('You cannot delete your own account.');
  });

  test('a reader may not list users (auth.ManageUsers, as upstream) but changes their own password', async ({ page }) => {
    await signIn(page, 'reader', '/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Your role cannot open this page. The Administrator role can');
    await expect(page.getByRole('alert')).toContainText('Permission needed: auth.ManageUsers');
    await expect(page.getByRole('table', { name: 'Users' })).toHaveCount(0);
    await page.goto('/account/password');
    await expect(page.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();
    await expect(page.getByLabel('Current password')).toBeVisible();
  });

  test('a reload of the list asks for the users, roles and SSO providers as the route matches, beside the page’s code; a reader is never asked for users', async ({
    page,
  }) => {
    const asked: string[] = [];
    const lists = ['/api/v2/app-users', '/api/v2/roles', '/api/v2/sso-providers'];
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (lists.includes(pathname)) asked.push(`${r.method()} ${pathname}`);
    });
    await signIn(page, 'admin', '/users');
    await expect(row(page, PLAIN_USER.name)).toBeVisible();
    await expect.poll(() => [...asked].sort()).toEqual(lists.map((l) => `GET ${l}`).sort());

    // Hold the page's own code: the lists (the users, and the roles and providers the filters and the SSO
    // column name) are asked for all the same, by the route's loader, once each, and shown when the code comes.
    asked.length = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${builtPath('src/features/users/routes/UsersPage.tsx')}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload({ waitUntil: 'commit' });
    await expect.poll(() => [...asked].sort()).toEqual(lists.map((l) => `GET ${l}`).sort());
    release();
    await expect(row(page, PLAIN_USER.name)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Role' })).toContainText('Administrator');
    expect([...asked].sort()).toEqual(lists.map((l) => `GET ${l}`).sort());

    // A reader may not list users: no reload of the page asks (the server would refuse and log an attempt).
    const reader = await page
      .context()
      .browser()!
      .newPage({ baseURL: new URL(page.url()).origin });
    const readerAsked: string[] = [];
    reader.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/v2/app-users') readerAsked.push(r.url());
    });
    await signIn(reader, 'reader', '/users');
    await expect(reader.getByRole('alert')).toContainText('auth.ManageUsers');
    await reader.reload();
    await expect(reader.getByRole('alert')).toContainText('auth.ManageUsers');
    expect(readerAsked).toEqual([]);
    await reader.close();
  });

  test("a reload renders the page once, with its rows, when its list lands just after the page's code: no loading state first", async ({
    page,
  }) => {
    // Notes, from the document's start, when the first row showed and whether the page's loading state was
    // in the page before it.
    await page.addInitScript(() => {
      const w = window as unknown as { loadingBeforeRows?: boolean; firstRowAt?: number };
      const seen = new MutationObserver(() => {
        if (document.querySelector('table[aria-label="Users"] tbody tr td')) {
          w.firstRowAt = performance.now();
          return seen.disconnect();
        }
        if (document.querySelector('main [role="progressbar"]')) w.loadingBeforeRows = true;
      });
      seen.observe(document, { subtree: true, childList: true });
    });
    await signIn(page, 'admin', '/users');
    await expect(row(page, PLAIN_USER.name)).toBeVisible();
    // The page's code: every script the first visit asked for before its first row showed.
    const pageCode = await page.evaluate(() => {
      const { firstRowAt } = window as unknown as { firstRowAt: number };
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime < firstRowAt && new URL(e.name).pathname.endsWith('.js'))
        .map((e) => new URL(e.name).pathname);
    });
    expect(pageCode.length, "the page's scripts").toBeGreaterThan(0);
    // The users list lands just after the last of that code has come (the router asks for the page's own code
    // once the signed-in routes are in): the first page of a visit waits for it rather than render its loading
    // state.
    const codeLoaded = new Promise<void>((resolve) => {
      const pending = new Set(pageCode);
      page.on('response', (r) => {
        pending.delete(new URL(r.url()).pathname);
        if (pending.size === 0) resolve();
      });
    });
    await page.route('**/api/v2/app-users', async (route) => {
      await codeLoaded;
      await route.continue();
    });
    await page.reload();
    await expect(row(page, PLAIN_USER.name)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { loadingBeforeRows?: boolean }).loadingBeforeRows)).toBeUndefined();
  });

  test('sorts by column and filters; the table state lives in the URL', async ({ page }) => {
    // Signed in through the form, so the administrator's last login is this one.
    await page.goto('/users');
    await signInWithForm(page, 'admin');
    const table = page.getByRole('table', { name: 'Users' });
    await table.getByRole('button', { name: 'Last login' }).click();
    await expect(page).toHaveURL(/[?&]sort_by=last_login(&|$)/);
    await expect(table.getByRole('row').nth(1)).toContainText('Never');
    await table.getByRole('button', { name: /Last login/ }).click();
    await expect(page).toHaveURL(/[?&]sort_by=-last_login(&|$)/);
    // The administrator just signed in, so comes first.
    await expect(table.getByRole('row').nth(1)).toContainText('Ada Admin');

    await filterBox(page).fill('power user');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('~eq:power user');
    await expect(page.getByText('9 of 64 users match')).toBeVisible();
    await page.reload();
    await expect(filterBox(page)).toHaveValue('power user');
    await expect(page.getByText('9 of 64 users match')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(10);

    await filterBox(page).fill('');
    await page.getByRole('combobox', { name: 'Status' }).selectOption('Disabled');
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('eq:disabled');
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(8);
    for (const r of await rows.all().then((all) => all.slice(1))) await expect(r).toContainText('Disabled');
  });

  test('a link with bare filter values opens the same view and is rewritten in the one format', async ({ page }) => {
    // Every part of the link read, its bare values written back with their predicates (no extra history entry).
    await signIn(page, 'admin', '/users?q=ada&status=disabled&role=3&sort_by=-last_login&page=2&page_size=50');
    await expect
      .poll(() => urlParams(page))
      .toEqual([
        ['page', '2'],
        ['page_size', '50'],
        ['sort_by', '-last_login'],
        ['q', '~eq:ada'],
        ['status', 'eq:disabled'],
        ['role', 'eq:3'],
      ]);
    await expect(filterBox(page)).toHaveValue('ada');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('disabled');
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveValue('3');
    await expect(page.getByText('0 of 64 users match')).toBeVisible();
    await expect(page.getByText('Nothing matches "ada". Try other words or clear the filters.')).toBeVisible();

    // One that finds users: the same rows, page, page size and order as the link in the one format.
    const table = page.getByRole('table', { name: 'Users' });
    const shown = async () => {
      await expect(page.getByText('13 of 64 users match')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'User pages' })).toContainText('11–13 of 13');
      await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('10');
      await expect(table.getByRole('columnheader', { name: /^Last login/ })).toHaveAttribute('aria-sort', 'descending');
      return table.getByRole('row').allInnerTexts();
    };
    await page.goto('/users?role=3&sort_by=-last_login&page=2&page_size=10');
    await expect
      .poll(() => urlParams(page))
      .toEqual([
        ['page', '2'],
        ['page_size', '10'],
        ['sort_by', '-last_login'],
        ['role', 'eq:3'],
      ]);
    const fromOld = await shown();
    expect(fromOld).toHaveLength(4);
    await page.goto('/users?page=2&page_size=10&sort_by=-last_login&role=eq%3A3');
    expect(await shown()).toEqual(fromOld);
  });

  test('at 1024 px the name, roles, status and the row menu always show, without scrolling sideways', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, 'admin', '/users');
    const table = page.getByRole('table', { name: 'Users' });
    for (const header of [/^Name/, /^Role/, /^Status/, /^MFA/, /^Last login/])
      await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
    const first = row(page, 'Amara Haddad'); // second row; the first is yours
    await expect(first.getByText('Administrator')).toBeVisible();
    await expect(first.getByText('Enabled')).toBeVisible();
    await expect(first.getByRole('button', { name: 'Actions for Amara Haddad' })).toBeInViewport();
    expect(await table.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth + 1)).toBe(true);
    await expect(page.getByText('Scroll sideways for more columns.')).toHaveCount(0);
    // The row menu works there too.
    await rowAction(page, 'Amara Haddad', 'Edit user');
    await expect(page.getByRole('dialog', { name: 'Edit Amara Haddad' })).toBeVisible();
  });

  test('the detail page shows the whole record and a missing user says so', async ({ page }) => {
    await signIn(page, 'admin', `/users?q=${MFA_USER.principal}`);
    await page.getByRole('link', { name: MFA_USER.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: MFA_USER.name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Profile' })).toContainText(`${MFA_USER.principal}@example.com`);
    await expect(page.getByRole('region', { name: 'Access' })).toContainText('Upload-Only');
    const signInRegion = page.getByRole('region', { name: 'Sign-in' });
    await expect(signInRegion).toContainText('Password expires');
    await expect(signInRegion).toContainText('Off');
    await expect(page.getByRole('main')).not.toContainText(/digest/i);

    await page.goto('/users/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('alert').getByText('Not found')).toBeVisible();
    await expect(page.getByText('No user has id 00000000-0000-4000-8000-000000000000. It may have been deleted.')).toBeVisible();
  });
});
