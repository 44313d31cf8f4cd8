import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_COMMUNITY_PORT } from '../playwright.config';

/** Password of every seeded account (README, "Seeded accounts"). */
export const PASSWORD = process.env.MOCK_PASSWORD || 'Correct-Horse-9';
export const COMMUNITY_URL = `http://127.0.0.1:${E2E_COMMUNITY_PORT}`;
export type Account = 'admin' | 'poweruser' | 'reader' | 'uploader';

/** Every test starts from the seeded state of the mock service. */
export const test = base.extend<{ resetMock: void }>({
  resetMock: [
    async ({ request }, use) => {
      const res = await request.post('/__mock/reset');
      expect(res.status(), 'mock reset').toBe(204);
      await use();
    },
    { auto: true },
  ],
});
export { expect };

/** A session token for `username`, from the service's own sign-in operation. */
export async function apiToken(
  request: APIRequestContext,
  username: string,
  password = PASSWORD,
  baseURL?: string,
): Promise<string> {
  const res = await request.post(`${baseURL ?? ''}/api/v2/login`, {
    data: { login_method: 'secret', username, secret: password },
  });
  expect(res.status(), `sign-in of ${username}`).toBe(200);
  return ((await res.json()) as { data: { session_token: string } }).data.session_token;
}

/**
 * Signs `page` in as `username` the fast way (a token from the API placed in
 * the tab's session, as the sign-in page would) and opens `path`.
 * The sign-in form itself is covered by auth.spec.ts.
 */
export async function signIn(page: Page, username: Account | string = 'admin', path = '/', baseURL?: string): Promise<void> {
  const token = await apiToken(page.request, username, PASSWORD, baseURL);
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; exp: number };
  await page.addInitScript(
    ([t, sub, exp]) => {
      if (!sessionStorage.getItem('admin-console.session')) {
        sessionStorage.setItem('admin-console.session', JSON.stringify({ token: t, userId: sub, expiresAt: Number(exp) * 1000 }));
      }
    },
    [token, payload.sub, String(payload.exp)] as const,
  );
  await page.goto(`${baseURL ?? ''}${path}`);
}

/** Signs in through the form, as a person would. */
export async function signInWithForm(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
