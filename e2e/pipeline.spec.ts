import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/**
 * The data pipeline as a person sees it in the top bar: a file upload is ingested, then analyzed, then
 * the pipeline is idle again; "Analyze now" shows the pending request and the run; a pending request is
 * cancelled. The mock's pipeline runs on its own clock (MOCK_INGEST_MS_PER_FILE, MOCK_ANALYSIS_MS): the
 * console polls every 2 s while it is busy, so each state shows on screen for a while.
 */
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/ingest/${name}`, import.meta.url));
const FIRST_LOAD = { timeout: 30_000 };
/** A whole run (ingest, then analysis) with the servers' timings, and the polls that see it. */
const RUN = { timeout: 45_000 };

/** The pipeline button of the top bar. */
const chip = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Pipeline: / });

async function openPanel(page: Page) {
  await chip(page).click();
  const panel = page.getByRole('dialog', { name: 'Data pipeline' });
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('pipeline status in the top bar', () => {
  test('upload a file → ingesting → analyzing → idle, and the job is complete', async ({ page }) => {
    await signIn(page, 'admin', '/file-ingest');
    await expect(page.getByRole('button', { name: 'Choose files' })).toBeVisible(FIRST_LOAD);
    await expect(chip(page)).toHaveAccessibleName('Pipeline: Idle');

    await page.getByLabel('Collector files').setInputFiles([fixture('users.json'), fixture('groups.zip')]);
    await page.getByRole('button', { name: 'Upload 2 files' }).click();
    await expect(page.getByRole('status').getByText(/2 files uploaded/)).toBeVisible();

    await expect(chip(page)).toHaveAccessibleName(/^Pipeline: Ingesting \d+ s$/);
    await expect(chip(page)).toHaveAccessibleName(/^Pipeline: Analyzing \d+ s$/, RUN);
    await expect(chip(page)).toHaveAccessibleName('Pipeline: Idle', RUN);

    const panel = await openPanel(page);
    await expect(panel.getByText('Idle', { exact: true })).toBeVisible();
    // The analysis that just ended is the last complete one.
    await expect(
      panel
        .getByRole('definition')
        .filter({ has: page.locator('time') })
        .first(),
    ).toHaveText('just now');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(chip(page)).toBeFocused();

    const job = page.getByRole('table', { name: 'Upload history' }).getByRole('row').nth(1);
    await expect(job).toContainText('Complete', RUN);
  });

  test('Analyze now: the request shows as pending, the pipeline analyzes, then is idle with no request', async ({ page }) => {
    await signIn(page, 'admin', '/');
    await expect(chip(page)).toHaveAccessibleName('Pipeline: Idle', FIRST_LOAD);
    const panel = await openPanel(page);
    await expect(panel.getByText('No analysis request is pending.')).toBeVisible();
    const lastComplete = panel.getByRole('definition').first();
    await expect(lastComplete).not.toHaveText('just now');

    await panel.getByRole('button', { name: 'Analyze now' }).click();
    await expect(panel.getByText('Analysis requested.', { exact: true })).toBeVisible();
    await expect(panel.getByText(/^Analysis requested by you/)).toBeVisible();
    await expect(panel.getByText(/^Analyzing for \d+ s$/)).toBeVisible();
    // A second request would add nothing: the button says why it is off.
    await expect(panel.getByRole('button', { name: 'Analyze now' })).toBeDisabled();
    await expect(panel.getByRole('button', { name: 'Analyze now' })).toHaveAccessibleDescription(/already requested|is running/);
    // The change is said politely, in the open panel too.
    await expect(panel.getByRole('status').filter({ hasText: 'Pipeline analyzing' })).toHaveAttribute('aria-live', 'polite');

    await expect(panel.getByText('Idle', { exact: true })).toBeVisible(RUN);
    await expect(panel.getByText('No analysis request is pending.')).toBeVisible();
    await expect(lastComplete).toHaveText('just now');
    // The run is over: its request is no longer said to be new, and another may be asked for.
    await expect(panel.getByText('Analysis requested.', { exact: true })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Analyze now' })).toBeEnabled();
  });

  test('the chip reads "Analyzing 12 s" as one text; on a phone the state in a word, its duration in its name', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/');
    await expect(chip(page)).toHaveAccessibleName('Pipeline: Idle', FIRST_LOAD);
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Analyze now' }).click();
    await expect(panel.getByText(/^Analyzing for \d+ s$/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(chip(page)).toHaveAccessibleName(/^Pipeline: Analyzing \d+ s$/);
    await expect(chip(page).getByText(/^Analyzing \d+ s$/)).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    // The state's word is drawn (not a bare "4 s"); the duration is left out of sight.
    const word = chip(page).getByText(/^Analyzing/);
    await expect(word).toBeVisible();
    expect((await word.boundingBox())!.width).toBeGreaterThan(40);
  });

  test('Cancel request: a pending request is cancelled, and its run stops with nothing completed', async ({ page }) => {
    await signIn(page, 'admin', '/');
    await expect(chip(page)).toHaveAccessibleName('Pipeline: Idle', FIRST_LOAD);
    const panel = await openPanel(page);
    const lastComplete = panel.getByRole('definition').first();
    const before = await lastComplete.textContent();

    await panel.getByRole('button', { name: 'Analyze now' }).click();
    await expect(panel.getByText(/^Analysis requested by you/)).toBeVisible();
    await panel.getByRole('button', { name: 'Cancel request' }).click();
    await expect(panel.getByText('Analysis request cancelled.')).toBeVisible();
    await expect(panel.getByText('No analysis request is pending.')).toBeVisible();
    await expect(panel.getByText('Idle', { exact: true })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Cancel request' })).toHaveCount(0);
    await expect(lastComplete).toHaveText(before!);
  });

  test('people who may not start analysis see the state and no buttons; the panel works from the keyboard', async ({ page }) => {
    await signIn(page, 'reader', '/');
    await expect(chip(page)).toHaveAccessibleName('Pipeline: Idle', FIRST_LOAD);
    await chip(page).focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Data pipeline' });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('No analysis request is pending.')).toBeVisible();
    await expect(panel.getByRole('button')).toHaveCount(0);
    // The exact time of the last analysis shows from the keyboard too.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tooltip')).toHaveText(/\d{4}, \d{2}:\d{2} UTC$/);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(chip(page)).toBeFocused();
  });
});
