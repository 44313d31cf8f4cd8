import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { apiToken, expect, signIn, test } from './fixtures';

/** The first page of a test can take a while on a busy server. */
const FIRST_LOAD = { timeout: 30_000 };

const NAME = 'Stale admin sessions';
const FIRST_TEXT = 'MATCH (u:User)\n\tWHERE u.admincount = true\nRETURN u';
const EDITED_TEXT =
  "MATCH p=(c:Computer)-[:HasSession]->(u:User)\n\tWHERE u.admincount = true AND c.name STARTS WITH 'WS'\nRETURN p";

interface Row {
  id: number;
  name: string;
  query: string;
  description?: string;
  user_id: string;
  scope?: string;
}

async function api(request: APIRequestContext, user: string) {
  const token = await apiToken(request, user);
  return { Authorization: `Bearer ${token}` };
}

/** The query named `name` that `user` sees (any scope), as the service answers. */
async function findQuery(request: APIRequestContext, user: string, name: string): Promise<Row | undefined> {
  const res = await request.get(`/api/v2/saved-queries?scope=all&limit=1000&name=eq:${encodeURIComponent(name)}`, {
    headers: await api(request, user),
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Row[] }).data[0];
}

/** A page in a browser context of its own, signed in as `user`: sessions never mix. */
async function pageOf(browser: Browser, user: string, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user, path);
  return page;
}

