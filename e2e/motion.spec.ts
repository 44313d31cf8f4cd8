import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/**
 * Motion. The suite runs with the system's reduced-motion setting on (playwright.config.ts), which the
 * console honours (src/app/theme.ts): these tests check that it does, and keep one pass through a
 * dialog, its "Discard changes?" question and a menu with the motion on, as most people see them.
 */

/**
 * Notes, from the document's start, every element a transition or an animation started on (events the
 * browser sends only for motion that runs, not for a change made at once).
 */
async function recordMotion(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const moved: Element[] = [];
    (window as unknown as { moved: Element[] }).moved = moved;
    for (const type of ['transitionrun', 'animationstart']) {
      document.addEventListener(type, (event) => moved.push(event.target as Element), true);
    }
  });
}

/**
 * Whether `dialog` moved as it came: a transition or an animation started on it or on its layer of the page
 * (what holds it, below the body). The controls inside have motions of their own (a field's focus).
 */
const animatedIn = (dialog: Locator) =>
  dialog.evaluate((el) =>
    (window as unknown as { moved: Element[] }).moved.some(
      (m) => m !== document.body && m !== document.documentElement && m.contains(el),
    ),
  );

/** The finite animations running in the page now (dialog fades, ripples), not the endless ones of spinners. */
const runningAnimations = (page: Page) =>
  page.evaluate(
    () =>
      document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity)
        .length,
  );

async function openCreateUser(page: Page): Promise<Locator> {
  await recordMotion(page);
  await signIn(page, 'admin', '/users');
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Create user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create user' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('reduced motion asked for', () => {
  test('dialogs and the discard question appear and go without animating, ripples included', async ({ page }) => {
    const dialog = await openCreateUser(page);
    expect(await animatedIn(dialog)).toBe(false);
    await dialog.getByLabel('First name').fill('Ines');
    await page.keyboard.press('Escape');
    const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await expect(discard.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    expect(await animatedIn(discard)).toBe(false);
    expect(await runningAnimations(page)).toBe(0);
    await discard.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
    expect(await runningAnimations(page)).toBe(0);
  });
});

test.describe('motion on', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('dialogs fade in, and a Tab pressed while the question fades in stays where it went', async ({ page }) => {
    const dialog = await openCreateUser(page);
    expect(await animatedIn(dialog)).toBe(true);
    await dialog.getByLabel('First name').fill('Ines');
    await page.keyboard.press('Escape');
    const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await expect(discard.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    expect(await animatedIn(discard)).toBe(true);
    // At once, while it may still be fading in: the end of the entrance must not take the focus back.
    await page.keyboard.press('Tab');
    await expect(discard.getByRole('button', { name: 'Discard' })).toBeFocused();
    await expect.poll(() => runningAnimations(page)).toBe(0);
    await expect(discard.getByRole('button', { name: 'Discard' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Create user' })).toBeFocused();
  });
});
