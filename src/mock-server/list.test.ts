import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { stringFilterParam } from '../api/schemas/wire-format';
import { timeFilterParam } from '../api/schemas/users';
import { integerFilterParam } from '../api/schemas/asset-groups';
import { ApiFailure, sendError } from './errors';
import { boolean, defineList, listParams, MAX_LIMIT, number, predicateFilter, text, time, type Paging } from './list';

interface Row {
  id: number;
  name: string;
  size: number | null;
  at: string;
  on: boolean;
}

const ROWS: Row[] = [
  { id: 3, name: 'beta', size: 10, at: '2026-01-03T00:00:00Z', on: true },
  { id: 1, name: 'Alpha', size: null, at: '2026-01-01T00:00:00Z', on: false },
  { id: 2, name: 'alpha', size: 5, at: '2026-01-02T00:00:00Z', on: true },
  { id: 5, name: 'Émile', size: 10, at: '2026-01-05T00:00:00.5Z', on: false },
  { id: 4, name: 'item 10', size: 7, at: '2026-01-04T00:00:00Z', on: true },
  { id: 6, name: 'item 9', size: 7, at: '2026-01-06T00:00:00Z', on: false },
];

const columns = {
  id: number((r: Row) => r.id),
  name: text((r: Row) => r.name),
  size: number((r: Row) => r.size),
  at: time((r: Row) => r.at),
  on: boolean((r: Row) => r.on),
};

function listWith(paging: Paging | undefined, unknown = true) {
  return defineList<Row>()({
    columns,
    paging,
    sortBy: ['id', 'name', 'size', 'at', 'on'],
    filters: {
      name: stringFilterParam('name'),
      size: integerFilterParam('size'),
      at: timeFilterParam('at'),
      on: predicateFilter('on', ['eq', 'neq']),
      id: predicateFilter('id', ['eq'], { integer: true }),
    },
    defaultSort: [{ column: 'at', descending: true }],
    tieBreak: [{ column: 'id', descending: false }],
    ...(unknown ? { unknown: (name: string, known: readonly string[]) => `"${name}" is unknown; use ${known.join(', ')}` } : {}),
  });
}

async function get(list: ReturnType<typeof listWith>, query: string) {
  const app = new Hono();
  app.get('/', (c) => {
    const req = list.parse(c);
    return c.json(list.page(list.select(ROWS, req), req, (r) => r.id));
  });
  app.onError((err, c) => (err instanceof ApiFailure ? sendError(c, err.status, err.errors) : c.text(String(err), 500)));
  const res = await app.request(`/?${query}`);
  const body = (await res.json()) as { count: number; skip: number; limit: number; data: number[] } & {
    errors: { context: string; message: string }[];
  };
  return { status: res.status, body };
}

const capped = listWith({ defaultLimit: 4, overMax: 'cap' });
const refusing = listWith({ defaultLimit: 4, overMax: 'refuse' });
const ids = async (query: string, list = capped) => (await get(list, `${query}&limit=100`)).body.data;
const refusal = async (query: string, list = capped) => {
  const res = await get(list, query);
  expect(res.status, query).toBe(400);
  return res.body.errors;
};

describe('list paging', () => {
  it('pages with skip and limit, the default limit when none is given', async () => {
    expect((await get(capped, '')).body).toEqual({ count: 6, skip: 0, limit: 4, data: [6, 5, 4, 3] });
    expect((await get(capped, 'skip=4')).body).toMatchObject({ count: 6, skip: 4, limit: 4, data: [2, 1] });
    expect((await get(capped, 'skip=1&limit=2')).body.data).toEqual([5, 4]);
    expect((await get(capped, 'skip=10')).body.data).toEqual([]);
  });

  it('caps or refuses a limit over the maximum, as the list says', async () => {
    expect((await get(capped, `limit=${MAX_LIMIT + 1}`)).body.limit).toBe(MAX_LIMIT);
    expect(await refusal(`limit=${MAX_LIMIT + 1}`, refusing)).toEqual([
      { context: 'limit', message: `limit must be at most ${MAX_LIMIT}` },
    ]);
    expect((await get(refusing, `limit=${MAX_LIMIT}`)).body.limit).toBe(MAX_LIMIT);
  });

  it('refuses a negative or fractional skip or limit, naming the parameter', async () => {
    for (const [query, context] of [
      ['skip=-1', 'skip'],
      ['skip=1.5', 'skip'],
      ['limit=ten', 'limit'],
      ['limit=-5', 'limit'],
    ]) {
      expect((await refusal(query!)).map((e) => e.context)).toEqual([context]);
    }
  });

  it('reads skip and limit written in digits only, once, for the members operation', async () => {
    const members = listParams({ paging: { defaultLimit: 100, overMax: 'cap', digitsOnly: true } });
    const app = new Hono();
    app.get('/', (c) => c.json(members.parse(c)));
    app.onError((err, c) => sendError(c, (err as ApiFailure).status, (err as ApiFailure).errors));
    expect(await (await app.request('/?skip=5&limit=5000')).json()).toMatchObject({ skip: 5, limit: MAX_LIMIT });
    for (const query of ['skip=', 'skip=1e3', 'skip=1&skip=2']) expect((await app.request(`/?${query}`)).status).toBe(400);
  });
});

