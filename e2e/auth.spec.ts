import { expect, PASSWORD, shownScheme, signIn, signInWithForm, test } from './fixtures';

test.describe('sign-in and session', () => {
  test('signs in with good credentials and lands on the home page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await signInWithForm(page, 'admin');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ada Admin' })).toBeVisible();
    await expect(page.getByText('Roles: Administrator')).toBeVisible();
    // The session is kept for the tab: a reload stays signed in.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    // The token is not in local storage.
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('ey');
  });

  test('refuses bad credentials with a clear message and keeps the username', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, 'admin', 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('The username or password is incorrect.');
    await expect(page.getByLabel('Username')).toHaveValue('admin');
    await expect(page.getByLabel('Password')).toHaveValue('');
    await expect(page).toHaveURL(/\/login$/);
    // Empty fields are refused before anything is sent.
    await page.getByLabel('Username').fill('');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter your username')).toBeVisible();
    await expect(page.getByText('Enter your password')).toBeVisible();
  });

  test('after repeated failures the sign-in page says when to try again', async ({ page }) => {
    await page.goto('/login');
    for (let i = 0; i < 5; i++) {
      await signInWithForm(page, 'reader', `wrong-${i}`);
      // This attempt's own answer: the page empties the password it refused. (The message alone may still be
      // the last attempt's, and typing on before the answer came would race the page emptying the field.)
      await expect(page.getByLabel('Password')).toHaveValue('');
      await expect(page.getByText('The username or password is incorrect.')).toBeVisible();
    }
    await signInWithForm(page, 'reader', PASSWORD);
    await expect(page.getByRole('alert')).toHaveText(/^Too many failed sign-ins\. Try again in (30|29|28) seconds\.$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  });

  test('a deep link goes to sign-in and then back to the page asked for', async ({ page }) => {
    await page.goto('/no/such/page?tab=2');
    await expect(page).toHaveURL(/\/login\?next=%2Fno%2Fsuch%2Fpage%3Ftab%3D2$/);
    await signInWithForm(page, 'reader');
    await expect(page).toHaveURL(/\/no\/such\/page\?tab=2$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('There is no page at /no/such/page')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  });

  test('signs out, and the old token no longer works', async ({ page, request }) => {
    await signIn(page, 'poweruser');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('admin-console.session')!).token as string);
    await page.getByRole('button', { name: 'Pat Power' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('You have signed out.')).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('admin-console.session'))).toBeNull();
    await expect
      .poll(async () => (await request.get('/api/v2/self', { headers: { Authorization: `Bearer ${token}` } })).status())
      .toBe(401);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a session the server no longer accepts returns to sign-in', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.evaluate(() => {
      const s = JSON.parse(sessionStorage.getItem('admin-console.session')!);
      s.token = `${s.token.slice(0, -4)}AAAA`;
      sessionStorage.setItem('admin-console.session', JSON.stringify(s));
    });
    await page.reload();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('Your session is no longer valid. Sign in again to continue.')).toBeVisible();
    await signInWithForm(page, 'admin', PASSWORD);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  });

  test('ends the session when the token expires, and signs back in to the same page', async ({ page }) => {
    await signIn(page, 'admin', '/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    // Pretend the token expires two seconds from now; the console must end the session by itself.
    await page.evaluate(() => {
      const s = JSON.parse(sessionStorage.getItem('admin-console.session')!);
      s.expiresAt = Date.now() + 2000;
      sessionStorage.setItem('admin-console.session', JSON.stringify(s));
    });
    await page.reload();
    await expect(page.getByText('Your session expired. Sign in again to continue.')).toBeVisible();
    await expect(page).toHaveURL(/\/login\?next=%2Fno-such-page$/);
    await signInWithForm(page, 'admin');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('switches between light and dark themes', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await signIn(page, 'admin');
    await expect.poll(() => shownScheme(page)).toBe('light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(() => shownScheme(page)).toBe('dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect.poll(() => shownScheme(page)).toBe('light');
    await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  });
});
