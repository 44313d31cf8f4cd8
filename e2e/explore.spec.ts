import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { directoryGraph } from '../src/mock-server/seed/graph';

/**
 * Explore: search an object and open its panel, walk to a related object, find the shortest paths to Domain
 * Admins with a relationship filter, add an object to Tier Zero from its menu and see it there after analysis,
 * a shared link reopening what was shown, Back undoing a step, and the old Cypher and entity addresses
 * arriving in Explore.
 */
const FIRST_LOAD = { timeout: 30_000 };
const ANALYSIS = { timeout: 60_000 };

const graph = directoryGraph();
const nodeNamed = (name: string) => graph.nodes.find((n) => n.name === name)!;
/** A user two steps from Domain Admins: a member of Break Glass Admins, itself a member of Domain Admins. */
const QGARCIA = nodeNamed('QGARCIA@CORP.ACME.LOCAL');
const BREAK_GLASS = nodeNamed('BREAK GLASS ADMINS@CORP.ACME.LOCAL');
const DOMAIN_ADMINS = nodeNamed('DOMAIN ADMINS@CORP.ACME.LOCAL');
/** A Lab user no seeded rule selects. */
const UIBRAHIM = nodeNamed('UIBRAHIM@LAB.ACME.LOCAL');

async function openExplore(page: Page, path = '/explore') {
  await signIn(page, 'admin', path);
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible(FIRST_LOAD);
}

