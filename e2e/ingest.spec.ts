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
    await expect(job.getByRole('cell').nth(5)).toHaveText('3');
    await expect(job.getByRole('cell').nth(6)).toHaveText('1');
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

  test('a read-only user sees the history but cannot upload', async ({ page }) => {
    await open(page, 'reader', (p) => p.getByRole('table', { name: 'Upload history' }));
    await expect(page.getByText('Your role can see the upload history but cannot upload files')).toBeVisible();
    await expect(page.getByLabel('Collector files')).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Upload history' }).getByRole('row')).not.toHaveCount(0);
  });
});
