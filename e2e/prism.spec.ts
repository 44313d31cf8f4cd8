import type { Page, Response, Route } from '@playwright/test';
import type { RouteObject } from 'react-router-dom';
import { apiOps } from '../src/api/operations/api';
import { areas } from '../src/app/areas';
import { ALL_PERMISSIONS } from '../src/shared/permissions';
import { expect, PASSWORD, test } from './fixtures';
import { startPrism } from './prism';
import { correctedReference, inDocument } from './prism-reference';
import { E2E_PORT, startServer, UPSTREAM_BUILD, type RunningServer } from './servers';

/**
 * The console against the upstream contract (reference/openapi-subset.json), with Prism
 * (@stoplight/prism-cli):
 *
 * - `prism mock -d --seed S`: every answer is a random but valid answer of the document. For each seed the
 *   console signs in with the form and opens every page its areas define (src/app/areas.ts), each page about
 *   one item with an id from the list the document answers; each must render its heading without a route
 *   error, an uncaught error or an answer refused as "not in the expected shape".
 * - `prism proxy` in front of the mock service: the console signs in and makes its main writes and filtered
 *   reads on the mock's data, and every request it sends must pass the document's request rules. The pages'
 *   own reads are checked by the first run already (Prism's mock refuses a request the document refuses, as
 *   its proxy does), so this run does not open every page again.
 *
 * Both serve the build an upstream deployment makes (user paths `bloodhound-users`, as the document spells
 * them; the global set-up builds it). Worker i's servers use ports E2E_PORT + 40 + 2i and the next one.
 */
/**
 * Prism's seeds: each a different set of random answers, each run opening every page. One seed renders every
 * page against a random answer; more seeds (PRISM_SEEDS=1,2,3, or others) try more answers at a minute each.
 */
const SEEDS = (process.env.PRISM_SEEDS ?? '1').split(',').map(Number);
const FIRST_LOAD = { timeout: 30_000 };
/** Prism's port and the console's, of this worker. */
function ports(): { prism: number; console: number } {
  const base = E2E_PORT + 40 + 2 * test.info().parallelIndex;
  return { prism: base, console: base + 1 };
}

let reference = '';
test.beforeAll(() => {
  reference = correctedReference(test.info().parallelIndex);
});

// --- The pages, from the console's own route definitions ---------------------------------------------------

/** Every page path of the console (`users/:userId`, …; `` for home), from each area's routes. */
function pagePaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.index ? parent : route.path ? [parent, route.path].filter(Boolean).join('/') : parent;
    const own = route.index || route.path ? [path.replace(/^\//, '')] : [];
    return [...own, ...pagePaths(route.children ?? [], path)];
  });
}
const PAGES = [...new Set(pagePaths(areas.flatMap((a) => a.routes)))];

type Get = (path: string) => Promise<unknown>;
/** A field of a JSON answer by its path (`data.users.0.id`), or undefined. */
function pick(answer: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), answer);
}
/**
 * Where a page's item id comes from: a list the document answers (operation, the list's field, the id's field).
 * A page with a new kind of id needs its line here; the run fails naming the parameter until it has one.
 */
const ID_SOURCES: Record<string, [string, string, string]> = {
  userId: ['/api/v2/bloodhound-users', 'data.users', 'id'],
  roleId: ['/api/v2/roles', 'data.roles', 'id'],
  samlProviderId: ['/api/v2/sso-providers', 'data', 'details.id'],
  tagId: ['/api/v2/asset-group-tags', 'data.tags', 'id'],
  assetGroupId: ['/api/v2/asset-groups', 'data.asset_groups', 'id'],
  eventId: ['/api/v2/events', 'data', 'id'],
  clientId: ['/api/v2/clients', 'data', 'id'],
  taskId: ['/api/v2/jobs', 'data', 'id'],
  jobId: ['/api/v2/jobs', 'data', 'id'],
  objectId: ['/api/v2/asset-groups/1/members', 'data.members', 'object_id'],
};

/**
 * Pages whose one answer the document types as an opaque text any random string satisfies, yet the page truly
 * needs more: the API document (`GET /api/v2/spec`, text/x-yaml "binary") must be an OpenAPI document to be
 * shown. There the page must fail clearly, naming the operation (the value), and nothing else may fail.
 */
const OPAQUE_ANSWERS: Record<string, string> = { '/api-explorer': apiOps.getApiSpec.summary };