describe('list order', () => {
  it('sorts by repeated sort_by keys, "-" for descending, then the tie-break', async () => {
    expect(await ids('sort_by=on')).toEqual([1, 5, 6, 2, 3, 4]);
    expect(await ids('sort_by=-on&sort_by=-id')).toEqual([4, 3, 2, 6, 5, 1]);
    expect(await ids('sort_by=-size')).toEqual([3, 5, 4, 6, 2, 1]);
  });

  it('puts rows without a value last in either direction', async () => {
    expect((await ids('sort_by=size')).at(-1)).toBe(1);
    expect((await ids('sort_by=-size')).at(-1)).toBe(1);
  });

  it('compares text as the console sorts names: any case and accent alike, digits by value', async () => {
    // "Alpha" and "alpha" are equal: the tie-break (id) orders them. "item 9" sorts before "item 10".
    expect(await ids('sort_by=name')).toEqual([1, 2, 3, 5, 6, 4]);
    expect(await ids('sort_by=-name')).toEqual([4, 6, 5, 3, 1, 2]);
  });

  it('compares times as points in time, whatever their fractional digits', async () => {
    expect(await ids('sort_by=at')).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('refuses an unknown sort column, naming sort_by', async () => {
    expect((await refusal('sort_by=colour')).map((e) => e.context)).toEqual(['sort_by']);
    expect((await refusal('sort_by=-')).map((e) => e.context)).toEqual(['sort_by']);
  });
});

describe('list filters', () => {
  it('filters text with eq, neq and ~eq (contains, any case)', async () => {
    expect(await ids('name=eq:alpha')).toEqual([2]);
    expect(await ids('name=alpha')).toEqual([2]);
    expect(await ids('name=neq:alpha')).toEqual([6, 5, 4, 3, 1]);
    expect(await ids('name=~eq:ALP')).toEqual([2, 1]);
  });

  it('filters numbers and times with eq, neq, gt, gte, lt and lte', async () => {
    expect(await ids('size=gt:7')).toEqual([5, 3]);
    expect(await ids('size=gte:7')).toEqual([6, 5, 4, 3]);
    expect(await ids('size=lt:7')).toEqual([2]);
    expect(await ids('size=neq:7')).toEqual([5, 3, 2, 1]);
    expect(await ids('at=lte:2026-01-02T00:00:00Z')).toEqual([2, 1]);
    expect(await ids('at=eq:2026-01-05T00:00:00.500Z')).toEqual([5]);
  });

  it('filters true/false and whole numbers with the predicates the list allows; filters combine with AND', async () => {
    expect(await ids('on=eq:true')).toEqual([4, 3, 2]);
    expect(await ids('on=neq:true&size=lte:7')).toEqual([6]);
    expect(await ids('id=eq:4')).toEqual([4]);
  });

  it('refuses an unknown predicate, a bad value or a repeated single filter, naming the parameter', async () => {
    expect(await refusal('on=~eq:t')).toEqual([{ context: 'on', message: 'The on filter supports eq and neq, not "~eq".' }]);
    expect(await refusal('id=neq:4')).toEqual([
      { context: 'id', message: 'The id filter supports only eq (for example id=eq:<value>), not "neq".' },
    ]);
    expect(await refusal('id=eq:four')).toEqual([
      { context: 'id', message: 'The id filter must be a whole number, not "four".' },
    ]);
    expect(await refusal('id=eq:')).toEqual([{ context: 'id', message: 'The id filter needs a value after "eq:".' }]);
    expect(await refusal('id=1&id=2')).toEqual([{ context: 'id', message: 'id: must be given once' }]);
    expect((await refusal('name=like:x')).map((e) => e.context)).toEqual(['name']);
    expect((await refusal('size=gt:big')).map((e) => e.context)).toEqual(['size']);
    expect((await refusal('at=lt:yesterday')).map((e) => e.context)).toEqual(['at']);
  });

  it('reports every bad parameter at once', async () => {
    expect((await refusal('skip=-1&sort_by=colour&size=x')).map((e) => e.context)).toEqual(['skip', 'sort_by', 'size']);
  });

  it('refuses an unknown parameter by name before anything else, or ignores it when the list says nothing', async () => {
    expect(await refusal('colour=red&skip=-1')).toEqual([
      { context: 'colour', message: '"colour" is unknown; use skip, limit, sort_by, name, size, at, on, id' },
    ]);
    const lenient = listWith({ defaultLimit: 4, overMax: 'cap' }, false);
    expect((await get(lenient, 'colour=red')).status).toBe(200);
  });
});
