import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { apiToken, armFault, expect, signIn, test } from './fixtures';

const TYPE = 'GenericAll Privileges on Tier Zero Objects';
const principals = (page: Page) => page.getByRole('table', { name: `Principals of ${TYPE}` });
const types = (page: Page) => page.getByRole('navigation', { name: 'Finding types' });

async function ready(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Attack Paths' })).toBeVisible({ timeout: 30_000 });
  await expect(types(page).getByRole('link').first()).toBeVisible();
}

/** The rows of the principals table that hold data (not the header). */
const rows = (page: Page) =>
  principals(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });

test.describe('attack paths graph view', () => {
  test('lists the types of the first environment, draws a path, accepts a risk with a note', async ({ page, request }) => {
    await signIn(page, 'admin', '/attack-paths');
    await ready(page);
    await expect(page.getByRole('tab', { name: 'Graph view', selected: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Environment' })).toHaveValue(/S-1-5-21-4107638521/);
    await expect(page.getByRole('combobox', { name: 'Environment' }).locator('option:checked')).toHaveText('CORP.ACME.LOCAL');
    const genericAll = types(page).getByRole('link', { name: new RegExp(TYPE) });
    await expect(genericAll).toContainText('3 findings');
    await genericAll.click();
    await expect(page.getByRole('heading', { level: 2, name: TYPE })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Remediation' })).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'https://bloodhound.specterops.io/resources/edges/generic-all' }),
    ).toHaveAttribute('rel', /noopener/);
    await expect(rows(page)).toHaveCount(3);

    // A row's path: the relationship drawn, and its text alternative in the graph's table.
    const first = rows(page).first();
    const name = (await first.getByRole('rowheader').innerText()).split('\n')[0]!.trim();
    await first.getByRole('rowheader').getByRole('link').click();
    const path = page.getByRole('region', { name: 'Path' });
    await expect(path.getByText(/has GenericAll on/)).toBeVisible();
    await expect(first).toHaveAttribute('aria-current', 'true');
    await expect(rows(page).nth(1)).not.toHaveAttribute('aria-current');
    await expect(path.getByRole('link', { name: 'Open in Explore' })).toHaveAttribute('href', /tab=pathfinding/);
    await path.getByRole('button', { name: 'Table' }).click();
    await expect(path.getByRole('table').getByText(name).first()).toBeVisible();

    // The link reopens the same type and row.
    const url = page.url();
    expect(url).toContain('finding=T0GenericAll');
    expect(url).toMatch(/selected=\d+/);
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 2, name: TYPE })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Path' }).getByText(/has GenericAll on/)).toBeVisible();

    // Accept the first row's risk with a note; a past expiry is refused first.
    await first.getByRole('button', { name: /^Accept risk of / }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept risk' });
    await expect(dialog.getByText(/kept in the audit log/)).toBeVisible();
    const note = 'Break-glass group, reviewed by the security team';
    await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill(note);
    const dateGroup = dialog.getByRole('group', { name: 'Expiry date' });
    await dateGroup.getByRole('spinbutton', { name: 'Day' }).click();
    await page.keyboard.type('01012020');
    await dialog.getByRole('button', { name: 'Accept risk' }).click();
    await expect(dialog.getByText('Expiry date must be in the future')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Note (optional)' })).toHaveValue(note);
    await dateGroup.getByRole('spinbutton', { name: 'Day' }).click();
    await page.keyboard.type('01012099');
    // A refusal of the server shows in the dialog, with what was typed kept.
    await armFault(request, { fault: 'status=500', path: '/api/v2/attack-paths/*/acceptance', method: 'PUT', times: 1 });
    await dialog.getByRole('button', { name: 'Accept risk' }).click();
    await expect(dialog.getByRole('alert')).toContainText('500');
    await expect(dialog.getByRole('textbox', { name: 'Note (optional)' })).toHaveValue(note);
    await dialog.getByRole('button', { name: 'Accept risk' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows(page)).toHaveCount(2);
    await expect(types(page).getByRole('link', { name: new RegExp(TYPE) })).toContainText('2 findings');

    await page.getByRole('switch', { name: 'Show accepted' }).check();
    await expect(rows(page)).toHaveCount(3);
    const accepted = rows(page).filter({ hasText: name });
    await expect(accepted).toContainText('1 Jan 2099');
    await expect(accepted.getByRole('button', { name: /^Stop accepting / })).toBeVisible();

    const token = await apiToken(page.request, 'admin');
    const audit = await page.request.get('/api/v2/audit?action=UpdateRiskAcceptance', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(audit.status()).toBe(200);
    expect(JSON.stringify(await audit.json())).toContain(note);

    await accepted.getByRole('button', { name: /^Stop accepting / }).click();
    await expect(accepted.getByRole('button', { name: /^Accept risk of / })).toBeVisible();
    await page.getByRole('switch', { name: 'Show accepted' }).uncheck();
    await expect(rows(page)).toHaveCount(3);
  });

  test('a reader sees the principals without an Accept action', async ({ page }) => {
    await signIn(page, 'reader', '/attack-paths?finding=T0GenericAll');
    await ready(page);
    await expect(rows(page)).toHaveCount(3);
    await expect(page.getByText(/your role cannot accept their risk/)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Accept risk/ })).toHaveCount(0);

    // Reading is enough to export the type's principals: one line each, under a header.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const lines = (await readFile(await download.path(), 'utf8')).split(/\r?\n/).filter((l) => l !== '');
    expect(lines).toHaveLength(4);
    await expect(page.getByText(`Exported the principals of ${TYPE} as CSV.`)).toBeVisible();
  });

  test('the Hygiene zone lists Tier Zero list findings, with their principal alone', async ({ page }) => {
    await signIn(page, 'admin', '/attack-paths?zone=hygiene');
    await ready(page);
    await expect(types(page).getByRole('link', { name: /GenericAll/ })).toHaveCount(0);
    await types(page)
      .getByRole('link', { name: /Kerberoastable User Accounts/ })
      .click();
    const table = page.getByRole('table', { name: 'Principals of Kerberoastable User Accounts' });
    await expect(table.getByRole('columnheader', { name: 'Principal' })).toBeVisible();
    await table.getByRole('rowheader').first().getByRole('link').click();
    await expect(page.getByRole('region', { name: 'Path' }).getByRole('link', { name: 'Open in Explore' })).toHaveAttribute(
      'href',
      /selected=S-1-5-21/,
    );
  });

  test('a zone without findings says so', async ({ page }) => {
    await signIn(page, 'admin', '/attack-paths?environment=S-1-5-21-2698120943-3526017684-1179350268&zone=3');
    await expect(page.getByRole('heading', { level: 1, name: 'Attack Paths' })).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByText('No findings in LAB.ACME.LOCAL for Critical Servers').or(types(page).getByRole('link').first()),
    ).toBeVisible();
  });

  test('on a community server the page says it needs the enterprise edition', async ({ page, communityURL }) => {
    await signIn(page, 'admin', '/attack-paths', communityURL);
    await expect(page.getByRole('heading', { level: 1, name: 'Attack Paths' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Attack Paths needs the enterprise edition')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});