/** The first id of a list that a real server could hand out: a positive number (random ones may be negative) or a text. */
function firstId(list: unknown, field: string): string | undefined {
  for (const item of Array.isArray(list) ? list : []) {
    const id = pick(item, field);
    if ((typeof id === 'number' && id > 0) || (typeof id === 'string' && id.trim() !== '')) return String(id);
  }
  return undefined;
}

/** Each page's address, its parameters filled from list answers; a page whose list holds no such id is left out and noted. */
async function addresses(get: Get): Promise<string[]> {
  const out: string[] = [];
  for (const path of PAGES) {
    let address: string | undefined = `/${path}`;
    for (const [, name] of path.matchAll(/:(\w+)/g)) {
      const source = ID_SOURCES[name!];
      expect(source, `an id source for the page parameter :${name} (ID_SOURCES)`).toBeDefined();
      const [operation, list, field] = source!;
      const id = firstId(pick(await get(operation), list), field);
      if (id === undefined) {
        test.info().annotations.push({ type: 'page left out', description: `${path}: ${operation} listed no usable id` });
        address = undefined;
        break;
      }
      address = address.replace(`:${name}`, encodeURIComponent(id));
    }
    if (address) out.push(address);
  }
  return out;
}

// --- What a page must show -----------------------------------------------------------------------------------

/**
 * A page renders: its heading, no route error, no answer refused, no uncaught error. Soft checks, so one run
 * lists every page that breaks. The answers are Prism's random ones, so OPAQUE_ANSWERS apply.
 */
async function expectRendered(page: Page, address: string, pageErrors: string[]): Promise<void> {
  const main = page.getByRole('main');
  await expect.soft(page.getByRole('heading', { level: 1 }).first(), address).toBeVisible(FIRST_LOAD);
  await expect
    .soft(main.getByRole('status').filter({ hasText: /^Loading/ }), `${address} finishes loading`)
    .toHaveCount(0, FIRST_LOAD);
  expect.soft(await page.getByText('Something went wrong').count(), `${address}: the route's error page`).toBe(0);
  const refused = await page.getByText(/was not in the expected shape|was not valid JSON/).allInnerTexts();
  const opaque = OPAQUE_ANSWERS[address];
  if (opaque) {
    // The page cannot work with a random text: it must say so, naming the operation, and nothing else may fail.
    expect.soft(refused.filter((text) => text.includes(`"${opaque}"`)).length, `${address}: says "${opaque}" failed`).toBe(1);
  }
  expect
    .soft(
      refused.filter((text) => !opaque || !text.includes(`"${opaque}"`)),
      `${address}: answers refused`,
    )
    .toEqual([]);
  expect.soft(pageErrors.splice(0), `${address}: uncaught errors`).toEqual([]);
}

/** Opens every page (item ids from `get`, the answers the console's API gives) and checks each renders; the addresses opened. */
async function openEveryPage(page: Page, origin: string, get: Get, pageErrors: string[]): Promise<string[]> {
  const opened = await addresses(get);
  for (const address of opened) {
    await page.goto(`${origin}${address}`);
    await expectRendered(page, address, pageErrors);
  }
  test.info().annotations.push({ type: 'pages', description: opened.join(' ') });
  return opened;
}

/** The console as an upstream deployment builds it, served on `port` with /api sent to `api`. */
function startConsole(port: number, api: string): Promise<RunningServer> {
  return startServer(port, 'enterprise', 'preview', { build: UPSTREAM_BUILD, apiProxyTarget: api });
}

/** Signs in through the form, as a person does, and waits until the console has left the sign-in page. */
async function signInWithForm(page: Page, origin: string, username: string, password: string): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/, FIRST_LOAD);
}

/** Prism's refusal of a request or an answer: `{ type: …#VIOLATIONS, validation: [{ location, message }] }`, or its `sl-violations` header. */
interface Violation {
  location: string[];
  message: string;
}
async function violationsOf(response: Response): Promise<Violation[]> {
  const header = response.headers()['sl-violations'];
  if (header) return JSON.parse(header) as Violation[];
  if (!response.headers()['content-type']?.includes('application/problem+json')) return [];
  const body = (await response.json().catch(() => null)) as { type?: string; validation?: Violation[] } | null;
  return body?.type?.endsWith('#VIOLATIONS') ? (body.validation ?? []) : [];
}

/**
 * Deprecated parameters the console sends because the document offers nothing in their place:
 * `/domains/{id}/details` filters accepted principals only through `Accepted` (its snake-case
 * `accepted_until` cannot tell an acceptance without expiry from none).
 */
