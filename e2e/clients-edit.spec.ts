import type { APIRequestContext, Locator } from '@playwright/test';
import { accountWithRole, apiToken, expect, signIn, test } from './fixtures';

/**
 * Collection clients (enterprise): register one, read its token once, regenerate it and see the old
 * one refused as the collector would use it (POST /api/v2/jobs/end with the token), edit, delete with
 * its scheduled events.
 */

const endJob = (request: APIRequestContext, token: string) =>
  request.post('/api/v2/jobs/end', { headers: { Authorization: `Bearer ${token}` } });

/** The key shown in the token dialog (its read-only field, beside "Copy the key"). */
async function shownKey(dialog: Locator) {
  const key = await dialog.getByRole('textbox', { name: 'Key' }).inputValue();
  expect(key.length).toBeGreaterThan(20);
  return key;
}

test('register a client, regenerate its token (the old one is refused), edit and delete it', async ({ page, request }) => {
  await signIn(page, 'admin', '/clients');
  await page.getByRole('button', { name: 'Register client' }).click();
  const register = page.getByRole('dialog', { name: 'Register a collection client' });
  // Bad input: the field says what is wrong and keeps what was typed.
  await register.getByLabel('Name').fill('SharpHound HQ');
  await register.getByLabel('Domain controller').fill('dc 01!');
  await register.getByRole('button', { name: 'Register client' }).click();
  await expect(register.getByLabel('Domain controller')).toHaveAccessibleDescription(/must be a host name/);
  await register.getByLabel('Domain controller').fill('dc02.corp.example.com');
  await register.getByRole('button', { name: 'Register client' }).click();
  // The name is taken (the server says so, on the field).
  await expect(register.getByLabel('Name')).toHaveAccessibleDescription(/already exists/);
  await expect(register.getByLabel('Domain controller')).toHaveValue('dc02.corp.example.com');
  await register.getByLabel('Name').fill('SharpHound Branch');
  await register.getByRole('button', { name: 'Register client' }).click();

  const first = page.getByRole('dialog', { name: 'SharpHound Branch is registered: its token' });
  const oldKey = await shownKey(first);
  // The key works as the client's token: it is accepted (nothing to end yet: 400, not 401).
  expect((await endJob(request, oldKey)).status()).toBe(400);
  await first.getByRole('button', { name: 'Done: I have copied the key' }).click();

  // The client's page.
  await expect(page.getByRole('heading', { level: 1, name: 'SharpHound Branch' })).toBeVisible();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
  await expect(page.getByText('SharpHound Branch has not checked in yet.')).toBeVisible();
  const collector = page.getByRole('region', { name: 'Collector' });
  await expect(collector).toContainText('dc02.corp.example.com');
  await expect(page.getByText(oldKey)).toHaveCount(0);
  await expect(page.getByText('SharpHound Branch has not finished a collection yet.')).toBeVisible();

  // Regenerate: asks first, shows the new token once; the old one is refused at once.
  await page.getByRole('button', { name: 'Regenerate token' }).click();
  const confirm = page.getByRole('dialog', { name: 'Regenerate the token of SharpHound Branch?' });
  await expect(confirm).toContainText('stops working at once');
  await confirm.getByRole('button', { name: 'Regenerate token' }).click();
  const second = page.getByRole('dialog', { name: 'New token of SharpHound Branch' });
  await expect(second).toContainText('Reconfigure the collector');
  const newKey = await shownKey(second);
  expect(newKey).not.toBe(oldKey);
  const refused = await endJob(request, oldKey);
  expect(refused.status()).toBe(401);
  expect(JSON.stringify(await refused.json())).toContain('replaced by a newer one');
  expect((await endJob(request, newKey)).status()).toBe(400);
  await second.getByRole('button', { name: 'Done: I have copied the key' }).click();
  await expect(page.getByText(newKey)).toHaveCount(0);

  // Edit: a bad domain controller stays typed with its message; then a good edit.
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit SharpHound Branch' });
  await edit.getByLabel('Name').fill('SharpHound Branch Office');
  await edit.getByLabel('Domain controller').fill('dc03.eu.corp.example.com');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'SharpHound Branch Office' })).toBeVisible();
  await expect(collector).toContainText('dc03.eu.corp.example.com');

  // Delete: it has no scheduled events, and the dialog says so.
  const clientId = page.url().split('/').pop()!;
  await page.getByRole('button', { name: 'Delete' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete SharpHound Branch Office?' });
  await expect(remove).toContainText('It has no scheduled events.');
  await remove.getByRole('button', { name: 'Delete client' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByText('The client SharpHound Branch Office was deleted.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Clients' })).not.toContainText('SharpHound Branch Office');
  const admin = await apiToken(request, 'admin');
  expect((await request.get(`/api/v2/clients/${clientId}`, { headers: { Authorization: `Bearer ${admin}` } })).status()).toBe(
    404,
  );
  // Its token went with it.
  expect((await endJob(request, newKey)).status()).toBe(401);
});

