import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/**
 * Privilege Zones administration: creating and ordering zones, the certification queue and the history
 * that records each step, on an enterprise server; what a community server offers instead.
 */

const FIRST_LOAD = { timeout: 30_000 };

async function open(page: Page, path: string, heading: string, baseURL?: string): Promise<void> {
  await signIn(page, 'admin', path, baseURL);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible(FIRST_LOAD);
}

const queue = (page: Page) => page.getByRole('table', { name: 'Certification queue' });
const history = (page: Page) => page.getByRole('table', { name: 'Privilege Zones history' });

/** The name of the queue's first object that may be picked (automatic ones may not). */
async function firstPickable(page: Page): Promise<string> {
  const box = queue(page)
    .getByRole('checkbox', { name: /^Select / })
    .and(page.locator(':enabled'))
    .first();
  return (await box.getAttribute('aria-label'))!.replace(/^Select /, '');
}

/** The checkbox that picks `name` in the queue. */
const pick = (page: Page, name: string) => queue(page).getByRole('checkbox', { name: `Select ${name}` });

/** The history's rows of `action` (as the Action filter names it) whose target is `target`. */
async function seeInHistory(page: Page, action: string, target: string | RegExp): Promise<Locator> {
  await page.goto('/privilege-zones/history');
  await expect(history(page)).toBeVisible(FIRST_LOAD);
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: action });
  const row = history(page).getByRole('row').filter({ hasText: target }).first();
  await expect(row).toBeVisible();
  return row;
}

test.describe('Privilege Zones administration', () => {
  test('creates a zone, moves it up, and sees both in the history', async ({ page }) => {
    await open(page, '/privilege-zones', 'Privilege Zones');
    await page.getByRole('button', { name: 'Create zone' }).click();
    const form = page.getByRole('dialog', { name: 'Create a zone' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Payment Systems');
    await form.getByRole('textbox', { name: 'Description' }).fill('Card processing hosts');
    await form.getByRole('combobox', { name: /Glyph/ }).click();
    await page.getByRole('option', { name: 'Shield' }).click();
    await form.getByRole('button', { name: 'Create zone' }).click();
    await expect(page.getByText(/Zone Payment Systems was created/)).toBeVisible();

    await page.goto('/privilege-zones');
    await page.getByRole('button', { name: 'Reorder zones' }).click();
    const order = page.getByRole('dialog', { name: 'Reorder zones' });
    const zones = order.getByRole('list', { name: 'Zones in order' }).getByRole('listitem');
    await expect(zones.last()).toContainText('Payment Systems');
    const last = await zones.count();
    await order.getByRole('button', { name: 'Move Payment Systems up' }).press('Enter');
    await expect(order.getByRole('status')).toHaveText(
      `Payment Systems moved to position ${last - 1}. Members update after the next analysis.`,
    );
    await expect(zones.nth(last - 2)).toContainText(`${last - 1}. Payment Systems`);
    await order.getByRole('button', { name: 'Done' }).click();

    await seeInHistory(page, 'Zone or label created', 'Payment Systems');
    await seeInHistory(page, 'Zone or label changed', 'Payment Systems');
  });

  test('revokes and certifies again an object with a note, and the history shows each with its note', async ({ page }) => {
    await open(page, '/privilege-zones/certification?certified=eq:2', 'Certification');
    await expect(queue(page)).toBeVisible();
    const name = await firstPickable(page);
    await pick(page, name).check();
    await page.getByRole('textbox', { name: 'Note' }).fill('Owner left the company');
    await page.getByRole('button', { name: 'Revoke selected' }).click();
    await expect(page.getByText('1 object revoked.', { exact: false })).toBeVisible();

    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Revoked' });
    await expect(queue(page).getByRole('row', { name: new RegExp(name) })).toContainText('Revoked');
    await pick(page, name).check();
    await page.getByRole('textbox', { name: 'Note' }).fill('Checked with the new owner');
    await page.getByRole('button', { name: 'Certify selected' }).click();
    await expect(page.getByText('1 object certified.', { exact: false })).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Certified' });
    await expect(queue(page).getByRole('row', { name: new RegExp(name) })).toContainText('by admin');

    const revokedStep = await seeInHistory(page, 'Certification revoked', name);
    await expect(revokedStep).toContainText('Owner left the company');
    const certifiedStep = await seeInHistory(page, 'Certified', name);
    await expect(certifiedStep).toContainText('Checked with the new owner');
  });

  test('certifies a pending object; an automatic one cannot be picked, and says why', async ({ page }) => {
    await open(page, '/privilege-zones/certification?certified=eq:3', 'Certification');
    const automatic = queue(page)
      .getByRole('checkbox', { name: /^Select / })
      .first();
    await expect(automatic).toBeDisabled();
    await expect(automatic).toHaveAccessibleDescription(/certified automatically by the rule that selects it/);

    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Pending' });
    await expect(queue(page).getByText('Pending').first()).toBeVisible();
    const name = await firstPickable(page);
    await pick(page, name).check();
    await page.getByRole('button', { name: 'Certify selected' }).click();
    await expect(page.getByText('1 object certified.', { exact: false })).toBeVisible();
    await expect(pick(page, name)).toHaveCount(0);
    await seeInHistory(page, 'Certified', name);
  });

  test('on a community server certification explains itself and the history still lists changes', async ({
    page,
    communityURL,
  }) => {
    await open(page, '/privilege-zones/certification', 'Certification', communityURL);
    await expect(page.getByText('Certification needs the enterprise edition')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Certify selected' })).toHaveCount(0);
    await page.goto(`${communityURL}/privilege-zones/history`);
    await expect(history(page)).toBeVisible(FIRST_LOAD);
    await expect(history(page).getByRole('rowheader').first()).toBeVisible();
  });
});
