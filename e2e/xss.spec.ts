import type { APIRequestContext, Page } from '@playwright/test';
import { directoryGraph } from '../src/mock-server/seed/graph';
import { apiToken, expect, signIn, test } from './fixtures';

/**
 * Everything a person or the server supplies (names, descriptions, graph
 * properties, error messages) is rendered as text (issue 8). Markup is seeded
 * through the API where the service accepts it, and put into the server's
 * answers (page.route) where it does not (SSO provider names are restricted,
 * saved queries, clients, events and the graph are read-only). Each page must
 * show the markup literally, run nothing, and add no element from it. The
 * enterprise server runs the production build under the Content-Security-Policy,
 * which would also block inline handlers: the DOM checks catch markup that was
 * parsed even when the policy stopped it from running.
 */
const IMG = '<img src=x onerror=alert(1)>';
const SCRIPT = '<script>window.__xss=1</script>';
/** Breaks out of a quoted attribute if one is ever built by hand. */
const ATTR = '"\'><img src=x onerror=alert(2)>';

/** The first page of a test can take a while on a busy machine. */
const FIRST_LOAD = { timeout: 30_000 };

const graph = directoryGraph();
const userNode = graph.nodes.find((n) => n.primaryKind === 'User')!;

/** Watches a page for anything the markup could make happen. */
function watch(page: Page) {
  const dialogs: string[] = [];
  const violations: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('console', (m) => {
    if (/Content Security Policy|inline event handler/i.test(m.text())) violations.push(m.text());
  });
  return {
    /** Nothing ran, nothing was parsed into elements, the policy never had to step in. */
    async inert(where: string) {
      expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss), `${where}: window.__xss`).toBeUndefined();
      expect(await page.locator('img[src="x"]').count(), `${where}: <img src=x> elements`).toBe(0);
      expect(
        await page.locator('script').evaluateAll((els) => els.filter((e) => (e.textContent ?? '').includes('__xss')).length),
        `${where}: injected <script> elements`,
      ).toBe(0);
      expect(dialogs, `${where}: dialogs`).toEqual([]);
      expect(violations, `${where}: CSP violations`).toEqual([]);
    },
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function api(request: APIRequestContext, token: string, method: 'POST' | 'PUT', path: string, data: unknown) {
  const res = await request.fetch(path, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json().catch(() => null)) as { data: Record<string, unknown> } | null;
}

/** Answers `pattern` with the real answer, changed by `edit` (a server that sends markup). */
async function tamper(page: Page, pattern: RegExp, edit: (body: { data: unknown }) => void): Promise<void> {
  await page.route(
    (url) => pattern.test(url.pathname),
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: unknown };
      edit(body);
      await route.fulfill({ response, json: body });
    },
  );
}

