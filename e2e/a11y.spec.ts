import axe from 'axe-core';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { directoryGraph } from '../src/mock-server/seed/graph';
import {
  apiToken,
  armFault,
  expect,
  filterUsers,
  PASSWORD,
  shownScheme,
  signIn,
  test,
  tierZeroAnalyzed,
  typeDate,
} from './fixtures';

/**
 * Accessibility: an axe-core scan (WCAG 2.0/2.1 A and AA rules) of every page
 * and every dialog of the console, in the light and the dark theme. A serious
 * or critical violation fails the test, listed with its rule, help text and
 * the elements it was found on. With A11Y_REPORT=1 every violation (any
 * impact, and axe's best-practice rules too) is also printed, for clean-up work.
 *
 * The themes differ only in colours, so the dark pass runs the colour rules
 * (contrast, links told apart by colour) and the light pass runs them all.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The rules whose outcome depends on colours (WCAG 1.4.3 contrast, 1.4.1 links told apart by colour alone). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
/** Report mode: print every violation, of any impact, and the best-practice rules' findings too (they do not fail). */
const REPORT = Boolean(process.env.A11Y_REPORT);
const FAILING = new Set(['serious', 'critical']);
const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];

/**
 * Findings inside a library's own markup that the page cannot change through the library's API, each
 * excused for one rule on the elements it names, with the reason. Everything else the page shows is scanned.
 */
const LIBRARY_FINDINGS: { rule: string; target: RegExp; reason: string }[] = [
  {
    rule: 'scrollable-region-focusable',
    target: /\.highlight-code > (\.example)?\.microlight$/,
    reason:
      "Swagger UI's answer and example panels (API explorer) scroll without being focusable; the Copy button beside each, which is, takes their whole text.",
  },
];
const excused = (rule: string, target: string) => LIBRARY_FINDINGS.some((f) => f.rule === rule && f.target.test(target));

/** The first page of a test can take a while while the server warms up. */
const FIRST_LOAD = { timeout: 30_000 };

/**
 * Runs axe-core in the page (`within`: only that part of it), its violations. axe's 580 KB source is evaluated
 * once per document, not sent with every run (as AxeBuilder sends it, twice); the console has no frames.
 */
async function runAxe(page: Page, options: axe.RunOptions, within?: string): Promise<axe.Result[]> {
  type WithAxe = Window & { axe?: typeof axe };
  if (!(await page.evaluate(() => Boolean((window as WithAxe).axe)))) await page.evaluate(axe.source);
  return page.evaluate(
    async ([options, within]) =>
      (await (window as WithAxe).axe!.run(within ? { include: [within] } : document, options)).violations,
    [options, within] as const,
  );
}

/**
 * The console follows the system's colour scheme until the user picks one, so
 * the theme is switched by emulating the system preference, in place, without
 * a reload. Waits until the page has taken the scheme and every finite
 * animation (dialog fades, ripples, colour transitions) has ended, so colours
 * are measured as they end up, not half-way through a transition.
 */
async function switchScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect.poll(() => shownScheme(page)).toBe(scheme);
  await settled(page);
}

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

class Scanner {
  private readonly failures: string[] = [];
  readonly scanned: string[] = [];

  constructor(
    private readonly page: Page,
    private readonly info: TestInfo,
  ) {}

  /** The scheme the page shows now (none chosen before the first scan). */
  private scheme: Scheme | undefined;

  /**
   * Scans what is on screen now in both themes, the one shown first (so a scan
   * switches once, not twice). `within` narrows the scan to a part of the page,
   * such as an open dialog (whose background is inert and scanned on its own).
   */
  async scan(label: string, within?: string): Promise<void> {
    const first = this.scheme ?? SCHEMES[0];
    for (const scheme of [first, ...SCHEMES.filter((s) => s !== first)]) {
      if (scheme !== this.scheme) await switchScheme(this.page, scheme);
      else await settled(this.page);
      this.scheme = scheme;
      const runOnly: axe.RunOnly =
        scheme === 'light'
          ? { type: 'tag', values: REPORT ? [...TAGS, 'best-practice'] : TAGS }
          : { type: 'rule', values: COLOUR_RULES };
      // Only violations are read: axe then keeps one node per passing rule (much less work).
      const violations = await runAxe(this.page, { runOnly, resultTypes: ['violations'] }, within);
      for (const found of violations) {
        const v = { ...found, nodes: found.nodes.filter((n) => !excused(found.id, n.target.join(' '))) };
        if (v.nodes.length === 0) continue;
        const where = v.nodes.map(
          (n) =>
            `      ${n.target.join(' ')}${n.failureSummary ? `\n        ${n.failureSummary.replace(/\n/g, '\n        ')}` : ''}`,
        );
        const line = `${label} [${scheme}]: ${v.id} (${v.impact}) ${v.help}\n${where.join('\n')}`;
        if (FAILING.has(v.impact ?? '') && v.tags.some((t) => TAGS.includes(t))) this.failures.push(line);
        if (REPORT) console.log(line);
      }
    }
    this.scanned.push(label);
  }

  /** Scans an open dialog, on its own, once it is shown. */
  async scanDialog(label: string, dialog: Locator): Promise<void> {
    await expect(dialog).toBeVisible();
    await this.scan(label, '[role="dialog"]');
  }

  /** Scans the open menu (a popover list of actions). */
  async scanMenu(label: string, menu: Locator): Promise<void> {
    await expect(menu).toBeVisible();
    await this.scan(label, '[role="menu"]');
  }

  expectClean(): void {
    void this.info.attach('scanned', { body: this.scanned.join('\n'), contentType: 'text/plain' });
    expect(this.failures, `serious or critical accessibility violations:\n${this.failures.join('\n\n')}`).toEqual([]);
  }
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** Waits for the page's heading and for its own loading states to end. */
async function ready(page: Page, heading: string | RegExp, content?: Locator): Promise<void> {
  await expect(h1(page, heading)).toBeVisible(FIRST_LOAD);
  if (content) await expect(content.first()).toBeVisible(FIRST_LOAD);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, FIRST_LOAD);
}

/**
 * Opens `path` in the signed-in console by client-side routing (as a link would: the document, its
 * scripts and axe stay loaded); `reload` loads it afresh instead, with an empty query cache.
 */
