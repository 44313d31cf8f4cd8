import type { APIRequestContext } from '@playwright/test';
import { apiToken, expect, signIn, test } from './fixtures';

/**
 * Privilege Zones: a Cypher rule added to Tier Zero is previewed, saved, and applied by analysis (the e2e servers
 * run a 4 s analysis); its objects then show in the zone, as Tier Zero on their entity page, and in the legacy
 * Admin Tier Zero group.
 */

/** A Lab user no seeded rule or group selects (the same on every start). */
const USER = 'UIBRAHIM@LAB.ACME.LOCAL';
const ANALYSIS = { timeout: 60_000 };

async function objectIdOf(request: APIRequestContext, name: string): Promise<string> {
  const token = await apiToken(request, 'admin');
  const res = await request.get(`/api/v2/search?q=${encodeURIComponent(name)}&limit=1`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const found = ((await res.json()) as { data: { objectid: string; name: string }[] }).data[0]!;
  expect(found.name).toBe(name);
  return found.objectid;
}

test.describe('Privilege Zones', () => {
  test('a Cypher rule added to Tier Zero, previewed and saved, brings its objects in once analysis has run', async ({ page }) => {
    test.setTimeout(150_000);
    const sid = await objectIdOf(page.request, USER);
    await signIn(page, 'admin', '/privilege-zones');
    const zones = page.getByRole('table', { name: 'Zones' });
    await zones.getByRole('link', { name: /^Tier Zero/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tier Zero' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Default rules \(\d+\)$/ })).toBeVisible();

    await page.getByRole('button', { name: 'Add rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'New rule of Tier Zero' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Lab help desk lead');
    await dialog.getByRole('textbox', { name: 'Cypher query' }).fill(`MATCH (n:User) WHERE n.name = '${USER}' RETURN n`);
    // A query is run before it is saved.
    await dialog.getByRole('button', { name: 'Create rule' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Preview the query before saving');
    await dialog.getByRole('button', { name: 'Preview results' }).click();
    const direct = dialog.getByRole('region', { name: 'Direct objects' });
    await expect(dialog.getByRole('heading', { name: 'Direct objects (1)' })).toBeVisible();
    await expect(direct.getByRole('rowheader', { name: USER })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: /^Expanded objects \(\d+\)$/ })).toBeVisible();
    await dialog.getByRole('button', { name: 'Create rule' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Rule "Lab help desk lead" created.')).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Custom rules' }).getByRole('rowheader', { name: /^Lab help desk lead/ }),
    ).toBeVisible();

    // Members change when analysis has run, and the page says when it has.
    await expect(page.getByRole('status').filter({ hasText: 'Analysis has run' })).toBeVisible(ANALYSIS);
    await page.getByRole('textbox', { name: 'Name filter' }).fill('UIBRAHIM');
    const objects = page.getByRole('table', { name: 'Objects of Tier Zero' });
    await expect(objects.getByRole('rowheader', { name: USER })).toBeVisible();
    await objects.getByRole('button', { name: `Details of ${USER}` }).click();
    const panel = page.getByRole('dialog', { name: USER });
    await expect(panel.getByRole('list', { name: 'Rules that select it' })).toContainText('Lab help desk lead');
    await panel.getByRole('link', { name: 'Open its page' }).click();

    // One truth: Explore and the legacy Admin Tier Zero group say Tier Zero too.
    await expect(page).toHaveURL(new RegExp(`/explore\\?search=${sid}&selected=${sid}$`));
    await expect(page.getByRole('complementary', { name: USER }).getByText('Tier Zero', { exact: true }).first()).toBeVisible();
    await page.goto(`/asset-groups/1?name=eq:${encodeURIComponent(USER)}`);
    await expect(page.getByRole('table', { name: /^Members of / }).getByRole('rowheader', { name: USER })).toBeVisible();

    // The history holds the step, under its zone.
    await page.goto('/privilege-zones/history');
    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Rule created' });
    const row = page
      .getByRole('table', { name: 'Privilege Zones history' })
      .getByRole('row')
      .filter({ hasText: 'Lab help desk lead' });
    await expect(row).toContainText('Tier Zero');
    await expect(row).toContainText('admin');
  });
});
