import { apiToken, expect, signInWithForm, test } from './fixtures';
import { DEV_PORT_OFFSET, E2E_PORT, startServer, type RunningServer } from './servers';

/**
 * `npm run dev` still works: the Vite dev server (compiling on demand, with the mock mounted) in
 * community edition, signed in through the form. Every other test runs on the production build;
 * this one keeps the dev server exercised. It starts its own server (a cold start compiles every
 * page it opens), once per run.
 */
let dev: RunningServer | undefined;
test.afterAll(async () => dev?.stop());

test('the dev server serves the console and its mock (community edition)', async ({ page }) => {
  test.setTimeout(240_000);
  dev = await startServer(E2E_PORT + DEV_PORT_OFFSET, 'community', 'dev');
  const slow = { timeout: 120_000 };
  await page.goto(`${dev.url}/events`);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible(slow);
  await signInWithForm(page, 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Scheduled events' })).toBeVisible(slow);
  await expect(page.getByText('Scheduled events need the enterprise edition')).toBeVisible(slow);

  // The mock runs bundled in the dev server; its Cypher worker loads the sources beside the bundle.
  const token = await apiToken(page.request, 'admin', undefined, dev.url);
  const res = await page.request.post(`${dev.url}/api/v2/graphs/cypher`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { query: 'MATCH (d:Domain) RETURN d' },
  });
  expect(res.status()).toBe(200);
  const answer = (await res.json()) as { data: { nodes: Record<string, { kind: string }> } };
  expect(Object.values(answer.data.nodes).map((n) => n.kind)).toEqual(['Domain', 'Domain', 'Domain']);
});
