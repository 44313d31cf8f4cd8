import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test, type Account } from './fixtures';

/**
 * Signs in, opens the ingest page and waits until `ready` shows. The first load
 * of a lazy page on a freshly started dev server can take longer than one
 * expect timeout on a busy machine; later steps use the normal timeout.
 */
async function open(page: Page, user: Account, ready: (page: Page) => Locator) {
  await signIn(page, user, '/file-ingest');
  await expect(ready(page)).toBeVisible({ timeout: 30_000 });
}

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/ingest/${name}`, import.meta.url));

test.describe('file ingest', () => {
  test('uploads two good files and one bad one, with progress, the refusal reason and the finished job', async ({ page }) => {
    await open(page, 'uploader', (p) => p.getByRole('button', { name: 'Choose files' }));
    await page
      .getByLabel('Collector files')
      .setInputFiles([fixture('users.json'), fixture('broken.json'), fixture('groups.zip')]);
    const files = page.getByRole('list', { name: 'Files to upload' });
    await expect(files.getByRole('listitem')).toHaveCount(3);
    await expect(files.getByRole('listitem', { name: 'users.json' })).toContainText('Waiting');
    // A file that waits has no progress to show: no bar that could read as done.
    await expect(page.getByRole('progressbar', { name: /^Upload progress of / })).toHaveCount(0);

    await page.getByRole('button', { name: 'Upload 3 files' }).click();

    for (const name of ['users.json', 'groups.zip']) {
      await expect(page.getByRole('progressbar', { name: `Upload progress of ${name}` })).toHaveAttribute('aria-valuenow', '100');
      await expect(files.getByRole('listitem', { name })).toContainText('Uploaded');
    }
    const bad = files.getByRole('listitem', { name: 'broken.json' });
    await expect(bad).toContainText('Refused');
    await expect(bad).toContainText('broken.json was refused: it is not valid JSON: the file ends before the JSON is complete.');
    await expect(page.getByRole('status').getByText(/2 files uploaded, 1 refused/)).toBeVisible();

    // The job appears at the top of the history, ingests, and finishes on its own.
    const history = page.getByRole('table', { name: 'Upload history' });
    const job = history.getByRole('row').nth(1);
    await expect(job).toContainText('uploader@example.com');
    await expect(job).toContainText('Partially complete');
    await expect(job).toContainText('Ingested 2 of 3 files; 1 failed.');
    // The job number heads the row; its cells: uploaded by, started, ended, status, files (with how many failed).
    await expect(job.getByRole('rowheader')).toHaveText(/^\d+$/);
    await expect(job.getByRole('cell').nth(5)).toHaveText('3 1 failed', { useInnerText: true });

    // The job opens in place on what each of its files produced.
    const jobId = await job.getByRole('rowheader').innerText();
    await job.getByRole('button', { name: `Files of upload job ${jobId}` }).click();
    const produced = page.getByRole('list', { name: `Files of upload job ${jobId}` });
    await expect(produced.getByRole('listitem')).toHaveCount(3);
    await expect(produced.getByRole('listitem').filter({ hasText: 'users.json' })).toContainText('Ingested');
    const failed = produced.getByRole('listitem').filter({ hasText: 'broken.json' });
    await expect(failed).toContainText('Failed');
    await expect(failed).toContainText('it is not valid JSON: the file ends before the JSON is complete.');

    // The banner followed the job to its end: it no longer says the server is ingesting.
    await expect(page.getByRole('status').getByRole('alert')).toHaveText(
      `Upload job ${jobId}2 files uploaded, 1 refused. The job is partially complete. Ingested 2 of 3 files; 1 failed.`,
    );
  });

  test('one file: the banner speaks of it, and follows its job from ingesting to complete', async ({ page }) => {
    await open(page, 'uploader', (p) => p.getByRole('button', { name: 'Choose files' }));
    // The hint names the kinds of file a person knows, not content types.
    await expect(
      page.getByText('SharpHound, AzureHound and OpenGraph JSON files (.json), or ZIP archives of them (.zip).'),
    ).toBeVisible();
    await expect(page.getByText(/application\//)).toHaveCount(0);

    await page.getByLabel('Collector files').setInputFiles(fixture('users.json'));
    await page.getByRole('button', { name: 'Upload 1 file' }).click();
    const banner = page.getByRole('status').getByRole('alert');
    // Ingesting, then analyzing (4 s on the test mock): either way, one file is "it".
    await expect(banner).toContainText(/1 file uploaded\. The server (is ingesting it\.|has ingested it and is analyzing)/);
    await expect(banner).toContainText('1 file uploaded. Ingested and analyzed: the job is complete.', { timeout: 20_000 });
    await expect(banner).not.toContainText('ingesting');
    await expect(page.getByRole('table', { name: 'Upload history' }).getByRole('row').nth(1)).toContainText('Complete');
  });

  test('a file that is not a collector file type is not sent', async ({ page }) => {
    await open(page, 'admin', (p) => p.getByRole('button', { name: 'Choose files' }));
    await page
      .getByLabel('Collector files')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    const item = page.getByRole('listitem', { name: 'notes.txt' });
    await expect(item).toContainText('Not sent: only .json and .zip files can be ingested.');
    await expect(page.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
  });

  test('a file that is not JSON at all is refused with what is wrong with it, not the parser’s report', async ({ page }) => {
    await open(page, 'uploader', (p) => p.getByRole('button', { name: 'Choose files' }));
    await page
      .getByLabel('Collector files')
      .setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('hello, this is not JSON') });
    await page.getByRole('button', { name: 'Upload 1 file' }).click();
    const item = page.getByRole('listitem', { name: 'notes.json' });
    await expect(item).toContainText('Refused');
    await expect(item).toContainText(
      "notes.json is not valid JSON: the collector's output files are JSON (or a ZIP of them). Choose the file SharpHound or AzureHound wrote, whole and unchanged.",
    );
    await expect(item).not.toContainText('position');
    await expect(item).not.toContainText('state');
  });

  test('a read-only user sees the history but cannot upload', async ({ page }) => {
    await open(page, 'reader', (p) => p.getByRole('table', { name: 'Upload history' }));
    await expect(
      page.getByText(
        'You can see the upload history, but your role cannot upload files. The Administrator, Power User or Upload-Only roles can: someone with the Administrator role can give you one, on the Users page.',
      ),
    ).toBeVisible();
    await expect(page.getByLabel('Collector files')).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Upload history' }).getByRole('row')).not.toHaveCount(0);
    // What each upload produced needs graphdb.Ingest: the rows do not open.
    await expect(page.getByRole('button', { name: /^Files of upload job / })).toHaveCount(0);
  });
});
