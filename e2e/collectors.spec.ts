import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { apiToken, expect, signIn, test } from './fixtures';

/** The first page of a test can take a while on a busy server. */
const FIRST_LOAD = { timeout: 30_000 };

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Clicks `button` and answers the bytes of the file the browser saves. */
async function savedBytes(page: Page, button: ReturnType<Page['getByRole']>) {
  const started = page.waitForEvent('download');
  await button.click();
  const download = await started;
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

test.describe('download collectors', () => {
  test('download a release through the page: the saved file’s SHA-256 is the published one', async ({ page, request }, info) => {
    await signIn(page, 'uploader', '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Download collectors' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Download collectors' })).toBeVisible(FIRST_LOAD);

    const sharp = page.getByRole('table', { name: 'SharpHound releases' });
    await expect(sharp.getByRole('rowheader').first()).toContainText('Latest');
    await expect(sharp.getByRole('rowheader').last()).toContainText('Deprecated');
    const latest = ((await sharp.getByRole('rowheader').first().textContent()) ?? '').replace('Latest', '').trim();
    await page.screenshot({ path: info.outputPath('collectors-page.png'), fullPage: true });

    const file = await savedBytes(page, sharp.getByRole('button', { name: `Download SharpHound ${latest}` }));
    expect(file.name).toBe(`sharphound-${latest}.zip`);
    const outcome = page.getByRole('status', { name: `SharpHound ${latest}: Checksum matches` });
    await expect(outcome).toBeVisible();
    await page.screenshot({ path: info.outputPath('collectors-downloaded.png'), fullPage: true });

    // What the page computed, what the server publishes and what the browser saved are one digest.
    const token = await apiToken(request, 'uploader');
    const checksum = await request.get(`/api/v2/collectors/sharphound/${latest}/checksum`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const published = (await checksum.text()).split(/\s+/)[0]!;
    expect(sha256(file.bytes)).toBe(published);
    await expect(outcome.getByText(published, { exact: true })).toHaveCount(2);
    expect(strFromU8(unzipSync(file.bytes)['README.txt']!)).toContain(`SharpHound ${latest}`);
  });

  test('bytes changed on the way: the page says not to run the file', async ({ page }, info) => {
    await page.route('**/api/v2/collectors/azurehound/v2.2.1', async (route) => {
      const real = await route.fetch();
      const body = Buffer.from(await real.body());
      body[body.length - 200]! ^= 0xff;
      await route.fulfill({ response: real, body });
    });
    await signIn(page, 'reader', '/download-collectors');
    const azure = page.getByRole('table', { name: 'AzureHound releases' });
    const file = await savedBytes(page, azure.getByRole('button', { name: 'Download AzureHound v2.2.1' }));
    const outcome = page.getByRole('alert', { name: 'AzureHound v2.2.1: Checksum does NOT match — do not run this file' });
    await expect(outcome).toBeVisible(FIRST_LOAD);
    await expect(outcome.getByText(sha256(file.bytes), { exact: true })).toBeVisible();
    await page.screenshot({ path: info.outputPath('collectors-mismatch.png'), fullPage: true });
  });

  test('enterprise lists the kennel’s files, which download and verify; community does not', async ({ page, communityURL }) => {
    await signIn(page, 'admin', '/download-collectors');
    const kennel = page.getByRole('table', { name: 'Enterprise collector files' });
    await expect(kennel.getByRole('rowheader', { name: 'azurehound-v2.3.0.zip' })).toBeVisible(FIRST_LOAD);
    const file = await savedBytes(page, kennel.getByRole('button', { name: 'Download azurehound-v2.3.0.zip' }));
    expect(file.name).toBe('azurehound-v2.3.0.zip');
    await expect(page.getByRole('status', { name: 'azurehound-v2.3.0.zip: Checksum matches' })).toBeVisible();

    const community = await page.context().browser()!.newPage();
    await signIn(community, 'admin', '/download-collectors', communityURL);
    await expect(community.getByRole('table', { name: 'AzureHound releases' }).getByRole('rowheader').first()).toBeVisible(
      FIRST_LOAD,
    );
    await expect(community.getByRole('table', { name: 'Enterprise collector files' })).toHaveCount(0);
    await community.close();
  });
});
