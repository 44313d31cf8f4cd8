import { fileURLToPath } from 'node:url';
import { apiToken, expect, signIn, test } from './fixtures';

/**
 * The whole loop on an emptied graph: upload a small collection, wait for its ingest and analysis, then
 * find its users through search, Cypher and their entity page; a file whose content is bad fails with its
 * reason, and nothing of it reaches the graph.
 */
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/ingest/${name}`, import.meta.url));
const ALICE = 'S-1-5-21-3000000001-3000000002-3000000003-1104';

test('an uploaded collection becomes the graph: search, Cypher and the entity page find it', async ({ page, request }) => {
  const token = await apiToken(request, 'admin');
  const auth = { Authorization: `Bearer ${token}` };
  // Start from an empty graph, as a person loading only their own data does.
  const cleared = await request.post('/api/v2/clear-database', { headers: auth, data: { deleteCollectedGraphData: true } });
  expect(cleared.status()).toBe(204);

  await signIn(page, 'admin', '/file-ingest');
  await expect(page.getByRole('button', { name: 'Choose files' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Collector files').setInputFiles([fixture('users.json'), fixture('people-bad.json')]);
  await page.getByRole('button', { name: 'Upload 2 files' }).click();

  const history = page.getByRole('table', { name: 'Upload history' });
  const job = history.getByRole('row').nth(1);
  await expect(job).toContainText('Partially complete', { timeout: 30_000 });
  const jobId = await job.getByRole('rowheader').innerText();
  await job.getByRole('button', { name: `Files of upload job ${jobId}` }).click();
  const files = page.getByRole('list', { name: `Files of upload job ${jobId}` });
  await expect(files.getByRole('listitem').filter({ hasText: 'users.json' })).toContainText(
    'Brought 2 objects (2 User) and 0 relationships.',
  );
  await expect(files.getByRole('listitem').filter({ hasText: 'people-bad.json' })).toContainText(
    'people-bad.json was not ingested: graph.nodes[1]',
  );

  // Search (what the console's pickers ask) finds the uploaded users by name.
  const found = await request.get('/api/v2/search?q=alice', { headers: auth });
  expect(found.status()).toBe(200);
  expect(JSON.stringify(await found.json())).toContain(ALICE);
  // The bad file's good node is not in the graph: it was applied whole or not at all.
  const people = await request.get('/api/v2/search?q=kept', { headers: auth });
  expect(JSON.stringify(await people.json())).not.toContain('OG-KEPT-OUT');

  // The upload's objects in Cypher: the two users, and nothing of the generated directory.
  await page.getByRole('link', { name: "Show this upload's objects in Cypher" }).click();
  await expect(page).toHaveURL(/\/explore\?q=.*tab=cypher/);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const answer = page.getByRole('table', { name: /Nodes/ });
  await expect(answer.getByRole('rowheader')).toHaveText(['ALICE@CORP.EXAMPLE.COM', 'BOB@CORP.EXAMPLE.COM'], {
    useInnerText: true,
  });

  // Alice in Explore, by the entity page's old address.
  await page.goto(`/entities/users/${ALICE}`);
  await expect(page.getByRole('complementary', { name: 'ALICE@CORP.EXAMPLE.COM' })).toBeVisible();
});
