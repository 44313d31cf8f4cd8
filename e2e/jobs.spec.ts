import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

async function open(page: Page, path: string, ready: (page: Page) => Locator) {
  await signIn(page, 'admin', path);
  await expect(ready(page)).toBeVisible({ timeout: 30_000 });
}

test.describe('collection jobs', () => {
  test('runs a job, reads its log as the run writes it, and a finished job cannot be canceled', async ({ page }) => {
    await open(page, '/clients', (p) => p.getByRole('table', { name: 'Clients' }));
    await page.getByRole('link', { name: 'SharpHound Dev Lab' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'SharpHound Dev Lab' })).toBeVisible();
    await page.getByRole('button', { name: 'Run collection now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run collection now on SharpHound Dev Lab' });
    await dialog.getByRole('button', { name: 'Run collection' }).click();

    // The new job's page: its log starts with who asked for it, and grows as the client picks it up.
    await expect(page.getByRole('heading', { level: 1, name: /^Job \d+$/ })).toBeVisible();
    const id = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Job ', '');
    expect(page.url()).toMatch(new RegExp(`/jobs/${id}$`));
    const log = page.getByLabel(`Log of job ${id}`);
    await expect(log).toContainText(`Job ${id} created: run now by admin.`);
    await expect(log).toContainText('Picked up by SharpHound Dev Lab.', { timeout: 15_000 });
    await expect(log).toContainText('Started collecting Sessions, Local groups and AD structure');

    // The client reports the end (mock controls): the log says what it collected and how it ended.
    await page.getByRole('button', { name: 'End the current job as SharpHound Dev Lab' }).click();
    await expect(page.getByRole('region', { name: 'Status' })).toContainText('Complete');
    await expect(log).toContainText(/Collected domain LAB\.ACME\.LOCAL: [\d,]+ users/);
    await expect(log).toContainText(/Ended \(Complete\): Collection complete/);

    // Downloaded as text, named after the job.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe(`job-${id}.log`);

    const cancel = page.getByRole('button', { name: 'Cancel job' });
    await expect(cancel).toBeDisabled();
    await expect(cancel).toHaveAccessibleDescription(`Job ${id} is complete: only a waiting or running job can be canceled.`);
  });

  test('cancels a waiting job from the recent jobs and a running one from its page, after confirming', async ({ page }) => {
    await open(page, '/clients', (p) => p.getByRole('table', { name: 'Clients' }));
    const hq = page.getByRole('row', { name: 'SharpHound HQ', exact: true });
    const running = (await hq.getByRole('link', { name: /^Job \d+$/ }).textContent())!;

    // HQ is busy: a new job waits behind the running one.
    await hq.getByRole('button', { name: 'Queue a collection on SharpHound HQ' }).click();
    await page
      .getByRole('dialog', { name: 'Queue a collection on SharpHound HQ' })
      .getByRole('button', { name: 'Queue collection' })
      .click();
    const created = page.getByRole('status', { name: /^Job \d+$/ });
    const waiting = (await created.getAttribute('aria-label'))!;

    const recent = page.getByRole('table', { name: 'Recent jobs' });
    await recent.getByRole('button', { name: `Cancel ${waiting.toLowerCase()} on SharpHound HQ` }).click();
    const confirm = page.getByRole('dialog', { name: `Cancel ${waiting.toLowerCase()} on SharpHound HQ?` });
    await expect(confirm).toContainText(`${waiting} is waiting for SharpHound HQ to pick it up: it will not run.`);
    await confirm.getByRole('button', { name: 'Cancel job' }).click();
    await expect(page.getByText(`${waiting} on SharpHound HQ was canceled.`)).toBeVisible();
    await expect(recent.getByRole('row', { name: new RegExp(`^${waiting} `) })).toContainText('Canceled');
    await expect(recent.getByRole('button', { name: `Cancel ${waiting.toLowerCase()} on SharpHound HQ` })).toHaveCount(0);

    // The running one, from its page: it stops, and its log says who canceled it.
    await hq.getByRole('link', { name: running }).click();
    await expect(page.getByRole('heading', { level: 1, name: running })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel job' }).click();
    const stop = page.getByRole('dialog', { name: `Cancel ${running.toLowerCase()} on SharpHound HQ?` });
    await expect(stop).toContainText(`SharpHound HQ is running ${running.toLowerCase()}: it stops`);
    await stop.getByRole('button', { name: 'Cancel job' }).click();
    await expect(page.getByRole('region', { name: 'Status' })).toContainText('Canceled by admin.');
    await expect(page.getByLabel(`Log of ${running.toLowerCase()}`)).toContainText('Canceled by admin while running.');
    await expect(page.getByRole('button', { name: 'Cancel job' })).toBeDisabled();
  });

  test('an old task address opens the job', async ({ page }) => {
    await open(page, '/tasks/1', (p) => p.getByRole('heading', { level: 1, name: 'Job 1' }));
    expect(page.url()).toMatch(/\/jobs\/1$/);
  });
});