async function go(page: Page, path: string, heading: string | RegExp, content?: Locator, { reload = false } = {}): Promise<void> {
  if (reload) await page.goto(path);
  else {
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  }
  await ready(page, heading, content);
}

/** GET `path` from the service as `user`, the `data` of the answer. */
async function apiGet<T>(request: APIRequestContext, path: string, user = 'admin'): Promise<T> {
  const token = await apiToken(request, user);
  const res = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), `GET ${path}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

interface SeededUser {
  id: string;
  principal_name: string;
  first_name: { string: string; valid: boolean };
  last_name: { string: string; valid: boolean };
  is_disabled: boolean;
  AuthSecret?: { totp_activated: boolean } | null;
}

const fullName = (u: SeededUser) =>
  [u.first_name.valid ? u.first_name.string : '', u.last_name.valid ? u.last_name.string : ''].filter(Boolean).join(' ') ||
  u.principal_name;

const ingestFixture = (name: string) => fileURLToPath(new URL(`./fixtures/ingest/${name}`, import.meta.url));

/** Seeded users the user dialogs open on (users area seed; see docs/mock-server.md, "Seed data"). */
async function seededUsers(request: APIRequestContext) {
  const users = (await apiGet<{ users: SeededUser[] }>(request, '/api/v2/app-users')).users;
  const plain = users.find((u) => u.principal_name === 'amara.tanaka');
  const withMfa = users.find((u) => u.AuthSecret?.totp_activated && !u.is_disabled);
  const disabled = users.find((u) => u.is_disabled);
  expect(plain && withMfa && disabled, 'seeded users: a plain one, one with MFA, a disabled one').toBeTruthy();
  return { plain: plain!, withMfa: withMfa!, disabled: disabled! };
}

/** Opens the actions menu of `name` on the users list (filtered to them) and picks `item`. */
async function userAction(page: Page, name: string, item: string): Promise<void> {
  await filterUsers(page, name);
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Scans the dialog `title`, then closes it with Cancel (a `changed` form asks first: that question is scanned too, then Discard). */
async function scanAndCancel(
  axe: Scanner,
  page: Page,
  label: string,
  title: string | RegExp,
  { changed = false }: { changed?: boolean } = {},
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await axe.scanDialog(label, dialog);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  if (changed) {
    const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await expect(discard).toBeVisible();
    await axe.scan(`${label}: discard changes?`, '[role="alertdialog"]');
    await discard.getByRole('button', { name: 'Discard' }).click();
  }
  await expect(dialog).toBeHidden();
}

test.describe('accessibility (axe, light and dark themes)', () => {
  // Each scan runs axe twice (CPU-bound): on a busy, shared machine a test can take over the default minute.
  test.describe.configure({ timeout: 120_000 });

  test('sign-in page, home page and the shell', async ({ page }, info) => {
    const axe = new Scanner(page, info);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible(FIRST_LOAD);
    await axe.scan('Sign-in page');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await axe.scan('Sign-in page, refused');

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await ready(page, /./, page.getByRole('navigation', { name: 'Main' }));
    await axe.scan('Home page');
    await page.getByRole('button', { name: 'Ada Admin' }).click();
    await axe.scanMenu('User menu', page.getByRole('menu'));
    await page.keyboard.press('Escape');
    await go(page, '/no/such/page', 'Page not found');
    await axe.scan('Not-found page');
    axe.expectClean();
  });

  test('loading, error and route-error states', async ({ page }, info) => {
    const axe = new Scanner(page, info);
    // A page still loading: its answer is held until the scan is done. (The first page behind sign-in waits for
    // its reads, so the loading state is a move inside the console.)
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/v2\/saved-queries\b/, async (route) => {
      await held;
      await route.fallback();
    });
    await signIn(page, 'admin', '/roles');
    await ready(page, 'Roles', page.getByRole('table', { name: 'Roles' }));
    await page.getByRole('link', { name: 'Saved queries' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /^Loading/ })
        .first(),
    ).toBeVisible(FIRST_LOAD);
    await axe.scan('Loading state (saved queries)');
    release();

    // A list the server fails to answer, every retry too: the shared error state with Retry.
    await armFault(page.request, { fault: 'status=500', path: '/api/v2/roles$', method: 'GET', times: 3 });
    await go(page, '/roles', 'Roles', page.getByRole('button', { name: 'Retry' }), { reload: true });
    await axe.scan('Error state (roles list)');
    // A form dialog whose choices (the roles) could not be loaded shows the error in its frame.
    await page.route(/\/api\/v2\/roles$/, (route) =>
      route.fulfill({ status: 500, json: { http_status: 500, timestamp: '', request_id: 'a11y', errors: [] } }),
    );
    await page.getByRole('link', { name: 'SSO providers' }).click();
    await ready(page, 'SSO providers', page.getByRole('table', { name: 'SSO providers' }));
    await page.getByRole('button', { name: 'New SAML provider' }).click();
    const placeholder = page.getByRole('dialog', { name: 'New SAML provider' });
    await expect(placeholder.getByRole('button', { name: 'Retry' })).toBeVisible();
    await scanAndCancel(axe, page, 'Form dialog whose roles failed to load', 'New SAML provider');

    // A page whose code fails to load (no script can be fetched any more): the route error page, inside the shell.
    await page.route(/\.js$/, (route) => route.abort());
    await page.getByRole('link', { name: 'Asset groups' }).click();
    await expect(h1(page, 'Something went wrong')).toBeVisible();
    await axe.scan('Route error page');
    axe.expectClean();
  });

  test('users list, its filters and the create dialog', async ({ page }, info) => {
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', '/users');
    await ready(page, 'Users', page.getByRole('table'));
    await axe.scan('Users list');
    // The Status and Role choices are native selects (their options are the browser's own): scan the filtered list.
    await page.getByRole('combobox', { name: 'Role' }).selectOption('Read-Only');
    await expect(page.getByText('13 of 64 users match')).toBeVisible();
    await axe.scan('Users list, filtered by role');
    await page.getByRole('region', { name: 'Filters' }).getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByText('64 users', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Create user' }).click();
    const create = page.getByRole('dialog', { name: 'Create user' });
    await create.getByRole('button', { name: 'Create user' }).click();
    await expect(create.getByText('Enter a first name')).toBeVisible();
    await axe.scanDialog('Create user dialog, with field errors', create);
    await create.getByRole('combobox', { name: 'Role' }).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await axe.scan('Role picker of the user form', '[role="listbox"]');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await create.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('textbox', { name: 'Filter users' }).fill('no such person at all');
    await expect(page.getByRole('table')).toHaveCount(0);
    await axe.scan('Users list, no match');
    axe.expectClean();
  });

  test('user actions menu, edit, password and confirmation dialogs', async ({ page, request }, info) => {
    const { plain } = await seededUsers(request);
    const name = fullName(plain);
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', `/users?q=${plain.principal_name}`);
    await ready(page, 'Users', page.getByRole('table'));
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await axe.scanMenu('User actions menu', page.getByRole('menu'));
    await page.getByRole('menuitem', { name: 'Edit user' }).click();
    await scanAndCancel(axe, page, 'Edit user dialog', `Edit ${name}`);
    await userAction(page, name, 'Set password');
    await scanAndCancel(axe, page, 'Set password dialog', `Set password for ${name}`);
    await userAction(page, name, 'Force password reset');
    await scanAndCancel(axe, page, 'Force password reset dialog', `Force a password reset for ${name}?`);
    await userAction(page, name, 'Disable user');
    await scanAndCancel(axe, page, 'Disable user dialog', `Disable ${name}?`);
    await userAction(page, name, 'Delete user');
    await scanAndCancel(axe, page, 'Delete user dialog', `Delete ${name}?`);
    axe.expectClean();
  });

  test('enable-user and MFA dialogs', async ({ page, request }, info) => {
    const { plain, withMfa, disabled } = await seededUsers(request);
    const name = fullName(plain);
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', `/users?q=${disabled.principal_name}`);
    await ready(page, 'Users', page.getByRole('table'));
    await userAction(page, fullName(disabled), 'Enable user');
    await scanAndCancel(axe, page, 'Enable user dialog', `Enable ${fullName(disabled)}?`);

    await userAction(page, name, 'Enrol in MFA');
    const enrol = page.getByRole('dialog', { name: `Enrol ${name} in MFA` });
    await axe.scanDialog('Enrol in MFA dialog', enrol);
    await enrol.getByLabel(`Password of ${name}`).fill(PASSWORD);
    await enrol.getByRole('button', { name: 'Continue' }).click();
    const activate = page.getByRole('dialog', { name: `Activate MFA for ${name}` });
    await expect(activate.getByRole('img', { name: /^QR code/ })).toBeVisible();
    await scanAndCancel(axe, page, 'Activate MFA dialog', `Activate MFA for ${name}`);
    await userAction(page, fullName(withMfa), 'Disable MFA');
    await scanAndCancel(axe, page, 'Disable MFA dialog', `Disable MFA for ${fullName(withMfa)}?`);
    axe.expectClean();
  });

  test('user, roles, your password and My profile pages', async ({ page, request }, info) => {
    const { plain } = await seededUsers(request);
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', `/users/${plain.id}`);
    await ready(page, fullName(plain));
    await axe.scan('User page');
    await go(page, '/roles', 'Roles', page.getByRole('table', { name: 'Roles' }));
    await axe.scan('Roles list');
    await page.getByRole('table', { name: 'Roles' }).getByRole('link').first().click();
    await ready(page, /./, page.getByRole('table'));
    await axe.scan('Role page');
    await go(page, '/account/password', 'Change your password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
    await axe.scan('Your password page, with field errors');
    await go(page, '/profile', 'My profile', page.getByRole('button', { name: 'Create token' }));
    await axe.scan('My profile');
    await page.getByRole('button', { name: 'Create token' }).click();
    await axe.scanDialog('Create API token dialog', page.getByRole('dialog'));
    axe.expectClean();
  });

  test('SSO providers list and new-provider dialogs', async ({ page }, info) => {
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', '/sso-providers');
    await ready(page, 'SSO providers', page.getByRole('table', { name: 'SSO providers' }));
    await axe.scan('SSO providers list');

    await page.getByRole('button', { name: 'New SAML provider' }).click();
    const saml = page.getByRole('dialog', { name: 'New SAML provider' });
    await saml.getByRole('button', { name: 'Create provider' }).click();
    await expect(saml.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await scanAndCancel(axe, page, 'New SAML provider dialog, with field errors', 'New SAML provider');

    await page.getByRole('button', { name: 'New OIDC provider' }).click();
    const oidc = page.getByRole('dialog', { name: 'New OIDC provider' });
    await oidc.getByRole('button', { name: 'Create provider' }).click();
    await expect(oidc.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await scanAndCancel(axe, page, 'New OIDC provider dialog, with field errors', 'New OIDC provider');
    axe.expectClean();
  });

  test('SSO provider edit and delete dialogs, SAML provider page', async ({ page }, info) => {
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', '/sso-providers');
    const table = page.getByRole('table', { name: 'SSO providers' });
    await ready(page, 'SSO providers', table);
    await page.getByRole('button', { name: 'Edit Okta' }).click();
    await scanAndCancel(axe, page, 'Edit SAML provider dialog', /Okta/);
    const oidcRow = table.getByRole('row').filter({ hasText: 'OIDC' }).first();
    await oidcRow.getByRole('button', { name: /^Edit / }).click();
    await scanAndCancel(axe, page, 'Edit OIDC provider dialog', /./);
    await page.getByRole('button', { name: 'Delete Okta' }).click();
    await scanAndCancel(axe, page, 'Delete SSO provider dialog', /Okta/);

    await table.getByRole('link', { name: 'Okta', exact: true }).click();
    await ready(page, 'Okta', page.getByRole('region').first());
    await axe.scan('SAML provider page');
    axe.expectClean();
  });

  test('asset groups list, a group page and the add-sort menu', async ({ page }, info) => {
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', '/asset-groups');
    await ready(page, 'Asset groups', page.getByRole('table', { name: 'Asset groups' }));
    await axe.scan('Asset groups list');
    await page.getByRole('button', { name: 'Create group' }).click();
    const create = page.getByRole('dialog', { name: /^Create/ });
    await create.getByRole('button', { name: 'Create group' }).click();
    await expect(create.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await scanAndCancel(axe, page, 'Create asset group dialog, with field errors', /^Create/);

    await go(page, '/asset-groups/1', 'Admin Tier Zero', page.getByRole('table', { name: /^Members of / }));
    await axe.scan('Asset group page (system group)');
    await page.getByRole('button', { name: 'Add sort' }).click();
    await axe.scanMenu('Add sort menu', page.getByRole('menu'));
    await page.keyboard.press('Escape');
    axe.expectClean();
  });

  test('asset group rename and delete dialogs, no member matching', async ({ page }, info) => {
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', '/asset-groups/4');
    await ready(page, 'Help Desk', page.getByRole('table', { name: /^Members of / }));
    await page.getByRole('button', { name: 'Rename' }).click();
    await scanAndCancel(axe, page, 'Rename asset group dialog', 'Rename "Help Desk"');
    await page.getByRole('button', { name: 'Delete' }).click();
    await scanAndCancel(axe, page, 'Delete asset group dialog', 'Delete "Help Desk"?');
    await page.getByLabel('Name filter').fill('no such member');
    await expect(page.getByText('No members match these filters')).toBeVisible();
    await axe.scan('Asset group page, no member matches');
    axe.expectClean();
  });

  test('Privilege Zones: zones, labels, Tier Zero with its rules and objects, an object, the rule form with a preview', async ({
    page,
  }, info) => {
    const axe = new Scanner(page, info);
    await tierZeroAnalyzed(page.request);
    await signIn(page, 'admin', '/privilege-zones');
    await ready(page, 'Privilege Zones', page.getByRole('table', { name: 'Zones' }));
    await axe.scan('Zones');
    await go(page, '/privilege-zones/labels', 'Privilege Zones', page.getByRole('table', { name: 'Labels' }));
    await axe.scan('Labels');
    await go(page, '/privilege-zones/1', 'Tier Zero', page.getByRole('table', { name: 'Objects of Tier Zero' }));
    await axe.scan('Tier Zero: rules and objects');
    const objects = page.getByRole('table', { name: 'Objects of Tier Zero' });
    await objects
      .getByRole('button', { name: /^Details of / })
      .first()
      .click();
    const panel = page.getByRole('dialog').filter({ has: page.getByRole('list', { name: 'Rules that select it' }) });
    await axe.scanDialog('An object of Tier Zero', panel);
    await panel.getByRole('button', { name: 'Close details' }).click();
    await page.getByRole('button', { name: 'Add rule' }).click();
    const form = page.getByRole('dialog', { name: 'New rule of Tier Zero' });
    await form.getByRole('textbox', { name: 'Cypher query' }).fill("MATCH (n:Group) WHERE n.objectid ENDS WITH '-512' RETURN n");
    await form.getByRole('button', { name: 'Preview results' }).click();
    await expect(form.getByRole('heading', { name: /^Direct objects \(\d+\)$/ })).toBeVisible();
    await axe.scanDialog('Rule form with a preview', form);
    axe.expectClean();
  });

  test('asset group membership: the add-members dialog, a selector removal, an entity page', async ({ page }, info) => {
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', '/asset-groups/2');
    await ready(page, 'Owned', page.getByRole('table', { name: /^Members of / }));
    await page.getByRole('button', { name: 'Add members' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add members to Owned' });
    await dialog.getByRole('combobox', { name: 'Search the directory' }).fill('ws000');
    await expect(dialog.getByRole('option', { name: /WS0003/ })).toContainText('Already a member');
    await dialog.getByRole('option', { name: /WS0001/ }).click();
    await axe.scanDialog('Add members dialog, results, a member and a pick', dialog);
    // The pick is not dropped silently: Cancel asks first.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
    await page
      .getByRole('button', { name: /^Remove selector/ })
      .first()
      .click();
    await scanAndCancel(axe, page, 'Remove selector dialog', 'Remove selector?');
    const user = directoryGraph().nodes.find((n) => n.name === 'UIBRAHIM@LAB.ACME.LOCAL')!;
    await go(
      page,
      `/explore?search=${user.objectid}&selected=${user.objectid}`,
      'Explore',
      page.getByRole('complementary', { name: user.name }),
    );
    await axe.scan('Explore with a user selected');
    axe.expectClean();
  });

  test('scheduled events, clients and jobs', async ({ page, request }, info) => {
    const tasks = await apiGet<{ id: number; status: number; domain_results: unknown[] }[]>(request, '/api/v2/jobs?limit=100');
    // A finished task with results for several domains (its table ends with a total).
    const reported = tasks.find((t) => t.domain_results.length > 1)!;
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', '/events');
    await ready(page, 'Scheduled events', page.getByRole('table', { name: 'Scheduled events' }));
    await axe.scan('Scheduled events list');
    await page.getByRole('button', { name: 'Schedule collection' }).click();
    await scanAndCancel(axe, page, 'Schedule collection dialog', 'Schedule a collection');
    await go(page, '/events/2', 'Event 2', page.getByRole('table', { name: 'Domains' }));
    await axe.scan('Scheduled event page');
    await page.getByRole('button', { name: 'Edit event' }).click();
    await scanAndCancel(axe, page, 'Edit event dialog', 'Change event 2');
    await page.getByRole('button', { name: 'Delete event' }).click();
    await scanAndCancel(axe, page, 'Delete event dialog', 'Delete event 2?');

    await go(page, '/clients', 'Clients', page.getByRole('table', { name: 'Clients' }));
    await axe.scan('Clients page');
    await page.getByRole('button', { name: 'Run collection now on SharpHound Dev Lab' }).click();
    await scanAndCancel(axe, page, 'Run collection dialog', 'Run collection now on SharpHound Dev Lab');
    // A client already working on a task: the dialog that queues one says so.
    await page.getByRole('button', { name: 'Queue a collection on SharpHound HQ' }).click();
    await scanAndCancel(axe, page, 'Run collection dialog, busy client', 'Queue a collection on SharpHound HQ');
    await go(page, `/jobs/${tasks[0]!.id}`, `Job ${tasks[0]!.id}`, page.getByRole('region', { name: 'Status' }));
    await axe.scan('Job page');
    await go(page, `/jobs/${reported.id}`, `Job ${reported.id}`, page.getByRole('table', { name: 'Domain results' }));
    await expect(page.getByLabel(`Log of job ${reported.id}`)).toContainText('Ended');
    await axe.scan('Job page with domain results and its log');
    // The running job: its cancel asks first.
    const running = tasks.find((t) => t.status === 1)!;
    await go(page, `/jobs/${running.id}`, `Job ${running.id}`, page.getByLabel(`Log of job ${running.id}`));
    await page.getByRole('button', { name: 'Cancel job' }).click();
    const cancelDialog = page.getByRole('dialog', { name: `Cancel job ${running.id} on SharpHound HQ?` });
    await axe.scanDialog('Cancel job dialog', cancelDialog);
    await cancelDialog.getByRole('button', { name: 'Keep job' }).click();
    await expect(cancelDialog).toBeHidden();
    axe.expectClean();
  });

  test('collection client page and its dialogs', async ({ page, request }, info) => {
    const clients = await apiGet<{ id: string; name: string }[]>(request, '/api/v2/clients?limit=100');
    const hq = clients.find((c) => c.name === 'SharpHound HQ')!;
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', '/clients');
    await ready(page, 'Clients', page.getByRole('table', { name: 'Clients' }));
    await page.getByRole('button', { name: 'Register client' }).click();
    await page.getByRole('dialog', { name: 'Register a collection client' }).getByLabel('Name').fill('A11y client');
    await scanAndCancel(axe, page, 'Register client dialog', 'Register a collection client', { changed: true });
    await go(page, `/clients/${hq.id}`, 'SharpHound HQ', page.getByRole('table', { name: 'Completed jobs of SharpHound HQ' }));
    await page
      .getByRole('button', { name: /^Results of job \d+$/ })
      .first()
      .click();
    await axe.scan('Client page, a completed task opened');
    await page.getByRole('button', { name: 'Edit' }).click();
    await scanAndCancel(axe, page, 'Edit client dialog', 'Edit SharpHound HQ');
    await page.getByRole('button', { name: 'Delete' }).click();
    await scanAndCancel(axe, page, 'Delete client dialog', 'Delete SharpHound HQ?');
    await page.getByRole('button', { name: 'Regenerate token' }).click();
    await page
      .getByRole('dialog', { name: 'Regenerate the token of SharpHound HQ?' })
      .getByRole('button', { name: 'Regenerate token' })
      .click();
    const token = page.getByRole('dialog', { name: 'New token of SharpHound HQ' });
    await expect(token.getByRole('button', { name: 'Copy the key' })).toBeVisible();
    await axe.scanDialog('Client token dialog', token);
    axe.expectClean();
  });

  test('file ingest', async ({ page }, info) => {
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', '/file-ingest');
    await ready(page, 'File ingest', page.getByRole('table', { name: 'Upload history' }));
    await axe.scan('File ingest page');
    await page.getByLabel('Collector files').setInputFiles([ingestFixture('users.json'), ingestFixture('broken.json')]);
    await page.getByRole('button', { name: 'Upload 2 files' }).click();
    const files = page.getByRole('list', { name: 'Files to upload' });
    await expect(files.getByRole('listitem', { name: 'broken.json' })).toContainText('Refused');
    await expect(files.getByRole('listitem', { name: 'users.json' })).toContainText('Uploaded');
    await axe.scan('File ingest page, after an upload');
    // A seeded partially complete upload, opened on what its files produced (some failed).
    const history = page.getByRole('table', { name: 'Upload history' });
    await history.getByRole('button', { name: 'Files of upload job 3' }).click();
    await expect(page.getByRole('list', { name: 'Files of upload job 3' }).getByText('Failed').first()).toBeVisible();
    await page.screenshot({ path: info.outputPath('file-ingest-upload-files.png'), fullPage: true });
    await axe.scan('File ingest page, an upload opened on its files');
    axe.expectClean();
  });

  test('download collectors', async ({ page }, info) => {
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', '/download-collectors');
    await ready(
      page,
      'Download collectors',
      page.getByRole('table', { name: 'Enterprise collector files' }).getByRole('rowheader'),
    );
    await axe.scan('Download collectors page');
    await page.getByRole('button', { name: 'Download SharpHound v2.6.2' }).click();
    await expect(page.getByRole('status', { name: 'SharpHound v2.6.2: Checksum matches' })).toBeVisible();
    await axe.scan('Download collectors page, a download checked');
    // A changed file: the outcome that says not to run it.
    await page.route('**/api/v2/collectors/azurehound/v2.3.0', async (route) => {
      const real = await route.fetch();
      const body = Buffer.from(await real.body());
      body[0]! ^= 0xff;
      await route.fulfill({ response: real, body });
    });
    await page.getByRole('button', { name: 'Download AzureHound v2.3.0' }).click();
    await expect(page.getByRole('alert', { name: /AzureHound v2\.3\.0: Checksum does NOT match/ })).toBeVisible();
    await axe.scan('Download collectors page, a checksum that does not match');
    axe.expectClean();
  });

  test('entity look-up and Explore: search, the selection panel, its menu, pathfinding and its filter', async ({
    page,
  }, info) => {
    const nodes = directoryGraph().nodes;
    const user = nodes.find((n) => n.name === 'QGARCIA@CORP.ACME.LOCAL')!;
    const admins = nodes.find((n) => n.name === 'DOMAIN ADMINS@CORP.ACME.LOCAL')!;
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', '/entities');
    await ready(page, 'Entity look-up');
    await page.getByLabel('Object ID').fill('not an id');
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByLabel('Object ID')).toHaveAttribute('aria-invalid', 'true');
    await axe.scan('Entity look-up, with a field error');

    await go(page, '/explore', 'Explore', page.getByText('Search for an object to start'));
    await axe.scan('Explore, nothing searched');
    await page.getByRole('combobox', { name: 'Search objects' }).fill('user:qgarcia');
    await expect(page.getByRole('option').first()).toBeVisible();
    await axe.scan('Explore, search results');
    await page.getByRole('option').first().click();
    const panel = page.getByRole('complementary', { name: user.name });
    await expect(panel).toBeVisible();
    await expect(page.getByRole('img', { name: /^Graph of / })).toBeVisible(FIRST_LOAD);
    await axe.scan('Explore, a user drawn and selected');
    await panel.getByRole('button', { name: 'Actions' }).click();
    await axe.scanMenu('Explore, the Actions menu', page.getByRole('menu'));
    await page.keyboard.press('Escape');

    await go(
      page,
      `/explore?tab=pathfinding&start=${user.objectid}&end=${admins.objectid}&kinds=in:AdminTo`,
      'Explore',
      page.getByRole('combobox', { name: 'Start' }),
    );
    await axe.scan('Explore, pathfinding with a filter');
    await page.getByRole('button', { name: 'Relationship filter' }).click();
    await axe.scanDialog('Explore, the relationship filter', page.getByRole('dialog', { name: 'Relationship filter' }));
    axe.expectClean();
  });

  test('Cypher: the editor and query list, an answer, a node’s properties, how a relationship is made, a refusal, Save as', async ({
    page,
  }, info) => {
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', '/cypher');
    await ready(page, 'Explore', page.getByRole('textbox', { name: 'Cypher query' }));
    await axe.scan('Cypher page, before a run');
    await page.getByRole('list', { name: 'Pre-built queries' }).getByRole('button', { name: 'All Domain Admins' }).click();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const nodes = page.getByRole('table', { name: 'Nodes' });
    await expect(nodes.getByRole('rowheader').first()).toBeVisible();
    await axe.scan('Cypher page, an answer');
    await page.getByRole('tab', { name: /^Relationships/ }).click();
    await expect(page.getByRole('table', { name: 'Relationships' })).toBeVisible();
    await axe.scan('Cypher page, relationships');
    await page.getByRole('tab', { name: /^Nodes/ }).click();
    await nodes
      .getByRole('button', { name: /^Properties of / })
      .first()
      .click();
    const panel = page.getByRole('dialog');
    await expect(panel.getByRole('table', { name: 'Properties' })).toBeVisible();
    await axe.scanDialog('Cypher page, a node’s properties', panel);
    await page.getByRole('button', { name: 'Close properties' }).click();
    await page
      .getByRole('textbox', { name: 'Cypher query' })
      .fill("MATCH p = (:Computer)-[:GoldenCert]->(d:Domain) WHERE d.name = 'CORP.ACME.LOCAL' RETURN p");
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('tab', { name: /^Relationships/ }).click();
    await page.getByRole('button', { name: /^How it is made: GoldenCert/ }).click();
    const made = page.getByRole('dialog', { name: /^GoldenCert from / });
    await expect(made.getByRole('table', { name: 'Relationships that make it' })).toBeVisible();
    await expect(made.getByRole('img', { name: /^Graph of 6 nodes/ })).toBeVisible();
    await axe.scanDialog('Cypher page, how a relationship is made', made);
    await page.getByRole('button', { name: 'Close relationship' }).click();
    await page.getByRole('textbox', { name: 'Cypher query' }).fill('MATCH (n)\nMERGE (n)-[:Owns]->(n)\nRETURN n');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: /^Line 2, column 1/ })).toBeVisible();
    await axe.scan('Cypher page, a refused query');
    await page.getByRole('button', { name: 'Save as…' }).click();
    await axe.scanDialog('Cypher page, Save as', page.getByRole('dialog', { name: 'New saved query' }));
    axe.expectClean();
  });

  test('attack paths: graph view with a path and the accept dialog, table view, posture', async ({ page }, info) => {
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', '/attack-paths?finding=T0GenericAll');
    const principals = page.getByRole('table', { name: /^Principals of / });
    await ready(page, 'Attack Paths', principals);
    await principals.getByRole('row').nth(1).getByRole('rowheader').getByRole('link').click();
    await expect(page.getByRole('region', { name: 'Path' }).getByText(/has GenericAll on/)).toBeVisible();
    await axe.scan('Attack Paths, graph view with a path');
    await principals
      .getByRole('button', { name: /^Accept risk of / })
      .first()
      .click();
    await scanAndCancel(axe, page, 'Accept risk dialog', 'Accept risk');
    await go(page, '/attack-paths/table', 'Attack Paths', page.getByRole('table'));
    await axe.scan('Attack Paths, table view');
    await go(page, '/posture', 'Posture', page.getByRole('region', { name: 'Findings over the range' }));
    await axe.scan('Posture');
    axe.expectClean();
  });

  test('data quality: charts, table, a custom range with an error, no points', async ({ page }, info) => {
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', '/data-quality?from=2026-10-01&to=2026-10-31');
    await ready(page, 'Data quality', page.getByRole('heading', { level: 3 }));
    await axe.scan('Data quality, charts');
    await page.getByRole('tab', { name: 'Table' }).click();
    await expect(page.getByRole('table', { name: /^Data quality of / })).toBeVisible();
    await axe.scan('Data quality, table');
    const range = page.getByRole('form', { name: 'Custom date range' });
    await range
      .getByRole('button', { name: /^Choose date/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await axe.scan('Data quality, custom range calendar open');
    await page.keyboard.press('Escape');
    await typeDate(range.getByRole('group', { name: 'From' }), '2026-11-30');
    await page.getByRole('button', { name: 'Show range' }).click();
    await expect(page.getByText(/must be on or before "To"/)).toBeVisible();
    await axe.scan('Data quality, custom range refused');
    await go(
      page,
      '/data-quality?from=2020-01-01&to=2020-01-31',
      'Data quality',
      page.getByText('No data-quality points in this range'),
    );
    await axe.scan('Data quality, no points in the range');
    axe.expectClean();
  });

  test('configuration and its edit dialogs', async ({ page }, info) => {
    const axe = new Scanner(page, info);
    // One parameter carries a property this console does not know, so it is edited as JSON.
    await page.route(/\/api\/v2\/config$/, async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const res = await route.fetch();
      const body = (await res.json()) as { data: { key: string; value: Record<string, unknown> }[] };
      for (const p of body.data) if (p.key === 'analysis.reconciliation') p.value = { ...p.value, extra_setting: 3 };
      await route.fulfill({ response: res, json: body });
    });
    await signIn(page, 'admin', '/configuration');
    await ready(page, 'Configuration', page.getByRole('table', { name: 'Configuration parameters' }));
    await axe.scan('Configuration page');
    await page.getByRole('button', { name: 'Edit Scheduled Analysis' }).click();
    const fields = page.getByRole('dialog', { name: 'Edit Scheduled Analysis' });
    await fields.getByLabel('Scheduled analysis').check();
    await fields.getByLabel('Schedule (RRULE)').fill('EVERY DAY');
    await fields.getByRole('button', { name: 'Save' }).click();
    await expect(fields.getByLabel('Schedule (RRULE)')).toHaveAttribute('aria-invalid', 'true');
    await scanAndCancel(axe, page, 'Edit configuration dialog (fields), with a field error', 'Edit Scheduled Analysis', {
      changed: true,
    });
    await page.getByRole('button', { name: 'Edit Reconciliation' }).click();
    await scanAndCancel(axe, page, 'Edit configuration dialog (JSON)', 'Edit Reconciliation');
    axe.expectClean();
  });

  test('feature flags and saved queries', async ({ page }, info) => {
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', '/feature-flags');
    await ready(page, 'Feature flags', page.getByRole('table', { name: 'Feature flags' }));
    await axe.scan('Feature flags page');
    await page.getByRole('switch', { name: 'Clear Graph Data' }).click();
    await scanAndCancel(axe, page, 'Feature flag confirmation dialog', 'Turn off Clear Graph Data?');

    await go(page, '/node-kinds', 'Node kinds', page.getByRole('table', { name: 'Node kinds' }));
    await axe.scan('Node kinds page');
    await page.getByRole('button', { name: 'Edit GHUser' }).click();
    await page.getByRole('dialog', { name: 'Edit node kind GHUser' }).getByRole('textbox', { name: 'Colour' }).fill('blue');
    await page.getByRole('dialog', { name: 'Edit node kind GHUser' }).getByRole('button', { name: 'Save' }).click();
    await scanAndCancel(axe, page, 'Node kind dialog, with a field error', 'Edit node kind GHUser', { changed: true });

    await go(page, '/opengraph', 'OpenGraph extensions', page.getByRole('table', { name: 'OpenGraph extensions' }));
    await axe.scan('OpenGraph extensions page');
    await page.getByRole('button', { name: 'Upload schema' }).click();
    await page
      .getByRole('dialog', { name: 'Upload extension schema' })
      .getByLabel('Extension schema file')
      .setInputFiles({
        name: 'acme.json',
        mimeType: 'application/json',
        buffer: Buffer.from(
          JSON.stringify({
            schema: { name: 'Acme', version: 'v1', namespace: 'ACME' },
            node_kinds: [{ name: 'ACME_Tenant', is_display_kind: true, icon: 'cloud', color: '#3366CC' }, { name: 'Bad' }],
            relationship_kinds: [{ name: 'ACME_Admins', is_traversable: true }],
          }),
        ),
      });
    await page.getByRole('dialog', { name: 'Upload extension schema' }).getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('dialog', { name: 'Upload extension schema' }).getByRole('status')).toContainText(
      'node_kinds.1.name',
    );
    await scanAndCancel(axe, page, 'Extension upload dialog, with a preview and a refusal', 'Upload extension schema', {
      changed: true,
    });

    await go(page, '/saved-queries', 'Saved queries', page.getByRole('table', { name: 'Saved queries' }));
    await axe.scan('Saved queries page');
    await page.getByRole('button', { name: 'Sharing of All Domain Admins' }).click();
    const panel = page.getByRole('dialog', { name: 'Sharing: All Domain Admins' });
    await expect(panel.getByText('Shared with 8 users')).toBeVisible();
    await panel.getByRole('table', { name: 'Users this query is shared with' }).getByRole('checkbox').first().check();
    await axe.scanDialog('Sharing dialog of a saved query', panel);
    await panel.getByRole('button', { name: 'Revoke access (1)' }).click();
    await scanAndCancel(axe, page, 'Revoke access dialog', 'Revoke access?');
    axe.expectClean();
  });

  test('saved queries: a query opened in its row, the editor, the owner’s sharing controls, delete', async ({ page }, info) => {
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', '/saved-queries?q=~eq:All%20Domain%20Admins');
    await ready(page, 'Saved queries', page.getByRole('table', { name: 'Saved queries' }));
    await page.getByRole('button', { name: 'Query text of All Domain Admins' }).click();
    await expect(page.getByRole('group', { name: 'Query text of All Domain Admins' })).toBeVisible();
    await axe.scan('Saved queries, a query opened in its row');
    await page.getByRole('button', { name: 'New query' }).click();
    const editor = page.getByRole('dialog', { name: 'New saved query' });
    await editor.getByRole('button', { name: 'Save query' }).click();
    await expect(editor.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await scanAndCancel(axe, page, 'New saved query dialog, with field errors', 'New saved query');
    await page.getByRole('button', { name: 'Edit All Domain Admins' }).click();
    await scanAndCancel(axe, page, 'Edit saved query dialog', 'Edit "All Domain Admins"');
    await page.getByRole('button', { name: 'Sharing of All Domain Admins' }).click();
    const panel = page.getByRole('dialog', { name: 'Sharing: All Domain Admins' });
    await panel.getByRole('combobox', { name: 'Share with' }).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await axe.scan('Sharing dialog, the people to share with open');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await panel.getByRole('switch', { name: 'Public: every user can see and run it' }).click();
    await scanAndCancel(axe, page, 'Make a saved query public dialog', 'Make “All Domain Admins” public?');
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();
    await page.getByRole('button', { name: 'Delete All Domain Admins' }).click();
    await scanAndCancel(axe, page, 'Delete saved query dialog', 'Delete "All Domain Admins"?');
    await page.getByRole('button', { name: 'Export all', exact: true }).click();
    await axe.scanMenu('Export all menu of saved queries', page.getByRole('menu'));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Import' }).click();
    const importer = page.getByRole('dialog', { name: 'Import saved queries' });
    await importer.getByLabel('Query files').setInputFiles([
      { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{') },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a query') },
      { name: 'new.json', mimeType: 'application/json', buffer: Buffer.from('{"name": "Scanned import", "query": "RETURN 1"}') },
    ]);
    await importer.getByRole('button', { name: 'Import 2 files' }).click();
    await expect(importer.getByRole('status')).toContainText('1 file imported, 1 refused.');
    await axe.scanDialog('Import saved queries dialog, with each file’s outcome', importer);
    axe.expectClean();
  });

  test('Privilege Zones certification and history: a selection, a refusal, the community notice, a search too short, a wrong date', async ({
    page,
    communityURL,
  }, info) => {
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', '/privilege-zones/certification');
    const queue = page.getByRole('table', { name: 'Certification queue' });
    await ready(page, 'Certification', queue);
    await axe.scan('Certification queue');
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await expect(page.getByText(/objects? selected\./)).toBeVisible();
    await page.getByRole('textbox', { name: 'Note' }).fill('x'.repeat(1001));
    await page.getByRole('button', { name: 'Certify selected' }).click();
    await expect(page.getByText('Note: at most 1000 characters.')).toBeVisible();
    await axe.scan('Certification queue, objects picked and a note too long');
    await go(
      page,
      '/privilege-zones/history?q=~eq:ab',
      'Privilege Zones history',
      page.getByRole('table', { name: 'Privilege Zones history' }),
    );
    await expect(page.getByText(/Search: type at least 3 characters/)).toBeVisible();
    await axe.scan('Privilege Zones history, a search too short');
    await go(page, '/privilege-zones/history?after=not-a-date', 'Privilege Zones history');
    await expect(page.getByRole('group', { name: 'From', exact: true })).toHaveAttribute('aria-invalid', 'true');
    await axe.scan('Privilege Zones history, a wrong date');
    await signIn(page, 'admin', '/privilege-zones/certification', communityURL);
    await ready(page, 'Certification', page.getByText('Certification needs the enterprise edition'));
    await axe.scan('Certification on a community server');
    axe.expectClean();
  });

  test('Privilege Zones tag form and zone order dialogs', async ({ page }, info) => {
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', '/privilege-zones');
    await ready(page, 'Privilege Zones', page.getByRole('button', { name: 'Create zone' }));
    await page.getByRole('button', { name: 'Create zone' }).click();
    const form = page.getByRole('dialog', { name: 'Create a zone' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Bad/Name');
    await form.getByRole('button', { name: 'Create zone' }).click();
    await expect(form.getByText('Name: use only letters, digits, spaces and underscores.')).toBeVisible();
    await scanAndCancel(axe, page, 'Create a zone dialog, a wrong name and no glyph', 'Create a zone', { changed: true });
    await page.getByRole('button', { name: 'Reorder zones' }).click();
    await axe.scanDialog('Reorder zones dialog', page.getByRole('dialog', { name: 'Reorder zones' }));
    axe.expectClean();
  });

  test('audit log: an opened entry, the actor choices, a wrong date', async ({ page }, info) => {
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', '/audit?action=eq:UpdateUser');
    const log = page.getByRole('table', { name: 'Audit log' });
    await ready(page, 'Audit log', log);
    await log.getByRole('button', { name: 'Details' }).first().click();
    await expect(page.getByRole('region', { name: /^Details of entry/ })).toBeVisible();
    await axe.scan('Audit log, with an entry opened');
    await page.getByRole('combobox', { name: 'Actor' }).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await axe.scan('Audit log, the actor choices open');
    await page.keyboard.press('Escape');
    await go(page, '/audit?after=not-a-date', 'Audit log');
    await expect(page.getByRole('group', { name: 'From', exact: true })).toHaveAttribute('aria-invalid', 'true');
    await axe.scan('Audit log, a wrong date');
    await page
      .getByRole('button', { name: /^Choose time/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await axe.scan('Audit log, the time picker open');
    await page.keyboard.press('Escape');
    await go(page, '/audit?actor_name=eq:nobody-at-all', 'Audit log', page.getByText('No audit entries match these filters'));
    await axe.scan('Audit log, nothing matches');
    axe.expectClean();
  });

  test('database management: the choices, a refused combination, the confirmation, the result; the pipeline popover', async ({
    page,
  }, info) => {
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', '/database');
    await ready(page, 'Database management', page.getByRole('checkbox', { name: 'Admin Tier Zero' }));
    await axe.scan('Database management page');
    await page.getByRole('checkbox', { name: 'All collected graph data' }).check();
    await page.getByRole('checkbox', { name: 'Azure' }).check();
    await expect(page.getByText(/already removes every source kind/)).toBeVisible();
    await axe.scan('Database management, a refused combination');
    await page.getByRole('checkbox', { name: 'Azure' }).uncheck();
    await page.getByRole('button', { name: 'Delete chosen data…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this data?' });
    await confirm.getByRole('button', { name: 'Delete data' }).click();
    await expect(confirm.getByRole('textbox', { name: 'Type DELETE to confirm' })).toHaveAttribute('aria-invalid', 'true');
    await axe.scanDialog('Clear database confirmation, not typed', confirm);
    await confirm.getByRole('textbox', { name: 'Type DELETE to confirm' }).fill('DELETE');
    await confirm.getByRole('button', { name: 'Delete data' }).click();
    await expect(page.getByRole('region', { name: 'Data deleted' })).toBeVisible();
    await settled(page);
    await axe.scan('Database management, the result with the pipeline');

    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Pipeline: / })
      .click();
    const popover = page.getByRole('dialog', { name: 'Data pipeline' });
    await expect(popover.getByRole('button', { name: 'Analyze now' })).toBeVisible();
    await axe.scanDialog('Pipeline popover', popover);
    await page.keyboard.press('Escape');
    axe.expectClean();
  });

  test('API explorer: the document, an operation opened and tried', async ({ page }, info) => {
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', '/api-explorer');
    const self = page.getByRole('button', { name: /^GET \/api\/v2\/self/ });
    await ready(page, 'API explorer', self);
    await axe.scan('API explorer');
    await self.click();
    await page.getByRole('button', { name: 'Try it out' }).click();
    await page.getByRole('button', { name: 'Execute' }).click();
    await expect(page.getByText('"principal_name": "admin"')).toBeVisible();
    // The rest of the document is as scanned above: only the opened operation (Swagger UI's `opblock`) is new.
    await axe.scan('API explorer, an operation tried', '.opblock.is-open');
    axe.expectClean();
  });

  test('community edition: enterprise notices and navigation', async ({ page, communityURL }, info) => {
    const axe = new Scanner(page, info);
    await signIn(page, 'admin', '/events', communityURL);
    await expect(page.getByText('Scheduled events need the enterprise edition')).toBeVisible();
    await ready(page, 'Scheduled events');
    await axe.scan('Scheduled events (community)');
    await page.getByRole('link', { name: /^Clients/ }).click();
    await expect(page.getByText(/need the enterprise edition/)).toBeVisible();
    await ready(page, 'Clients');
    await axe.scan('Clients (community)');
    axe.expectClean();
  });
});
