import type { Page } from '@playwright/test';
import { directoryGraph } from '../src/mock-server/seed/graph';
import { accountWithRole, expect, signIn, test } from './fixtures';

/**
 * Database management: an administrator chooses what to delete, confirms by typing DELETE, and sees what
 * was deleted and the pipeline analyzing what is left; the pages that show the graph show it empty.
 * Nobody else is offered the page. A refusal of the server keeps the choices.
 */
const FIRST_LOAD = { timeout: 30_000 };
const RUN = { timeout: 45_000 };
const chip = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Pipeline: / });

async function openPage(page: Page) {
  await signIn(page, 'admin', '/database');
  await expect(page.getByRole('heading', { level: 1, name: 'Database management' })).toBeVisible(FIRST_LOAD);
  await expect(page.getByRole('checkbox', { name: 'Admin Tier Zero' })).toBeVisible();
}

test.describe('database management', () => {
  test('an administrator clears the collected graph data: typed confirmation, result, re-analysis, emptied pages', async ({
    page,
  }) => {
    const user = directoryGraph().nodes.find((n) => n.primaryKind === 'User')!;
    const nav = page.getByRole('navigation', { name: 'Main' });
    // Before: the group has members, and Explore shows the user.
    await signIn(page, 'admin', `/explore?search=${user.objectid}&selected=${user.objectid}`);
    await expect(page.getByRole('complementary', { name: user.name })).toBeVisible(FIRST_LOAD);
    await page.goto('/asset-groups/1');
    await expect(
      page
        .getByRole('table', { name: /^Members of / })
        .getByRole('row')
        .nth(1),
    ).toBeVisible(FIRST_LOAD);
    await nav.getByRole('link', { name: 'Database management' }).click();
    await expect(page.getByRole('checkbox', { name: 'Admin Tier Zero' })).toBeVisible(FIRST_LOAD);
    const form = page.getByRole('form', { name: 'What to delete' });

    // Nothing chosen: a message naming what to choose, nothing sent.
    await form.getByRole('button', { name: 'Delete chosen data…' }).click();
    await expect(form.getByRole('alert')).toContainText('Choose what to delete: all collected graph data');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // All graph data with a source kind: refused in the form, as the reference says.
    await form.getByRole('checkbox', { name: 'All collected graph data' }).check();
    await form.getByRole('checkbox', { name: 'Active Directory' }).check();
    await expect(form.getByRole('alert').filter({ hasText: 'already removes every source kind' })).toBeVisible();
    await form.getByRole('button', { name: 'Delete chosen data…' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await form.getByRole('checkbox', { name: 'Active Directory' }).uncheck();
    await expect(form.getByRole('alert')).toHaveCount(0);

    await form.getByRole('button', { name: 'Delete chosen data…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this data?' });
    await expect(dialog).toContainText('Every collected node and relationship is deleted');
    await expect(dialog).toContainText('This cannot be undone');
    const typed = dialog.getByRole('textbox', { name: 'Type DELETE to confirm' });
    await expect(typed).toBeFocused();
    await typed.fill('delete');
    await dialog.getByRole('button', { name: 'Delete data' }).click();
    await expect(typed).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toContainText('Type DELETE, in capital letters, to confirm.');
    await typed.fill('DELETE');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();

    // The result, above the form, takes the focus; the notice says it too.
    const pipeline = page.getByRole('region', { name: 'Data deleted' });
    await expect(pipeline.getByRole('heading', { name: 'Data deleted' })).toBeFocused();
    await expect(pipeline).toContainText('Deleted all collected graph data. The service is analyzing what is left.');
    await expect(page.getByRole('status').filter({ hasText: 'Deleted all collected graph data.' })).toBeVisible();
    await expect(pipeline).toContainText(/Re-analysis after a database clear requested by you/);
    await expect(chip(page)).toHaveAccessibleName(/^Pipeline: Analyzing \d+ s$/);
    await expect(chip(page)).toHaveAccessibleName('Pipeline: Idle', RUN);
    await expect(pipeline.getByText('Idle', { exact: true })).toBeVisible();
    // The choices are cleared for the next time.
    await expect(form.getByRole('checkbox', { name: 'All collected graph data' })).not.toBeChecked();

    await nav.getByRole('link', { name: 'Asset groups' }).click();
    await page.getByRole('table', { name: 'Asset groups' }).getByRole('link', { name: 'Admin Tier Zero' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Tier Zero' })).toBeVisible(FIRST_LOAD);
    await expect(page.getByText('This group has no members')).toBeVisible();
    await page.goto(`/explore?search=${user.objectid}&selected=${user.objectid}`);
    await expect(page.getByText(`No object in the graph has the object id ${user.objectid}.`).first()).toBeVisible(FIRST_LOAD);

    // Home says the database is empty and what fills it, rather than a red 0 %.
    await nav.getByRole('link', { name: 'Home' }).click();
    const completeness = page.getByRole('region', { name: 'Collection completeness' });
    await expect(completeness).toContainText('The database is empty', FIRST_LOAD);
    await expect(completeness).toContainText('none has been uploaded yet, or the database was cleared');
    await expect(completeness.getByRole('link', { name: 'File ingest' })).toBeVisible();
    await expect(completeness.getByRole('progressbar')).toHaveCount(0);

    // So do the pages that read the graph, with where to fill it, rather than answers that look wrong.
    const emptyGraph = page.getByRole('alert').filter({ hasText: 'The graph is empty' });
    await nav.getByRole('link', { name: 'Explore', exact: true }).click();
    await expect(emptyGraph).toContainText('search and paths find its objects once they are ingested and analyzed', FIRST_LOAD);
    await page.getByRole('tab', { name: 'Cypher' }).click();
    await expect(emptyGraph).toContainText('queries answer with its objects once they are ingested and analyzed', FIRST_LOAD);
    await nav.getByRole('link', { name: 'Entity look-up' }).click();
    await expect(emptyGraph).toContainText('its objects open in Explore once they are ingested and analyzed', FIRST_LOAD);
    await emptyGraph.getByRole('link', { name: 'File ingest' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'File ingest' })).toBeVisible(FIRST_LOAD);
    await page.goto('/privilege-zones/1');
    await expect(page.getByText('The graph is empty: upload collector files under File ingest')).toBeVisible(FIRST_LOAD);
  });

  test('a very long relationship kind wraps inside the confirmation, at 1366 and at 390 px', async ({ page }) => {
    const long = `Kind${'x'.repeat(296)}`;
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await openPage(page);
      const form = page.getByRole('form', { name: 'What to delete' });
      const kinds = form.getByRole('combobox', { name: 'Relationship kinds' });
      await kinds.fill(long);
      await kinds.press('Enter');
      await form.getByRole('button', { name: 'Delete chosen data…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this data?' });
      await expect(dialog).toContainText(`Relationships of the kinds ${long} are deleted`);
      // Nothing runs out of the dialog: it needs no sideways scrolling, and the text stays within it.
      const fits = await dialog.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const texts = [...el.querySelectorAll('li')].map((li) => li.getBoundingClientRect());
        return el.scrollWidth <= el.clientWidth && texts.every((t) => t.right <= box.right + 0.5);
      });
      expect(fits).toBe(true);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    }
  });

  test('a refusal of the server shows on the form and keeps the choices', async ({ page }) => {
    await openPage(page);
    const form = page.getByRole('form', { name: 'What to delete' });
    await form.getByRole('checkbox', { name: 'Azure' }).check();
    await form.getByRole('checkbox', { name: 'File ingest history' }).check();
    const kinds = form.getByRole('combobox', { name: 'Relationship kinds' });
    await kinds.fill('HasSession');
    await page.getByRole('option', { name: 'HasSession', exact: true }).click();
    await kinds.fill('NoSuchKind');
    await kinds.press('Enter');
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Delete chosen data…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this data?' });
    await expect(dialog).toContainText('Relationships of the kinds HasSession and NoSuchKind are deleted');
    await dialog.getByRole('textbox', { name: 'Type DELETE to confirm' }).fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete data' }).click();
    await expect(dialog).toBeHidden();

    // The service's 400 names the field: its message is under the relationship kinds, which has the focus.
    await expect(kinds).toHaveAttribute('aria-invalid', 'true');
    await expect(kinds).toBeFocused();
    await expect(form).toContainText('"NoSuchKind" is not a known relationship kind');
    await expect(form.getByRole('checkbox', { name: 'Azure' })).toBeChecked();
    await expect(form.getByRole('checkbox', { name: 'File ingest history' })).toBeChecked();
    await expect(form.getByRole('button', { name: 'HasSession' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'NoSuchKind' })).toBeVisible();
    await expect(chip(page)).toHaveAccessibleName('Pipeline: Idle');
  });

  test('works from the keyboard alone: choose, confirm by typing, the result takes the focus', async ({ page }) => {
    await openPage(page);
    const history = page.getByRole('checkbox', { name: 'Data quality history' });
    await page.getByRole('checkbox', { name: 'File ingest history' }).focus();
    await page.keyboard.press('Tab');
    await expect(history).toBeFocused();
    await page.keyboard.press('Space');
    await expect(history).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Delete chosen data…' })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete this data?' });
    await expect(dialog).toContainText('The data quality history of every domain is deleted; the graph stays.');
    await page.keyboard.type('DELETE');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Data deleted' })).toBeFocused();
    await expect(page.getByRole('region', { name: 'Data deleted' })).toContainText('Deleted the data quality history.');
  });

  test('only administrators are offered the page: others see no entry and the restricted page', async ({ browser, request }) => {
    const user = await accountWithRole(request, 'User');
    for (const who of ['poweruser', 'reader', user, 'admin']) {
      const page = await (await browser.newContext()).newPage();
      await signIn(page, who, '/database');
      await expect(page.getByRole('heading', { level: 1, name: 'Database management' })).toBeVisible(FIRST_LOAD);
      const entry = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Database management' });
      if (who === 'admin') {
        await expect(entry).toBeVisible();
        await expect(page.getByRole('checkbox', { name: 'All collected graph data' })).toBeVisible();
      } else {
        await expect(page.getByText('Permission needed: db.Wipe', { exact: false })).toBeVisible();
        await expect(page.getByRole('checkbox')).toHaveCount(0);
        await expect(entry).toHaveCount(0);
      }
      await page.context().close();
    }
  });
});
