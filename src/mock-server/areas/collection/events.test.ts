import { beforeEach, describe, expect, it } from 'vitest';
import { auditLogsResponse } from '../../../api/schemas/audit';
import { clientsListResponse, scheduledEventResponse, type Client } from '../../../api/schemas/collection';
import { errorBody } from '../../../api/schemas/wire-format';
import { nextRun, upcomingRuns } from '../../../shared/schedule';
import { call, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';
import { graphOf } from '../../seed/live-graph';

let mock: MockServer;
let admin: string;
let clients: Client[];

const byName = (name: string) => clients.find((c) => c.name === name)!;
const sharp = () => byName('SharpHound HQ');
const azure = () => byName('AzureHound Tenant');

/** A start one day ahead, on the minute, in the rule's form. */
function futureStart(days = 1): string {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCSeconds(0, 0);
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const WEEKLY = 'DTSTART:20261001T023000Z\nRRULE:FREQ=WEEKLY;BYDAY=MO,TH';

/** Object ids of existing OUs or domains (the live graph's), or of ones gone from it (the seed keeps a few). */
function directoryIds(kind: 'ou' | 'domain', exists = true): string[] {
  if (!exists) return mock.db.state.collectionDirectory.filter((o) => o.kind === kind).map((o) => o.objectid);
  const graph = graphOf(mock.db.state);
  const nodes = kind === 'domain' ? graph.domains : graph.nodes.filter((n) => n.primaryKind === 'OU');
  return nodes.map((n) => n.objectid);
}

async function post(json: unknown, token = admin) {
  return call(mock, 'POST', '/api/v2/events', { token, json });
}

async function put(id: number, json: unknown, token = admin) {
  return call(mock, 'PUT', `/api/v2/events/${id}`, { token, json });
}

function firstError(body: unknown) {
  return errorBody.parse(body).errors[0]!;
}

/** Expects a 400 whose first error names `context` (and, when given, says `says`). */
function expectRefused(res: { status: number; body: unknown }, context: string, says?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  const e = firstError(res.body);
  expect(e.context).toBe(context);
  if (says) expect(e.message).toMatch(says);
}

beforeEach(async () => {
  mock = testMockServer({ collectionPickupMs: 3_600_000 });
  admin = await tokenFor(mock, 'admin');
  clients = clientsListResponse.parse((await call(mock, 'GET', '/api/v2/clients?limit=50', { token: admin })).body).data;
});

describe('creating an event', () => {
  it('stores the client, the rule, the flags, OUs and domains, and answers the event with its next run', async () => {
    const [ou] = directoryIds('ou');
    const [domain] = directoryIds('domain');
    const res = await post({
      client_id: sharp().id,
      rrule: WEEKLY,
      session_collection: true,
      ad_structure_collection: true,
      ous: [ou],
      domains: [domain],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const created = scheduledEventResponse.parse(res.body).data;
    expect(created).toMatchObject({
      client_id: sharp().id,
      rrule: WEEKLY,
      session_collection: true,
      ad_structure_collection: true,
      local_group_collection: false,
      all_trusted_domains: false,
    });
    expect(created.id).toBe(7); // after the six seeded events
    expect(created.ous).toEqual([expect.objectContaining({ objectid: ou, exists: true, type: 'OU' })]);
    expect(created.domains).toEqual([expect.objectContaining({ objectid: domain, exists: true, type: 'Domain' })]);
    expect(created.next_scheduled_at).toBe(nextRun(WEEKLY)!.toISOString());
    // The stored event reads back the same, and its next runs are the rule's.
    const read = scheduledEventResponse.parse((await call(mock, 'GET', `/api/v2/events/${created.id}`, { token: admin })).body);
    expect(read.data).toEqual(created);
    expect(new Date(read.data.next_scheduled_at!).getUTCDay()).toBeOneOf([1, 4]);
    expect(upcomingRuns(read.data.rrule, 5).every((d) => [1, 4].includes(d.getUTCDay()) && d.getUTCHours() === 2)).toBe(true);
  });

  it('accepts a domain of the directory graph and names it on the event', async () => {
    const domain = graphOf(mock.db.state).domains[0]!;
    const res = await post({ client_id: sharp().id, rrule: WEEKLY, session_collection: true, domains: [domain.objectid] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(scheduledEventResponse.parse(res.body).data.domains).toEqual([
      expect.objectContaining({ objectid: domain.objectid, name: domain.name, exists: true }),
    ]);
  });

  it('accepts a one-off in the future', async () => {
    const res = await post({
      client_id: sharp().id,
      rrule: `DTSTART:${futureStart()}\nRRULE:FREQ=DAILY;COUNT=1`,
      session_collection: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('requires the client and refuses an unknown one', async () => {
    expectRefused(await post({ rrule: WEEKLY, session_collection: true }), 'client_id', /required/);
    expectRefused(
      await post({ client_id: '00000000-0000-4000-8000-000000000000', rrule: WEEKLY, session_collection: true }),
      'client_id',
      /No collection client/,
    );
    expectRefused(await post({ client_id: 'nope', rrule: WEEKLY, session_collection: true }), 'client_id');
  });

  it.each([
    ['an unreadable rule', 'DTSTART:20261001T023000Z\nRRULE:FREQ=WEEKLY;BYDAY=XX', /BYDAY must list weekdays/],
    ['a rule without a start', 'RRULE:FREQ=DAILY', /needs a start/],
    ['a start that is not UTC', 'DTSTART;TZID=Europe/Paris:20261001T023000\nRRULE:FREQ=DAILY', /UTC time/],
    ['a start that is no date', 'DTSTART:20261301T023000Z\nRRULE:FREQ=DAILY', /not a real date/],
    ['an unknown part', 'DTSTART:20261001T023000Z\nRRULE:FREQ=DAILY;EVERY=2', /unknown part/],
    ['a rule more often than hourly', 'DTSTART:20261001T023000Z\nRRULE:FREQ=MINUTELY;INTERVAL=5', /at most once an hour/],
    ['an hour out of range', 'DTSTART:20261001T023000Z\nRRULE:FREQ=DAILY;BYHOUR=25', /BYHOUR/],
    ['a rule that never runs', 'DTSTART:20261001T023000Z\nRRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', /never runs/],
    [
      'a one-off in the past',
      'DTSTART:20261001T023000Z\nRRULE:FREQ=DAILY;COUNT=1',
      /one-off collection must start in the future/,
    ],
    [
      'a rule whose runs have all passed',
      'DTSTART:20261001T023000Z\nRRULE:FREQ=DAILY;UNTIL=20261005T000000Z',
      /no runs after now/,
    ],
    ['an empty rule', '  ', /empty/],
  ])('refuses %s, naming rrule', async (_what, rrule, says) => {
    expectRefused(await post({ client_id: sharp().id, rrule, session_collection: true }), 'rrule', says);
  });

  it('refuses a body that is not the schema, naming the field', async () => {
    expectRefused(await post({ client_id: sharp().id, rrule: 7, session_collection: true }), 'rrule');
    expectRefused(await post({ client_id: sharp().id, rrule: WEEKLY, session_collection: 'yes' }), 'session_collection');
    expectRefused(await post({ client_id: sharp().id, rrule: WEEKLY, session_collection: true, ous: 'x' }), 'ous');
  });

  it('requires a collection', async () => {
    expectRefused(await post({ client_id: sharp().id, rrule: WEEKLY, all_trusted_domains: true }), 'collections', /at least one/);
  });

  it('refuses options an AzureHound client does not collect, and accepts what it does', async () => {
    expectRefused(
      await post({ client_id: azure().id, rrule: WEEKLY, ad_structure_collection: true, session_collection: true }),
      'session_collection',
      /AzureHound clients cannot collect "Sessions"/,
    );
    expectRefused(
      await post({ client_id: azure().id, rrule: WEEKLY, ad_structure_collection: true, all_trusted_domains: true }),
      'all_trusted_domains',
    );
    expectRefused(
      await post({ client_id: azure().id, rrule: WEEKLY, ad_structure_collection: true, ous: directoryIds('ou').slice(0, 1) }),
      'ous',
      /do not collect OUs/,
    );
    expectRefused(
      await post({
        client_id: azure().id,
        rrule: WEEKLY,
        ad_structure_collection: true,
        domains: directoryIds('domain').slice(0, 1),
      }),
      'domains',
    );
    expectRefused(await post({ client_id: azure().id, rrule: WEEKLY }), 'ad_structure_collection', /at least one/);
    expect((await post({ client_id: azure().id, rrule: WEEKLY, ad_structure_collection: true })).status).toBe(200);
  });

  it('refuses OUs and domains the directory does not have, no longer has, or that are named twice', async () => {
    const base = { client_id: sharp().id, rrule: WEEKLY, session_collection: true };
    expectRefused(await post({ ...base, ous: ['NOT-AN-OU'] }), 'ous', /No OU has the object id NOT-AN-OU/);
    expectRefused(await post({ ...base, ous: directoryIds('ou', false).slice(0, 1) }), 'ous', /no longer exists/);
    expectRefused(await post({ ...base, domains: directoryIds('domain', false).slice(0, 1) }), 'domains', /no longer exists/);
    // A domain's id is not an OU.
    expectRefused(await post({ ...base, ous: directoryIds('domain').slice(0, 1) }), 'ous');
    const [ou] = directoryIds('ou');
    expectRefused(await post({ ...base, ous: [ou, ou!.toLowerCase()] }), 'ous', /named twice/);
  });

  it('changes nothing when refused', async () => {
    const before = mock.db.state.collectionEvents.length;
    await post({ client_id: sharp().id, rrule: 'FREQ=DAILY', session_collection: true });
    expect(mock.db.state.collectionEvents.length).toBe(before);
  });
});

describe('changing an event', () => {
  it('replaces the rule, flags and targets, and keeps the client when none is sent', async () => {
    const [ou] = directoryIds('ou');
    const rule = 'DTSTART:20261001T180000Z\nRRULE:FREQ=MONTHLY;BYMONTHDAY=15';
    const res = await put(1, { rrule: rule, local_group_collection: true, ous: [ou] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const updated = scheduledEventResponse.parse(res.body).data;
    expect(updated).toMatchObject({
      id: 1,
      client_id: sharp().id,
      rrule: rule,
      session_collection: false,
      local_group_collection: true,
      ad_structure_collection: false,
      domains: [],
    });
    expect(updated.ous.map((o) => o.objectid)).toEqual([ou]);
    expect(new Date(updated.next_scheduled_at!).getUTCDate()).toBe(15);
  });

  it('moves an event to another client, checked against that client’s type', async () => {
    expectRefused(
      await put(2, { client_id: azure().id, rrule: WEEKLY, cert_services_collection: true }),
      'cert_services_collection',
    );
    const moved = await put(2, { client_id: azure().id, rrule: WEEKLY, ad_structure_collection: true });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(scheduledEventResponse.parse(moved.body).data.client_id).toBe(azure().id);
  });

  it('refuses a bad rule and an OU gone from the directory, and keeps the event as it was', async () => {
    const before = structuredClone(mock.db.state.collectionEvents.find((e) => e.id === 3));
    expectRefused(
      await put(3, { rrule: 'DTSTART:20261001T001500Z\nRRULE:FREQ=SOMETIMES', session_collection: true }),
      'rrule',
      /FREQ/,
    );
    // Event 3 names the Kiosks OU, gone from the directory: keeping it is refused.
    const event3 = scheduledEventResponse.parse((await call(mock, 'GET', '/api/v2/events/3', { token: admin })).body).data;
    const ids = event3.ous.map((o) => o.objectid);
    expectRefused(await put(3, { rrule: event3.rrule, session_collection: true, ous: ids }), 'ous', /Kiosks .* no longer exists/);
    expect(mock.db.state.collectionEvents.find((e) => e.id === 3)).toEqual(before);
  });

  it('answers 404 for an unknown event', async () => {
    const res = await put(999, { rrule: WEEKLY, session_collection: true });
    expect(res.status).toBe(404);
    expect(firstError(res.body).context).toBe('event_id');
  });
});

describe('access, audit and editions', () => {
  it('needs clients.Manage', async () => {
    const reader = await tokenFor(mock, 'reader');
    expect((await post({ client_id: sharp().id, rrule: WEEKLY, session_collection: true }, reader)).status).toBe(403);
    expect((await put(1, { rrule: WEEKLY, session_collection: true }, reader)).status).toBe(403);
  });

  it('records CreateScheduledEvent and UpdateScheduledEvent with their outcome', async () => {
    const created = await post({ client_id: sharp().id, rrule: WEEKLY, session_collection: true });
    const id = scheduledEventResponse.parse(created.body).data.id;
    await put(id, { rrule: 'nope', session_collection: true });
    const logs = auditLogsResponse
      .parse((await call(mock, 'GET', '/api/v2/audit?limit=50', { token: admin })).body)
      .data.logs.filter((l) => l.action.endsWith('ScheduledEvent') && Date.parse(l.created_at) > Date.now() - 60_000);
    expect(logs.map((l) => [l.action, l.status]).reverse()).toEqual([
      ['CreateScheduledEvent', 'intent'],
      ['CreateScheduledEvent', 'success'],
      ['UpdateScheduledEvent', 'intent'],
      ['UpdateScheduledEvent', 'failure'],
    ]);
    const success = logs.find((l) => l.status === 'success')!;
    expect(success.fields).toMatchObject({ id });
  });

  it('answers 404 on a community server', async () => {
    const community = testMockServer({ edition: 'community' });
    const token = await tokenFor(community, 'admin');
    const body = { client_id: sharp().id, rrule: WEEKLY, session_collection: true };
    expect((await call(community, 'POST', '/api/v2/events', { token, json: body })).status).toBe(404);
    expect((await call(community, 'PUT', '/api/v2/events/1', { token, json: body })).status).toBe(404);
  });
});