/** Creates a query through the dialog, first tripping over a name the person already uses. */
async function createThroughDialog(page: Page, takenName: string) {
  await page.getByRole('button', { name: 'New query' }).click();
  const dialog = page.getByRole('dialog', { name: 'New saved query' });
  await dialog.getByRole('button', { name: 'Save query' }).click();
  await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Query is required')).toBeVisible();

  await dialog.getByLabel('Name').fill(takenName);
  await dialog.getByLabel('Description').fill('Admins with sessions on workstations.');
  // The query text lines up in columns, as a person reads code: a line of narrow letters is as wide as one of wide
  // letters, and a tab as wide as four letters (the lines are longer than the field, so it scrolls across them).
  const query = dialog.getByLabel('Query');
  const widthOf = async (line: string) => {
    await query.fill(line);
    return query.evaluate((el) => el.scrollWidth);
  };
  const wide = await widthOf('W'.repeat(160));
  expect(wide, 'a line longer than the field scrolls').toBeGreaterThan(await query.evaluate((el) => el.clientWidth));
  expect(await widthOf('i'.repeat(160)), 'narrow letters take as much room as wide ones').toBe(wide);
  expect(await widthOf(`\t${'W'.repeat(156)}`), 'a tab takes the room of four letters').toBe(wide);
  await query.fill(FIRST_TEXT);
  await expect(dialog.getByText(`Cypher. 3 lines · ${FIRST_TEXT.length} of 20,000 characters`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Save query' }).click();
  // The server refuses a name the person already uses: on the field, with what was typed kept.
  await expect(dialog.getByText(`You already have a saved query named "${takenName}". Choose another name.`)).toBeVisible();
  await expect(dialog.getByLabel('Query')).toHaveValue(FIRST_TEXT);
  await dialog.getByLabel('Name').fill(NAME);
  await dialog.getByRole('button', { name: 'Save query' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Saved “${NAME}”. Only you can see it until you share it.`)).toBeVisible();
}

test.describe('saved queries: create, edit, share, public and private', () => {
  // Whole flows across two accounts' tabs: roomier than the default minute on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test('create and edit a query, share it by name and see it from the other account; a non-owner cannot edit', async ({
    page,
    request,
    browser,
  }) => {
    await signIn(page, 'admin', '/saved-queries');
    await expect(page.getByRole('heading', { level: 1, name: 'Saved queries' })).toBeVisible(FIRST_LOAD);
    await createThroughDialog(page, 'All Domain Admins');

    const created = (await findQuery(request, 'admin', NAME))!;
    expect(created).toMatchObject({ query: FIRST_TEXT, description: 'Admins with sessions on workstations.', scope: 'owned' });

    // Edit: the row's Edit opens the query as stored; the change reaches the service.
    await page.getByLabel('Search by name').fill(NAME);
    const table = page.getByRole('table', { name: 'Saved queries' });
    await expect(table.getByRole('rowheader')).toHaveCount(1);
    await expect(table.getByRole('row').filter({ hasText: NAME })).toContainText('Yours');
    await page.getByRole('button', { name: `Edit ${NAME}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit "${NAME}"` });
    await expect(edit.getByLabel('Query')).toHaveValue(FIRST_TEXT);
    await edit.getByLabel('Query').fill(EDITED_TEXT);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText(`Saved “${NAME}”.`, { exact: true })).toBeVisible();
    expect((await findQuery(request, 'admin', NAME))!.query).toBe(EDITED_TEXT);
    // Opened in its row, the whole text shows as typed.
    await page.getByRole('button', { name: `Query text of ${NAME}` }).click();
    await expect(page.getByRole('group', { name: `Query text of ${NAME}` })).toHaveText(EDITED_TEXT);

    // Share with Pat Power, picked by name (typed as the principal name).
    await page.getByRole('button', { name: `Sharing of ${NAME}` }).click();
    const sharing = page.getByRole('dialog', { name: `Sharing: ${NAME}` });
    await expect(sharing.getByText('This query is not shared with anyone.')).toBeVisible();
    await sharing.getByRole('combobox', { name: 'Share with' }).fill('poweruser');
    await page.getByRole('option', { name: /Pat Power/ }).click();
    // A person picked but not yet shared with is not dropped silently: Close asks first (the dialog's own Close,
    // after the open list's).
    await sharing.getByRole('button', { name: 'Close', exact: true }).last().click();
    const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(discard).toBeHidden();
    await sharing.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(sharing.getByText('Shared with Pat Power.')).toBeVisible();
    await expect(sharing.getByRole('table', { name: 'Users this query is shared with' }).getByRole('rowheader')).toHaveText([
      'Pat Power',
    ]);
    await sharing.getByRole('button', { name: 'Close' }).click();
    await expect(sharing).toBeHidden();
    const ownRow = table.getByRole('row').filter({ hasText: NAME });
    await expect(ownRow).toContainText('Yours, shared with 1 person');

    // Pat Power, in a browser of their own, finds it under "Shared with me": no Edit, no Delete.
    const pat = await pageOf(browser, 'poweruser', '/saved-queries');
    await expect(pat.getByRole('heading', { level: 1, name: 'Saved queries' })).toBeVisible(FIRST_LOAD);
    await pat.getByRole('combobox', { name: 'Scope' }).selectOption({ label: 'Shared with me' });
    await expect(pat).toHaveURL(/scope=eq:shared/);
    const patRow = pat.getByRole('table', { name: 'Saved queries' }).getByRole('row').filter({ hasText: NAME });
    await expect(patRow).toContainText('Shared with you');
    await expect(pat.getByRole('button', { name: `Sharing of ${NAME}` })).toBeVisible();
    await expect(pat.getByRole('button', { name: `Edit ${NAME}` })).toHaveCount(0);
    await expect(pat.getByRole('button', { name: `Delete ${NAME}` })).toHaveCount(0);
    await pat.getByRole('button', { name: `Query text of ${NAME}` }).click();
    await expect(pat.getByRole('group', { name: `Query text of ${NAME}` })).toHaveText(EDITED_TEXT);
    // And the service refuses their change.
    const patHeaders = await api(request, 'poweruser');
    const refused = await request.put(`/api/v2/saved-queries/${created.id}`, { headers: patHeaders, data: { name: 'Mine now' } });
    expect(refused.status()).toBe(403);
    expect((await request.delete(`/api/v2/saved-queries/${created.id}`, { headers: patHeaders })).status()).toBe(403);
    expect((await findQuery(request, 'admin', NAME))!.name).toBe(NAME);

    // Rita Reader does not see it at all until it is public.
    const rita = await pageOf(browser, 'reader', `/saved-queries?q=~eq:${encodeURIComponent(NAME)}`);
    await expect(rita.getByText('No saved queries match these filters')).toBeVisible(FIRST_LOAD);

    // Public: the switch asks first and says the one-by-one sharing goes.
    await page.getByRole('button', { name: `Sharing of ${NAME}` }).click();
    await sharing.getByRole('switch', { name: 'Public: every user can see and run it' }).click();
    const makePublic = page.getByRole('dialog', { name: `Make “${NAME}” public?` });
    await expect(makePublic).toContainText('It is no longer shared with 1 person one by one');
    await makePublic.getByRole('button', { name: 'Make public' }).click();
    await expect(makePublic).toBeHidden();
    await expect(sharing.getByText(`“${NAME}” is public: every user can see and run it.`)).toBeVisible();
    await expect(sharing.getByRole('switch', { name: 'Public: every user can see and run it' })).toBeChecked();
    await expect(sharing.getByRole('combobox', { name: 'Share with' })).toBeDisabled();
    await sharing.getByRole('button', { name: 'Close' }).click();
    await expect(ownRow).toContainText('Yours, public');
    await page.getByRole('button', { name: `Sharing of ${NAME}` }).click();

    await rita.reload();
    const ritaRow = rita.getByRole('table', { name: 'Saved queries' }).getByRole('row').filter({ hasText: NAME });
    await expect(ritaRow).toContainText('Public', FIRST_LOAD);
    await expect(rita.getByRole('button', { name: `Edit ${NAME}` })).toHaveCount(0);

    // Private again: nobody else sees it (nothing to lose, so no question).
    await sharing.getByRole('switch', { name: 'Public: every user can see and run it' }).click();
    await expect(sharing.getByText(`“${NAME}” is private again: only you can see it.`)).toBeVisible();
    await expect(sharing.getByRole('switch', { name: 'Public: every user can see and run it' })).not.toBeChecked();
    await sharing.getByRole('button', { name: 'Close' }).click();
    await expect(ownRow).toContainText('Yours, private');
    await rita.reload();
    await expect(rita.getByText('No saved queries match these filters')).toBeVisible(FIRST_LOAD);
    expect(await findQuery(request, 'poweruser', NAME)).toBeUndefined();

    await pat.context().close();
    await rita.context().close();
  });

  test('deleting asks first, naming who loses it, and the query is gone', async ({ page, request }) => {
    await signIn(page, 'admin', '/saved-queries?q=~eq:All%20Domain%20Admins');
    await expect(page.getByRole('button', { name: 'Delete All Domain Admins' })).toBeVisible(FIRST_LOAD);
    const before = (await findQuery(request, 'admin', 'All Domain Admins'))!;
    await page.getByRole('button', { name: 'Delete All Domain Admins' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete "All Domain Admins"?' });
    await expect(confirm).toContainText('The 8 users it is shared with lose it.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    expect(await findQuery(request, 'admin', 'All Domain Admins')).toBeDefined();

    await page.getByRole('button', { name: 'Delete All Domain Admins' }).click();
    await confirm.getByRole('button', { name: 'Delete query' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Deleted “All Domain Admins”.')).toBeVisible();
    await expect(page.getByText('No saved queries match these filters')).toBeVisible();
    const res = await request.get(`/api/v2/saved-queries/${before.id}`, { headers: await api(request, 'admin') });
    expect(res.status()).toBe(404);
  });

  test('someone who may not manage users picks a person by name when sharing', async ({ page, request }) => {
    const headers = await api(request, 'poweruser');
    const created = await request.post('/api/v2/saved-queries', {
      headers,
      data: { name: 'Pat’s query', query: 'MATCH (n:Computer) RETURN n' },
    });
    expect(created.status()).toBe(201);
    const readerId = (
      (await (await request.get('/api/v2/self', { headers: await api(request, 'reader') })).json()) as {
        data: { id: string };
      }
    ).data.id;

    await signIn(page, 'poweruser', '/saved-queries?scope=eq:owned');
    await page.getByRole('button', { name: 'Sharing of Pat’s query' }).click(FIRST_LOAD);
    const sharing = page.getByRole('dialog', { name: 'Sharing: Pat’s query' });
    await sharing.getByRole('combobox', { name: 'Share with' }).fill('Rita');
    await page.getByRole('option', { name: /Rita Reader/ }).click();
    await sharing.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(sharing.getByText('Shared with Rita Reader.')).toBeVisible();
    await expect(sharing.getByRole('rowheader', { name: 'Rita Reader' })).toBeVisible();
    const perms = (await (
      await request.get(`/api/v2/saved-queries/${((await created.json()) as { data: { id: number } }).data.id}/permissions`, {
        headers,
      })
    ).json()) as { data: { shared_to_user_ids: string[] } };
    expect(perms.data.shared_to_user_ids).toEqual([readerId]);
  });
});
