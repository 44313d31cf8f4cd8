import type { Browser, TestInfo } from '@playwright/test';
import { signIn } from './fixtures';

/**
 * Opens a page of this area once before a spec's tests, so the dev server's
 * first, cold compile (slow on a busy machine) is not charged to the first
 * test's assertions. Waits for the page's heading, never for a fixed time.
 */
export async function warmUp(browser: Browser, baseURL: string | undefined, path: string, testInfo: TestInfo): Promise<void> {
  testInfo.setTimeout(180_000);
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(150_000);
    await signIn(page, 'admin', path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('table').first().waitFor();
  } finally {
    await context.close();
  }
}