const DEPRECATED_WITHOUT_SUCCESSOR = new Set(['Accepted']);
function knowinglyDeprecated(v: Violation): boolean {
  const param = /^Query param (\S+) is deprecated$/.exec(v.message)?.[1];
  return param !== undefined && DEPRECATED_WITHOUT_SUCCESSOR.has(param);
}

/** Collects, for every answer to the console's API requests, what Prism found wrong with the request and with the answer. */
function watchViolations(page: Page) {
  const found = { request: [] as string[], response: [] as string[] };
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    pending.push(
      violationsOf(response).then((violations) => {
        for (const v of violations) {
          if (knowinglyDeprecated(v)) continue;
          const where = v.location[0] === 'request' ? found.request : found.response;
          where.push(`${response.request().method()} ${url.pathname}${url.search}: ${v.message}`);
        }
      }),
    );
  });
  return { found, settled: () => Promise.all(pending) };
}

// --- The signed-in person -----------------------------------------------------------------------------------

/**
 * The one answer the run shapes: who is signed in (GET /api/v2/self), so that every page is allowed and the
 * run reaches them all. Prism's own answer is kept, its first role then holding every permission the console
 * knows (when it lists no role, one made of the user's own record fields), each permission made from a
 * permission record of the answer: a valid `model.user` still.
 */
async function everyPermission(page: Page): Promise<void> {
  await page.route('**/api/v2/self', async (route: Route) => {
    type Fields = { [field: string]: unknown };
    const response = await route.fetch();
    const answer = (await response.json()) as { data: Fields & { roles?: Fields[] } };
    const user = answer.data;
    const { created_at, updated_at, deleted_at } = user;
    const [first = { id: 1, created_at, updated_at, deleted_at, name: 'Administrator', description: '' }, ...others] =
      user.roles ?? [];
    const template = (first.permissions as Fields[] | undefined)?.[0] ?? { created_at, updated_at, deleted_at };
    const permissions = ALL_PERMISSIONS.map((permission, i) => {
      const [authority, name] = permission.split('.') as [string, string];
      return { ...template, id: i + 1, authority, name };
    });
    await route.fulfill({ response, json: { ...answer, data: { ...user, roles: [{ ...first, permissions }, ...others] } } });
  });
}

/**
 * The console's main writes and filtered reads, as a person makes them: a user, an API token, a collection
 * run, a Cypher query, and the tables' filters, sorts and date ranges carried in their addresses.
 */
async function mainFlows(page: Page, origin: string): Promise<void> {
  const open = async (address: string) => {
    await page.goto(`${origin}${address}`);
    await expect(page.getByRole('heading', { level: 1 }).first(), address).toBeVisible(FIRST_LOAD);
  };

  await open('/users');
  await page.getByRole('button', { name: 'Create user' }).click();
  const form = page.getByRole('dialog', { name: 'Create user' });
  await form.getByLabel('First name').fill('Nora');
  await form.getByLabel('Last name').fill('Field');
  await form.getByLabel('Email address').fill('nora.field@example.com');
  await form.getByLabel('Principal name').fill('nora.field');
  await form.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: /^User/ }).click();
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('Garden-Gate-2026!');
  await form.getByLabel('Confirm password').fill('Garden-Gate-2026!');
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('Created Nora Field.')).toBeVisible();

  await open('/profile');
  await page.getByRole('button', { name: 'Create token' }).click();
  const token = page.getByRole('dialog', { name: 'Create an API token' });
  await token.getByRole('textbox', { name: 'Token name' }).fill('Nightly export');
  await token.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByRole('dialog', { name: 'API token “Nightly export” created' });
  await shown.getByRole('button', { name: /^Done/ }).click();
  await expect(page.getByRole('table', { name: 'Your API tokens' }).getByRole('row', { name: /Nightly export/ })).toBeVisible();

  await open('/clients');
  const client = page.getByRole('row', { name: 'SharpHound Dev Lab', exact: true });
  await client.getByRole('button', { name: 'Run collection now on SharpHound Dev Lab' }).click();
  const run = page.getByRole('dialog', { name: 'Run collection now on SharpHound Dev Lab' });
  await run.getByLabel('Certificate services').check();
  await run.getByRole('button', { name: 'Run collection' }).click();
  await expect(page.getByRole('status', { name: /^Job \d+$/ })).toContainText('on SharpHound Dev Lab');

  await open('/cypher');
  // As a person does: the editor is there, the picked query is in it, then it runs.
  const editor = page.getByRole('textbox', { name: 'Cypher query' });
  await expect(editor).toBeVisible(FIRST_LOAD);
  await page.getByRole('list', { name: 'Pre-built queries' }).getByRole('button', { name: 'All Domain Admins' }).click();
  await expect(editor).toContainText("ENDS WITH '-512'");
  await expect(editor).toBeFocused();
  await page.keyboard.press('Control+Enter');
  // The mock's first query also starts its Cypher worker threads.
  await expect(page.getByRole('table', { name: 'Nodes' }).getByRole('rowheader').first()).toBeVisible(FIRST_LOAD);

  for (const address of [
    '/users?q=~eq:ad&status=eq:enabled&sort_by=-last_login&page_size=10',
    '/audit?action=eq:UpdateUser&status=eq:success&after=2026-01-01&before=2026-12-31&sort_by=actor_name',
    '/privilege-zones/history?after=2026-01-01&before=2026-12-31&sort_by=action',
    '/clients?tasks.sort_by=-id&tasks.page=2&tasks.page_size=10',
  ]) {
    await open(address);
    await expect(
      page
        .getByRole('main')
        .getByRole('status')
        .filter({ hasText: /^Loading/ }),
      address,
    ).toHaveCount(0, FIRST_LOAD);
  }
}