test.describe('markup is shown as text', () => {
  test('names people typed: users, asset groups, and server messages that echo them (a taken tag, a refused file)', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, 'admin');
    const roles = (await (await request.get('/api/v2/roles', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      data: { roles: { id: number; name: string }[] };
    };
    const userRole = roles.data.roles.find((r) => r.name === 'User')!;
    const created = await api(request, token, 'POST', '/api/v2/app-users', {
      first_name: IMG,
      last_name: SCRIPT,
      email_address: 'xss.person@example.com',
      principal: `xss${ATTR}`,
      roles: [userRole.id],
      secret: 'Garden-Gate-2026!',
    });
    await api(request, token, 'POST', '/api/v2/asset-groups', { name: `Group ${IMG}`, tag: 'xss_group' });

    const page$ = watch(page);
    const fullName = `${IMG} ${SCRIPT}`;
    await signIn(page, 'admin', '/users?q=xss');
    await expect(page.getByRole('link', { name: fullName })).toBeVisible(FIRST_LOAD);
    await expect(page.getByText(`xss${ATTR}`, { exact: true })).toBeVisible();
    await page$.inert('users list');

    await page.getByRole('link', { name: fullName }).click();
    await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/users/${created!.data.id as string}$`));
    await page$.inert('user page');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Asset groups' }).click();
    await page.getByRole('link', { name: `Group ${IMG}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Group ${IMG}` })).toBeVisible();
    await page$.inert('asset group page');

    // The server's refusal quotes the group's name back.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Asset groups' }).click();
    await page.getByRole('button', { name: 'Create group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create asset group' });
    await dialog.getByLabel('Name').fill('Another group');
    await dialog.getByLabel('Tag').fill('xss_group');
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await expect(
      dialog.getByText(`The tag "xss_group" is already used by the asset group "Group ${IMG}". Choose another tag.`),
    ).toBeVisible();
    await page$.inert('asset group refusal');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();

    // A file name is quoted back in the server's refusal of the file.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'File ingest' }).click();
    await page.getByLabel('Collector files').setInputFiles({
      name: `${IMG}.json`,
      mimeType: 'application/json',
      buffer: Buffer.from('{"data": ['),
    });
    await page.getByRole('button', { name: 'Upload 1 file' }).click();
    await expect(page.getByText(new RegExp(`^${escapeRegExp(IMG)}\\.json was refused: it is not valid JSON`))).toBeVisible();
    await page$.inert('file refusal');
  });

  test('what the server sends: SSO providers, saved queries, clients, events, selectors, members, graph properties, configuration, error messages', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, 'admin');
    const events = (await (await request.get('/api/v2/events', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      data: { id: number }[];
    };
    const eventId = events.data[0]!.id;

    type Named = { name: string; [k: string]: unknown };
    await tamper(page, /^\/api\/v2\/sso-providers$/, (b) => {
      (b.data as Named[])[0]!.name = `sso ${IMG}`;
    });
    await tamper(page, /^\/api\/v2\/saved-queries$/, (b) => {
      (b.data as Named[])[0]!.name = `query ${IMG}`;
    });
    await tamper(page, /^\/api\/v2\/clients$/, (b) => {
      (b.data as Named[])[0]!.name = `client ${IMG}`;
    });
    await tamper(page, new RegExp(`^/api/v2/events/${eventId}$`), (b) => {
      const e = b.data as { ous: Named[]; domains: Named[] };
      if (e.ous[0]) e.ous[0].name = `ou ${IMG}`;
      if (e.domains[0]) e.domains[0].name = `domain ${SCRIPT}`;
    });
    await tamper(page, /^\/api\/v2\/asset-groups\/1$/, (b) => {
      const s = (b.data as { selectors: { name: string; selector: string }[] }).selectors[0]!;
      s.name = `selector ${IMG}`;
      s.selector = SCRIPT;
    });
    await tamper(page, /^\/api\/v2\/asset-groups\/1\/members$/, (b) => {
      (b.data as { members: Named[] }).members[0]!.name = `member ${IMG}`;
    });
    await tamper(page, /^\/api\/v2\/users\/[^/]+$/, (b) => {
      const props = (b.data as { props: Record<string, unknown> }).props;
      props.name = `node ${IMG}`;
      props.description = `${SCRIPT} ${ATTR}`;
    });
    await tamper(page, /^\/api\/v2\/config$/, (b) => {
      const p = (b.data as { key: string; description: string; value: Record<string, unknown> }[]).find(
        (x) => x.key === 'eula.custom_text',
      )!;
      p.description = `config ${IMG}`;
      p.value = { custom_text: `${SCRIPT} ${ATTR}` };
    });
    // An error answer whose message carries markup (as one that quotes a request back would).
    await page.route(
      (url) => url.pathname === '/api/v2/features',
      (route) =>
        route.fulfill({
          status: 400,
          json: {
            http_status: 400,
            timestamp: '2026-11-22T10:00:00Z',
            request_id: 'xss',
            errors: [{ context: 'request', message: `No feature named ${IMG}.` }],
          },
        }),
    );

    const page$ = watch(page);
    const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
    await signIn(page, 'admin', '/sso-providers');
    await expect(page.getByText(`sso ${IMG}`, { exact: true }).first()).toBeVisible(FIRST_LOAD);
    await page$.inert('SSO providers');

    await nav('Saved queries');
    await expect(page.getByText(`query ${IMG}`, { exact: true }).first()).toBeVisible();
    await page$.inert('saved queries');

    await nav('Clients');
    await expect(page.getByText(`client ${IMG}`, { exact: true }).first()).toBeVisible();
    await page$.inert('clients');

    await nav('Scheduled events');
    await page.getByRole('link', { name: `Event ${eventId}`, exact: true }).click();
    await expect(
      page
        .getByText(`ou ${IMG}`, { exact: true })
        .or(page.getByText(`domain ${SCRIPT}`, { exact: true }))
        .first(),
    ).toBeVisible();
    await page$.inert('scheduled event');

    await nav('Asset groups');
    await page.getByRole('link', { name: 'Admin Tier Zero' }).click();
    await expect(page.getByText(`selector ${IMG}`, { exact: true })).toBeVisible();
    await expect(page.getByText(SCRIPT, { exact: true })).toBeVisible();
    await expect(page.getByText(`member ${IMG}`, { exact: true })).toBeVisible();
    await page$.inert('asset group selectors and members');

    await nav('Configuration');
    await expect(page.getByText(`config ${IMG}`, { exact: true })).toBeVisible();
    await expect(page.getByText(`${SCRIPT} ${ATTR}`).first()).toBeVisible();
    await page$.inert('configuration');

    await nav('Feature flags');
    await expect(page.getByRole('main').getByRole('alert')).toContainText(`No feature named ${IMG}.`);
    await page$.inert('error message');

    await page.goto(`/explore?search=${userNode.objectid}&selected=${userNode.objectid}`);
    await expect(page.getByRole('complementary').getByRole('heading', { level: 2, name: `node ${IMG}` })).toBeVisible();
    await expect(page.getByText(`${SCRIPT} ${ATTR}`).first()).toBeVisible();
    await page$.inert('graph node properties');
  });
});
