import { test as base, expect, type APIRequestContext, type Locator, type Page, type WorkerInfo } from '@playwright/test';
import { E2E_PORT, EXTERNAL_URL, startServer, type Edition } from './servers';

/** Password of every seeded account (README, "Seeded accounts"). */
export const PASSWORD = process.env.MOCK_PASSWORD || 'Correct-Horse-9';
export type Account = 'admin' | 'poweruser' | 'reader' | 'uploader';

/** The header the mock's controls (`/__mock/*`) need: they refuse what another web page could forge. */
export const MOCK_CONTROL = { 'X-Mock-Control': '1' };

/** Restores the seed of the mock service (the one at `baseURL`, or the default one). */
export async function resetMock(request: APIRequestContext, baseURL = ''): Promise<void> {
  const res = await request.post(`${baseURL}/__mock/reset`, { headers: MOCK_CONTROL });
  expect(res.status(), 'mock reset').toBe(204);
}

/** A fault rule (docs/mock-server.md, "Failure injection"): `path` is a path pattern, `*` one segment, a final `$` exactly. */
export interface FaultRule {
  fault: string;
  path: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  times?: number;
}

export async function armFault(request: APIRequestContext, rule: FaultRule): Promise<void> {
  const res = await request.post('/__mock/faults', { headers: MOCK_CONTROL, data: rule });
  expect(res.status(), `arm ${rule.fault}`).toBe(204);
}

export async function clearFaults(request: APIRequestContext): Promise<void> {
  expect((await request.delete('/__mock/faults', { headers: MOCK_CONTROL })).status(), 'clear faults').toBe(204);
}

type WorkerServerFixture = (args: object, use: (url: string) => Promise<void>, workerInfo: WorkerInfo) => Promise<void>;

/**
 * A worker's own server of `edition` (worker i serves on E2E_PORT + 2i, its community-edition one
 * on the next port), stopped with the worker. Starting takes a while on a busy machine: that is
 * the fixture's own time, not a test's.
 */
function workerServer(edition: Edition): [WorkerServerFixture, { scope: 'worker'; timeout: number }] {
  return [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function needs from this pattern
    async ({}, use: (url: string) => Promise<void>, workerInfo: WorkerInfo) => {
      if (EXTERNAL_URL) return use(EXTERNAL_URL);
      const port = E2E_PORT + 2 * workerInfo.parallelIndex + (edition === 'community' ? 1 : 0);
      const server = await startServer(port, edition);
      await use(server.url);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ];
}

/**
 * Every worker has its own servers (e2e/servers.ts), each with its own mock state; every test
 * starts from the seed. `baseURL` (and so `page`, `request` and relative URLs) is the worker's
 * enterprise server; `communityURL` its community-edition server, started the first time a test
 * of the worker asks for it. With E2E_BASE_URL no server starts and nothing is reset (@smoke).
 */
export const test = base.extend<{ resetMock: void; communityURL: string }, { mockServer: string; communityServer: string }>({
  mockServer: workerServer('enterprise'),
  communityServer: workerServer('community'),
  baseURL: async ({ mockServer }, provide) => provide(mockServer),
  communityURL: async ({ communityServer, request }, provide) => {
    await resetMock(request, communityServer);
    await provide(communityServer);
  },
  resetMock: [
    async ({ request }, use) => {
      if (!EXTERNAL_URL) await resetMock(request);
      await use();
    },
    { auto: true },
  ],
});
export { expect };

/** A session token for `username`, from the service's own sign-in operation. */
export async function apiToken(
  request: APIRequestContext,
  username: string,
  password = PASSWORD,
  baseURL?: string,
): Promise<string> {
  const res = await request.post(`${baseURL ?? ''}/api/v2/login`, {
    data: { login_method: 'secret', username, secret: password },
  });
  expect(res.status(), `sign-in of ${username}`).toBe(200);
  return ((await res.json()) as { data: { session_token: string } }).data.session_token;
}

/**
 * Tier Zero's members as analysis computes them: asks for an analysis when the zone has none yet (a server
 * that has not analyzed since it started) and waits until it has run.
 */
export async function tierZeroAnalyzed(request: APIRequestContext): Promise<void> {
  const headers = { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const members = async () => {
    const res = await request.get('/api/v2/asset-group-tags/1/members/counts', { headers });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { data: { total_count: number } }).data.total_count;
  };
  if ((await members()) > 0) return;
  expect((await request.put('/api/v2/analysis', { headers })).status()).toBe(202);
  await expect.poll(members, { timeout: 60_000 }).toBeGreaterThan(0);
}

/**
 * Session tokens this worker has signed in for, by server and account: a worker signs each account in once,
 * not once per test. Tokens are the service's own (signed, stateless), so they outlive a mock reset; one that
 * no longer holds (signed out, or its account changed) is found out before it is used, and replaced.
 */
const sessions = new Map<string, string>();

async function sessionToken(request: APIRequestContext, username: string, baseURL = ''): Promise<string> {
  const key = `${baseURL} ${username}`;
  const known = sessions.get(key);
  if (known) {
    const self = await request.get(`${baseURL}/api/v2/self`, { headers: { Authorization: `Bearer ${known}` } });
    if (self.ok()) return known;
  }
  const token = await apiToken(request, username, PASSWORD, baseURL);
  sessions.set(key, token);
  return token;
}

/**
 * Signs `page` in as `username` the fast way (the worker's session token of that account, placed in the tab's
 * session as the sign-in page would) and opens `path`. The sign-in form itself is covered by auth.spec.ts.
 */
export async function signIn(page: Page, username: Account | string = 'admin', path = '/', baseURL?: string): Promise<void> {
  const token = await sessionToken(page.request, username, baseURL);
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; exp: number };
  await page.addInitScript(
    ([t, sub, exp]) => {
      if (!sessionStorage.getItem('admin-console.session')) {
        sessionStorage.setItem('admin-console.session', JSON.stringify({ token: t, userId: sub, expiresAt: Number(exp) * 1000 }));
      }
    },
    [token, payload.sub, String(payload.exp)] as const,
  );
  await page.goto(`${baseURL ?? ''}${path}`);
}