/** Closes the page (nothing more asks the servers), keeps the end of Prism's log with the test's results, and stops the servers. */
async function stopAll(page: Page, servers: (RunningServer & { log?: () => string })[]): Promise<void> {
  await page.close();
  for (const server of servers.reverse()) {
    if (server.log) await test.info().attach('prism log (end)', { body: server.log().slice(-20_000), contentType: 'text/plain' });
    await server.stop();
  }
}

// --- The runs -------------------------------------------------------------------------------------------------

for (const seed of SEEDS) {
  test(`every page renders on the document's random answers, seed ${seed}`, async ({ page }) => {
    // Every page, each loaded afresh, and two servers started: on a busy machine that can take minutes.
    test.setTimeout(600_000);
    const servers: (RunningServer & { log?: () => string })[] = [];
    try {
      const port = ports();
      const prism = await startPrism(port.prism, ['mock', '-d', '--seed', String(seed), reference]);
      servers.push(prism);
      const console_ = await startConsole(port.console, prism.url);
      servers.push(console_);
      const get: Get = async (path) =>
        (await fetch(`${prism.url}${path}`, { headers: { Authorization: 'Bearer prism' } })).json();

      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      const violations = watchViolations(page);
      await everyPermission(page);
      await signInWithForm(page, console_.url, 'prism-user', 'any valid secret');

      await openEveryPage(page, console_.url, get, pageErrors);
      await violations.settled();
      expect(violations.found.request, 'requests the document refuses').toEqual([]);
    } finally {
      await stopAll(page, servers);
    }
  });
}

test("the console's writes and filtered reads pass the document's request rules (Prism's proxy in front of the mock)", async ({
  page,
  baseURL,
}) => {
  // Two servers and the main flows, behind Prism's proxy: on a busy machine that can take minutes.
  test.setTimeout(600_000);
  const mock = baseURL!;
  const servers: (RunningServer & { log?: () => string })[] = [];
  try {
    const port = ports();
    // Without --errors: Prism then passes every answer on, naming what it finds wrong in `sl-violations`; with
    // it, each answer of the mock the document disagrees with (its listed defects) would become a 500.
    const proxy = await startPrism(port.prism, ['proxy', reference, mock]);
    servers.push(proxy);
    const console_ = await startConsole(port.console, proxy.url);
    servers.push(console_);

    // What the document lacks, Prism answers 404 without asking the mock: those requests go to the mock directly, listed.
    const outside = new Set<string>();
    await page.route(`${console_.url}/api/**`, async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      if (inDocument(request.method(), url.pathname)) return route.fallback();
      outside.add(`${request.method()} ${url.pathname}`);
      await route.fulfill({ response: await route.fetch({ url: `${mock}${url.pathname}${url.search}` }) });
    });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const violations = watchViolations(page);
    await signInWithForm(page, console_.url, 'admin', PASSWORD);
    await mainFlows(page, console_.url);
    expect.soft(pageErrors, 'uncaught errors in the flows').toEqual([]);

    await violations.settled();
    test
      .info()
      .annotations.push(
        { type: 'outside the document', description: [...outside].sort().join('; ') || 'none' },
        { type: "the mock's answers the document disagrees with", description: String(violations.found.response.length) },
      );
    expect(violations.found.request, 'requests the document refuses').toEqual([]);
  } finally {
    await stopAll(page, servers);
  }
});