test('deleting a client names its events, and they go with it', async ({ page, request }) => {
  const admin = await apiToken(request, 'admin');
  const auth = { Authorization: `Bearer ${admin}` };
  type Listed = { id: string; name: string; events: { id: number }[] };
  const clients = ((await (await request.get('/api/v2/clients?limit=100', { headers: auth })).json()) as { data: Listed[] }).data;
  const lab = clients.find((c) => c.name === 'SharpHound Dev Lab')!;
  const hq = clients.find((c) => c.name === 'SharpHound HQ')!;
  const client = lab.events.length > 0 ? lab : hq;
  expect(client.events.length).toBeGreaterThan(0);
  const ids = client.events.map((e) => e.id);

  await signIn(page, 'admin', `/clients/${client.id}`);
  await expect(page.getByRole('heading', { level: 1, name: client.name })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  const remove = page.getByRole('dialog', { name: `Delete ${client.name}?` });
  await expect(remove).toContainText(
    ids.length === 1 ? 'Its scheduled event goes with it' : `Its ${ids.length} scheduled events go with it`,
  );
  await expect(remove.getByRole('listitem')).toHaveText(ids.map((id) => new RegExp(`^Event ${id}: \\S`)));
  await remove.getByRole('button', { name: 'Delete client' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByText(`The client ${client.name} was deleted, with ${ids.length}`)).toBeVisible();
  // Its events are gone from the events page and from the service.
  await page.goto('/events');
  const events = page.getByRole('table', { name: 'Scheduled events' });
  await expect(events).toBeVisible();
  for (const id of ids) {
    await expect(events.getByRole('link', { name: new RegExp(`^Event ${id}\\b`) })).toHaveCount(0);
    expect((await request.get(`/api/v2/events/${id}`, { headers: auth })).status()).toBe(404);
  }
});

test('a seeded client page: events, completed tasks with their results', async ({ page }) => {
  await signIn(page, 'admin', '/clients');
  await page.getByRole('link', { name: 'SharpHound HQ', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'SharpHound HQ' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Status' })).toContainText('Working on');
  const tasks = page.getByRole('table', { name: 'Completed jobs of SharpHound HQ' });
  await expect(tasks.getByRole('row').nth(1)).toBeVisible();
  const open = tasks.getByRole('button', { name: /^Results of job \d+$/ }).first();
  await open.click();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  await expect(tasks).toContainText(/users, \d+ groups/);
  await expect(page.getByRole('table', { name: 'Scheduled events of SharpHound HQ' }).getByRole('row')).not.toHaveCount(0);
});

test('someone with clients.Read only sees a client but is offered no change', async ({ page, request }) => {
  await signIn(page, await accountWithRole(request, 'User'), '/clients');
  await expect(page.getByRole('table', { name: 'Clients' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register client' })).toHaveCount(0);
  await page.getByRole('link', { name: 'SharpHound HQ', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'SharpHound HQ' })).toBeVisible();
  await expect(page.getByText(/You can look at this client/)).toBeVisible();
  for (const name of ['Edit', 'Regenerate token', 'Delete']) await expect(page.getByRole('button', { name })).toHaveCount(0);
});

test('a community server says clients are enterprise-only', async ({ page, communityURL }) => {
  await signIn(page, 'admin', '/clients/00000000-0000-4000-8000-000000000000', communityURL);
  await expect(page.getByText('Collection clients need the enterprise edition')).toBeVisible();
});