/** Types into a type-ahead and picks the result named `name`. */
async function pick(page: Page, field: string, typed: string, name: string) {
  await page.getByRole('combobox', { name: field }).fill(typed);
  await page.getByRole('option', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
}

const panelOf = (page: Page, name: string) => page.getByRole('complementary', { name });

test.describe('Explore', () => {
  test('searches a user by a kind prefix, draws it and opens its panel; a link reopens it and Back undoes it', async ({
    page,
  }) => {
    await openExplore(page);
    await expect(page.getByText('Search for an object to start')).toBeVisible();
    await pick(page, 'Search objects', 'user:qgarcia', QGARCIA.name);
    await expect(panelOf(page, QGARCIA.name)).toBeVisible();
    await expect(page.getByRole('img', { name: /^Graph of 1 node/ })).toBeVisible(FIRST_LOAD);
    await expect(page).toHaveURL(new RegExp(`search=${QGARCIA.objectid}.*selected=${QGARCIA.objectid}`));

    // The address holds it: opened afresh, the same object is drawn and selected.
    const link = page.url();
    await page.goto('/');
    await page.goto(link);
    await expect(panelOf(page, QGARCIA.name)).toBeVisible(FIRST_LOAD);
    await expect(page.getByRole('combobox', { name: 'Search objects' })).toHaveValue(QGARCIA.name);

    // Closing the panel is a step Back undoes.
    await panelOf(page, QGARCIA.name).getByRole('button', { name: 'Close the panel' }).click();
    await expect(panelOf(page, QGARCIA.name)).toBeHidden();
    await page.goBack();
    await expect(panelOf(page, QGARCIA.name)).toBeVisible();
  });

  test("reads three of a user's sections, then walks to its group by a row of one", async ({ page }) => {
    await openExplore(page, `/explore?search=${QGARCIA.objectid}&selected=${QGARCIA.objectid}`);
    const panel = panelOf(page, QGARCIA.name);
    await expect(panel).toBeVisible(FIRST_LOAD);
    // Each section's header gives its count, and opening it lists that many rows (ten to a page).
    for (const title of ['Sessions', 'Outbound object control', 'Member of']) {
      const header = panel.getByRole('button', { name: new RegExp(`^${title} [\\d,]+$`) });
      const count = Number((await header.textContent())!.replace(/\D/g, ''));
      await header.click();
      await expect(panel.getByRole('list', { name: title }).getByRole('button')).toHaveCount(Math.min(count, 10));
    }
    await panel.getByRole('button', { name: BREAK_GLASS.name }).click();
    await expect(panelOf(page, BREAK_GLASS.name)).toBeVisible();
    await page.goBack();
    await expect(panelOf(page, QGARCIA.name)).toBeVisible();
  });

  test('finds the shortest paths to Domain Admins with a relationship filter, and says when there is none', async ({ page }) => {
    await openExplore(page, '/explore?tab=pathfinding');
    await expect(page.getByText('Choose a start and an end')).toBeVisible();
    await pick(page, 'Start', 'qgarcia', QGARCIA.name);
    await pick(page, 'End', 'group:domain admins@corp', DOMAIN_ADMINS.name);
    await expect(page.getByRole('img', { name: 'Graph of 3 nodes and 2 relationships' })).toBeVisible(FIRST_LOAD);

    // Leaving out Remote Desktop keeps the path; leaving out membership leaves none.
    await page.getByRole('button', { name: 'Relationship filter' }).click();
    let dialog = page.getByRole('dialog', { name: 'Relationship filter' });
    await dialog.getByRole('checkbox', { name: 'CanRDP' }).uncheck();
    await dialog.getByRole('switch', { name: 'Traversable only' }).check();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/kinds=nin%3ACanRDP&traversable=true/);
    await expect(page.getByText('In force: 1 relationship kind left out, traversable relationships only.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Graph of 3 nodes and 2 relationships' })).toBeVisible();

    await page.getByRole('button', { name: 'Relationship filter' }).click();
    dialog = page.getByRole('dialog', { name: 'Relationship filter' });
    await dialog.getByRole('button', { name: 'Uncheck all' }).click();
    await dialog.getByRole('checkbox', { name: 'AdminTo' }).check();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText(`No path between ${QGARCIA.name} and ${DOMAIN_ADMINS.name}`, { exact: true })).toBeVisible();
    await expect(page.getByText(/With the relationship filter in force \(only 1 relationship kind/)).toBeVisible();

    // Back returns to the filter before, and its path.
    await page.goBack();
    await expect(page.getByRole('img', { name: 'Graph of 3 nodes and 2 relationships' })).toBeVisible();

    // Swapped, the path runs the other way: none leads from Domain Admins to the user.
    await page.getByRole('button', { name: 'Swap start and end' }).click();
    await expect(page.getByRole('combobox', { name: 'Start' })).toHaveValue(DOMAIN_ADMINS.name);
  });

  test('adds an object to Tier Zero from its Actions menu, which shows it there after analysis', async ({ page }) => {
    test.setTimeout(120_000);
    await openExplore(page);
    await pick(page, 'Search objects', 'uibrahim', UIBRAHIM.name);
    const panel = panelOf(page, UIBRAHIM.name);
    await expect(panel).toBeVisible(FIRST_LOAD);
    await expect(panel.getByText('Tier Zero', { exact: true })).toBeHidden();
    await panel.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Add to Tier Zero' }).click();
    await expect(page.getByText(`${UIBRAHIM.name} will be in Tier Zero after the next analysis.`)).toBeVisible();
    await expect(panel.getByText('Tier Zero', { exact: true }).first()).toBeVisible(ANALYSIS);

    // The menu now offers the way back.
    await panel.getByRole('button', { name: 'Actions' }).press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Remove from Tier Zero' })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  test('sets a path end from the menu, and asks for a start', async ({ page }) => {
    await openExplore(page, `/explore?search=${DOMAIN_ADMINS.objectid}&selected=${DOMAIN_ADMINS.objectid}`);
    const panel = panelOf(page, DOMAIN_ADMINS.name);
    await expect(panel).toBeVisible(FIRST_LOAD);
    await panel.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Shortest paths to here' }).click();
    await expect(page.getByRole('tab', { name: 'Pathfinding', selected: true })).toBeVisible();
    await expect(page.getByText('Choose where the paths start')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Start' })).toBeFocused();
    await expect(page.getByRole('combobox', { name: 'End' })).toHaveValue(DOMAIN_ADMINS.name);
  });

  test('the Cypher tab keeps its text in the address; the old addresses arrive in Explore', async ({ page }) => {
    await openExplore(page, '/cypher?q=MATCH%20(n:Domain)%20RETURN%20n');
    await expect(page).toHaveURL(/\/explore\?q=.*tab=cypher|\/explore\?.*tab=cypher/);
    await expect(page.getByRole('tab', { name: 'Cypher', selected: true })).toBeVisible();
    const editor = page.getByRole('textbox', { name: 'Cypher query' });
    await expect(editor).toHaveText('MATCH (n:Domain) RETURN n', FIRST_LOAD);
    await page.getByRole('button', { name: 'Run' }).click();
    await expect(page.getByRole('table', { name: 'Nodes' })).toBeVisible(FIRST_LOAD);

    await page.goto(`/entities/users/${QGARCIA.objectid}`);
    await expect(page).toHaveURL(new RegExp(`/explore\\?search=${QGARCIA.objectid}&selected=${QGARCIA.objectid}$`));
    await expect(panelOf(page, QGARCIA.name)).toBeVisible(FIRST_LOAD);

    await page.goto('/entities');
    await page.getByLabel('Object ID').fill(DOMAIN_ADMINS.objectid);
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(panelOf(page, DOMAIN_ADMINS.name)).toBeVisible(FIRST_LOAD);
  });
});
