import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { apiToken, expect, signIn, test } from './fixtures';

/** The first page of a test can take a while on a busy server. */
const FIRST_LOAD = { timeout: 30_000 };

const NAME = 'Kerberoastable admins';
const DESCRIPTION = 'Admin accounts with a service principal name.';
const TEXT = 'MATCH (u:User)\n\tWHERE u.hasspn = true AND u.admincount = true\nRETURN u';

/** The id of the query named `name` that admin sees, or undefined. */
async function queryId(request: APIRequestContext, name: string): Promise<number | undefined> {
  const token = await apiToken(request, 'admin');
  const res = await request.get(`/api/v2/saved-queries?scope=owned&limit=1000&name=eq:${encodeURIComponent(name)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: number }[] }).data[0]?.id;
}

/** Clicks `trigger` and answers the download it starts, with its bytes. */
async function downloadOf(page: Page, trigger: () => Promise<void>): Promise<{ download: Download; bytes: Buffer }> {
  const started = page.waitForEvent('download');
  await trigger();
  const download = await started;
  return { download, bytes: await readFile(await download.path()) };
}

test.describe('saved queries as files: export, export all, import', () => {
  test('save and share a query, export it and all of mine, delete it, import it back and run it', async ({
    page,
    request,
  }, info) => {
    await signIn(page, 'admin', '/saved-queries');
    await expect(page.getByRole('heading', { level: 1, name: 'Saved queries' })).toBeVisible(FIRST_LOAD);

    // Save it.
    await page.getByRole('button', { name: 'New query' }).click();
    const editor = page.getByRole('dialog', { name: 'New saved query' });
    await editor.getByLabel('Name').fill(NAME);
    await editor.getByLabel('Description').fill(DESCRIPTION);
    await editor.getByLabel('Query').fill(TEXT);
    await editor.getByRole('button', { name: 'Save query' }).click();
    await expect(editor).toBeHidden();

    // Share it with Pat Power.
    await page.getByLabel('Search by name').fill(NAME);
    const table = page.getByRole('table', { name: 'Saved queries' });
    await expect(table.getByRole('rowheader')).toHaveCount(1);
    await page.getByRole('button', { name: `Sharing of ${NAME}` }).click();
    const sharing = page.getByRole('dialog', { name: `Sharing: ${NAME}` });
    await sharing.getByRole('combobox', { name: 'Share with' }).fill('poweruser');
    await page.getByRole('option', { name: /Pat Power/ }).click();
    await sharing.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(sharing.getByText('Shared with Pat Power.')).toBeVisible();
    await sharing.getByRole('button', { name: 'Close' }).click();
    await expect(table.getByRole('row').filter({ hasText: NAME })).toContainText('Yours, shared with 1 person');
    await page.screenshot({ path: info.outputPath('saved-queries-page.png') });

    // Export it: `<name>.json` with its name, text and description.
    const one = await downloadOf(page, () => page.getByRole('button', { name: `Export ${NAME}` }).click());
    expect(one.download.suggestedFilename()).toBe(`${NAME}.json`);
    expect(JSON.parse(one.bytes.toString('utf8'))).toEqual({ name: NAME, query: TEXT, description: DESCRIPTION });
    await expect(page.getByText(`Downloaded ${NAME}.json.`)).toBeVisible();
    const exported = info.outputPath(`${NAME}.json`);
    await one.download.saveAs(exported);

    // Export all of mine: the ZIP holds it, beside the other queries of mine.
    await page.getByRole('button', { name: 'Export all', exact: true }).click();
    const all = await downloadOf(page, () => page.getByRole('menuitem', { name: 'Mine' }).click());
    expect(all.download.suggestedFilename()).toBe('exported_queries.zip');
    const files = unzipSync(new Uint8Array(all.bytes));
    expect(Object.keys(files).length).toBeGreaterThan(1);
    expect(JSON.parse(strFromU8(files[`${NAME}.json`]!))).toEqual({ name: NAME, query: TEXT, description: DESCRIPTION });
    await expect(page.getByText('Downloaded exported_queries.zip, with your queries.')).toBeVisible();

    // Delete it.
    const oldId = await queryId(request, NAME);
    await page.getByRole('button', { name: `Delete ${NAME}` }).click();
    await page
      .getByRole('dialog', { name: `Delete "${NAME}"?` })
      .getByRole('button', { name: 'Delete query' })
      .click();
    await expect(page.getByText('No saved queries match these filters')).toBeVisible();

    // Import it back, from the file exported: the outcome beside its name, and the list shows it again.
    await page.getByRole('button', { name: 'Import' }).click();
    const importer = page.getByRole('dialog', { name: 'Import saved queries' });
    await importer.getByLabel('Query files').setInputFiles(exported);
    const row = importer.getByRole('listitem', { name: `${NAME}.json` });
    await expect(row).toContainText('Waiting');
    await importer.getByRole('button', { name: 'Import 1 file' }).click();
    await expect(row).toContainText('imported 1 queries');
    await expect(importer.getByRole('status')).toHaveText('1 file imported.');
    await importer.getByRole('button', { name: 'Close' }).click();
    await expect(importer).toBeHidden();
    await expect(table.getByRole('rowheader')).toHaveCount(1);
    await expect(table.getByRole('rowheader')).toContainText(NAME);
    await expect(table.getByRole('row').filter({ hasText: NAME })).toContainText('Yours, private');

    // Its Run link opens the query page with the new query.
    const newId = await queryId(request, NAME);
    expect(newId).toBeDefined();
    expect(newId).not.toBe(oldId);
    await expect(page.getByRole('link', { name: `Run ${NAME}` })).toHaveAttribute('href', `/cypher?saved=${newId}`);
    await page.getByRole('link', { name: `Run ${NAME}` }).click();
    await expect(page.getByText(`Saved query: ${NAME}`)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Cypher query' })).toContainText('u.hasspn = true AND u.admincount = true');
    await expect(page.getByRole('table', { name: 'Nodes' }).getByRole('rowheader').first()).toBeVisible();
  });

  test('each file’s outcome beside its name: the server’s refusal, a file of another kind, one imported', async ({
    page,
  }, info) => {
    await signIn(page, 'admin', '/saved-queries');
    await expect(page.getByRole('heading', { level: 1, name: 'Saved queries' })).toBeVisible(FIRST_LOAD);
    await page.getByRole('button', { name: 'Import' }).click();
    const importer = page.getByRole('dialog', { name: 'Import saved queries' });
    await expect(importer.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    await importer.screenshot({ path: info.outputPath('import-dialog-empty.png') });
    await importer.getByLabel('Query files').setInputFiles([
      { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"name": "Half a query", ') },
      {
        name: 'taken.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify({ name: 'All Domain Admins', query: 'RETURN 1' })),
      },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a query') },
      {
        name: 'fresh.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify({ name: 'Fresh import', query: 'MATCH (n:Group) RETURN n' })),
      },
    ]);
    const item = (name: string) => importer.getByRole('listitem', { name });
    await expect(item('notes.txt')).toContainText('Only .json (one query) and .zip (several) files can be imported.');
    // Files chosen but not sent: closing asks first.
    await importer.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Keep editing' }).click();

    await importer.getByRole('button', { name: 'Import 3 files' }).click();
    await expect(item('fresh.json')).toContainText('imported 1 queries');
    await expect(item('broken.json')).toContainText('Refused');
    await expect(item('broken.json')).toContainText('The file is not valid JSON');
    await expect(item('taken.json')).toContainText(
      'You already have a saved query named "All Domain Admins". Choose another name.',
    );
    await expect(importer.getByRole('status')).toContainText('1 file imported, 2 refused.');
    await importer.getByRole('status').scrollIntoViewIfNeeded();
    await importer.screenshot({ path: info.outputPath('import-dialog.png') });
    await importer.getByRole('button', { name: 'Close' }).click();
    await page.getByLabel('Search by name').fill('Fresh import');
    const rows = page.getByRole('table', { name: 'Saved queries' }).getByRole('rowheader');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Fresh import');
  });

  test('with the keyboard alone: Export all’s menu, and the import dialog’s file picker', async ({ page }) => {
    await signIn(page, 'admin', '/saved-queries');
    await expect(page.getByRole('heading', { level: 1, name: 'Saved queries' })).toBeVisible(FIRST_LOAD);
    const exportAll = page.getByRole('button', { name: 'Export all', exact: true });
    await exportAll.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'All I can see' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    expect((await download).suggestedFilename()).toBe('exported_queries.zip');
    await expect(exportAll).toBeFocused();

    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Import' })).toBeFocused();
    await page.keyboard.press('Enter');
    const importer = page.getByRole('dialog', { name: 'Import saved queries' });
    await expect(importer).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await importer.getByRole('button', { name: 'Choose files' }).focus();
    await page.keyboard.press('Enter');
    expect((await chooser).isMultiple()).toBe(true);
    await page.keyboard.press('Escape');
    await expect(importer).toBeHidden();
  });
});