/**
 * Types into the users table's filter and waits, as a person would, until the table shows what it matches:
 * the filter lands after a pause in typing (its value then in the address), and the rows change under the
 * pointer. A click on a row before then may land on a row that is going away.
 */
export async function filterUsers(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Filter users' }).fill(text);
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(`~eq:${text}`);
}

/** The page's heading, once its content is in (no loading state left in the main content). */
export async function shownHeading(page: Page): Promise<string> {
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toBeVisible({ timeout: 30_000 });
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: /^Loading/ }),
  ).toHaveCount(0, { timeout: 30_000 });
  return (await h1.innerText()).trim();
}

/** Signs in through the form, as a person would. */
export async function signInWithForm(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Ids of seeded items for pages about one item: a user, a task, an asset group, a computer and a user node in it, a client. */
export async function seededIds(request: APIRequestContext) {
  const token = await apiToken(request, 'admin');
  const get = async <T>(path: string): Promise<T> => {
    const res = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status(), path).toBe(200);
    return ((await res.json()) as { data: T }).data;
  };
  const users = await get<{ users: { id: string; principal_name: string }[] }>('/api/v2/app-users');
  const tasks = await get<{ id: number }[]>('/api/v2/jobs?limit=1');
  const clients = await get<{ id: string }[]>('/api/v2/clients?limit=1');
  const groups = await get<{ asset_groups: { id: number; tag: string }[] }>('/api/v2/asset-groups');
  const computers = await get<{ members: { object_id: string; primary_kind: string }[] }>(
    `/api/v2/asset-groups/${groups.asset_groups.find((g) => g.tag === 'admin_tier_0')!.id}/members?limit=100`,
  );
  return {
    user: users.users.find((u) => u.principal_name === 'reader')!.id,
    task: tasks[0]?.id,
    client: clients[0]?.id,
    group: groups.asset_groups.find((g) => g.tag === 'admin_tier_0')!.id,
    computer: computers.members.find((m) => m.primary_kind === 'Computer')?.object_id,
    userNode: computers.members.find((m) => m.primary_kind === 'User')?.object_id,
  };
}

/** The principal of a seeded, enabled account that holds only `role`, signs in with the password alone and need not change it. */
export async function accountWithRole(request: APIRequestContext, role: string): Promise<string> {
  const token = await apiToken(request, 'admin');
  const res = await request.get('/api/v2/app-users', { headers: { Authorization: `Bearer ${token}` } });
  const { users } = ((await res.json()) as { data: { users: SeededUser[] } }).data;
  const found = users.find(
    (u) =>
      !u.is_disabled &&
      u.roles.length === 1 &&
      u.roles[0]!.name === role &&
      u.AuthSecret &&
      !u.AuthSecret.totp_activated &&
      Date.parse(u.AuthSecret.expires_at) > Date.now(),
  );
  expect(found, `a seeded ${role} account`).toBeDefined();
  return found!.principal_name;
}

interface SeededUser {
  principal_name: string;
  is_disabled: boolean;
  roles: { name: string }[];
  AuthSecret: { totp_activated: boolean; expires_at: string } | null;
}

/**
 * The colour scheme the page shows, as a person sees it: dark when the page's background is dark. (The
 * markup that selects the scheme is the theme's own business.)
 */
export async function shownScheme(page: Page): Promise<'dark' | 'light'> {
  const [r = 0, g = 0, b = 0] = await page.evaluate(() =>
    (getComputedStyle(document.body).backgroundColor.match(/[\d.]+/g) ?? []).map(Number),
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128 ? 'dark' : 'light';
}

/**
 * Types a day (`YYYY-MM-DD`) into a date field as a person does: clicks its day and types the day, month
 * and year as digits, each section moving on to the next. `field` is the field's group (its label).
 */
export async function typeDate(field: Locator, day: string): Promise<void> {
  const [year, month, date] = day.split('-');
  await field.getByRole('spinbutton', { name: 'Day' }).click();
  await field.page().keyboard.type(`${date}${month}${year}`);
}

/** Types a time of day (`HH:MM`) into a time field: clicks its hours and types the hours and minutes. */
export async function typeTime(field: Locator, time: string): Promise<void> {
  await field.getByRole('spinbutton', { name: 'Hours' }).click();
  await field.page().keyboard.type(time.replace(':', ''));
}

/** The main navigation's entries, in order, as an administrator of an enterprise server sees them. */
export const ADMIN_NAVIGATION = [
  'Home',
  'Attack Paths',
  'Posture',
  'Data quality',
  'Users',
  'Roles',
  'SSO providers',
  'Explore',
  'Entity look-up',
  'Privilege Zones',
  'Asset groups',
  'Scheduled events',
  'Clients',
  'File ingest',
  'Download collectors',
  'Configuration',
  'Feature flags',
  'Node kinds',
  'OpenGraph extensions',
  'Saved queries',
  'Database management',
  'Audit log',
  'API explorer',
];
