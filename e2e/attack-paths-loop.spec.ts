import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, expect, signIn, test } from './fixtures';

/**
 * Upstream's loop on the enterprise edition: a collection that gives a principal outside Tier Zero DCSync on
 * a domain becomes a finding after analysis; accepting its risk hides it from the list and leaves the posture
 * figures as they were; a later collection that removes the principal remediates the finding at the next
 * analysis.
 */
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/findings/${name}`, import.meta.url));
const EVE = 'EVE.SYNC@PARTNER.EXAMPLE.COM';
const CORP = 'S-1-5-21-4107638521-1930581446-2864410937';

interface Row {
  id: number;
  status: string;
  source_principal_name: string;
  environment_id: string;
}

async function eveFindings(request: APIRequestContext, auth: Record<string, string>, status: string): Promise<Row[]> {
  const res = await request.get(
    `/api/v2/attack-paths/findings?finding=T0DCSync&source_principal_name=${encodeURIComponent(EVE)}&status=${status}`,
    { headers: auth },
  );
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Row[] }).data;
}

/** Today's posture figure of CORP (findings, counted after analysis). */
async function findingsToday(request: APIRequestContext, auth: Record<string, string>): Promise<number> {
  const res = await request.get(`/api/v2/posture-history/findings?environments=${CORP}`, { headers: auth });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { value: number }[] }).data.at(-1)!.value;
}

async function upload(page: Page, files: string[]): Promise<void> {
  await page.goto('/file-ingest');
  await page.getByLabel('Collector files').setInputFiles(files.map(fixture));
  await page.getByRole('button', { name: files.length === 1 ? 'Upload 1 file' : `Upload ${files.length} files` }).click();
  await expect(page.getByRole('table', { name: 'Upload history' }).getByRole('row').nth(1)).toContainText('Complete', {
    timeout: 30_000,
  });
}

test('a DCSync principal becomes a finding, is accepted without changing posture, and is remediated by ingest', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const auth = { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
  await signIn(page, 'admin', '/file-ingest');
  await expect(page.getByRole('button', { name: 'Choose files' })).toBeVisible({ timeout: 30_000 });
  await upload(page, ['users.json', 'domains.json']);
  // Analysis follows the ingest: the finding appears once it has run.
  await expect.poll(async () => (await eveFindings(request, auth, 'active')).length, { timeout: 60_000 }).toBe(1);
  const [finding] = await eveFindings(request, auth, 'active');
  expect(finding!.environment_id).toBe(CORP);
  const before = await findingsToday(request, auth);

  // The table view lists it; the graph view shows its type and the principal, and accepts its risk.
  await page.goto(`/attack-paths/table?source_principal_name=${encodeURIComponent('~eq:EVE.SYNC')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Attack Paths' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: EVE })).toBeVisible();
  await page.goto(`/attack-paths?environment=${CORP}&finding=T0DCSync`);
  const principal = page.getByRole('row').filter({ hasText: EVE });
  await expect(principal).toBeVisible();
  await principal.getByRole('button', { name: /^Accept risk of / }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept risk' });
  await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Replication account of the partner sync, approved');
  await dialog.getByRole('button', { name: 'Accept risk' }).click();
  await expect(dialog).toBeHidden();
  // Hidden from the principals once accepted, and no longer active; the posture figures keep it.
  await expect(principal).toHaveCount(0);
  expect(await eveFindings(request, auth, 'active')).toEqual([]);
  expect((await eveFindings(request, auth, 'accepted')).map((f) => f.id)).toEqual([finding!.id]);
  expect(await findingsToday(request, auth)).toBe(before);

  // A collection that deletes the principal removes the condition: remediated after the next analysis.
  await upload(page, ['deleted.json']);
  await expect.poll(async () => (await eveFindings(request, auth, 'remediated')).length, { timeout: 60_000 }).toBe(1);
  expect((await eveFindings(request, auth, 'remediated'))[0]!.id).toBe(finding!.id);
  expect(await eveFindings(request, auth, 'accepted')).toEqual([]);
  await page.goto(
    `/attack-paths/table?finding=${encodeURIComponent('eq:T0DCSync')}&status=${encodeURIComponent('eq:remediated')}`,
  );
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: EVE })).toContainText(/remediated/i);
});
