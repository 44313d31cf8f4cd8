import { describe, expect, it } from 'vitest';
import { buildUrl } from '@/api/client';
import { FILTER_PREDICATES, MEMBER_SORTABLE_COLUMNS, memberListQuery } from '@/api/schemas/asset-groups';
import {
  apiQuery,
  PAGE_SIZES,
  parseTableState,
  writeTableState,
  type Filters,
  type Sort,
  type TableState,
} from '@/components/table';
import { Rng } from '@/mock-server/seed/random';
import { MEMBER_TABLE_SPEC as SPEC } from './MemberTable';

const DEFAULT: TableState = { page: 1, pageSize: 25, sorts: [], filters: {} };
const TEXT_COLUMNS = ['name', 'object_id', 'primary_kind', 'environment_kind', 'environment_id'] as const;

const parse = (qs: string) => parseTableState(SPEC, new URLSearchParams(qs));
const roundTrip = (state: TableState) => parse(writeTableState(SPEC, state).toString());

/** Every state along each dimension, and random combinations of all of them. */
function* everyState(): Generator<TableState> {
  for (const pageSize of PAGE_SIZES) for (const page of [1, 2, 17, 4000]) yield { ...DEFAULT, page, pageSize };
  for (const a of MEMBER_SORTABLE_COLUMNS) {
    for (const da of [false, true]) {
      yield { ...DEFAULT, sorts: [{ column: a, descending: da }] };
      for (const b of MEMBER_SORTABLE_COLUMNS) {
        if (b === a) continue;
        for (const db of [false, true]) {
          yield {
            ...DEFAULT,
            sorts: [
              { column: a, descending: da },
              { column: b, descending: db },
            ],
          };
        }
      }
    }
  }
  yield { ...DEFAULT, sorts: MEMBER_SORTABLE_COLUMNS.map((column, i) => ({ column, descending: i % 2 === 1 })) };
  const values = [
    'adm',
    'S-1-5-21-4107638521-1930581446-2864410937-512',
    'Tier 0 & friends',
    'a=b?c#d',
    'Ärger/ü',
    '%20',
    '+plus',
  ];
  for (const column of TEXT_COLUMNS)
    for (const predicate of FILTER_PREDICATES)
      for (const value of values) yield { ...DEFAULT, filters: { [column]: { predicate, value } } };
  for (const value of ['true', 'false']) yield { ...DEFAULT, filters: { custom_member: { predicate: 'eq', value } } };
  const rng = new Rng(5);
  for (let i = 0; i < 300; i++) {
    const sorts: Sort[] = [];
    for (const column of MEMBER_SORTABLE_COLUMNS) if (rng.bool(0.3)) sorts.push({ column, descending: rng.bool() });
    const filters: Filters = {};
    for (const column of TEXT_COLUMNS)
      if (rng.bool(0.3)) filters[column] = { predicate: rng.pick(FILTER_PREDICATES), value: rng.pick(values) };
    if (rng.bool(0.3)) filters.custom_member = { predicate: 'eq', value: String(rng.bool()) };
    yield { page: rng.int(1, 500), pageSize: rng.pick(PAGE_SIZES), sorts: rng.bool() ? sorts.reverse() : sorts, filters };
  }
}

describe('the member table in the URL (the one table format)', () => {
  it('round-trips every table state', () => {
    let n = 0;
    for (const state of everyState()) {
      expect(roundTrip(state), JSON.stringify(state)).toEqual(state);
      n++;
    }
    expect(n).toBeGreaterThan(500);
  });

  it('writes a short, readable URL and leaves defaults out', () => {
    expect(writeTableState(SPEC, DEFAULT).toString()).toBe('');
    const state: TableState = {
      page: 3,
      pageSize: 50,
      sorts: [
        { column: 'primary_kind', descending: false },
        { column: 'name', descending: true },
      ],
      filters: { name: { predicate: '~eq', value: 'adm' }, custom_member: { predicate: 'eq', value: 'true' } },
    };
    expect(decodeURIComponent(writeTableState(SPEC, state).toString())).toBe(
      'page=3&page_size=50&sort_by=primary_kind&sort_by=-name&name=~eq:adm&custom_member=eq:true',
    );
  });

  it('reads a hand-edited, stale or old link without breaking: invalid parts take their defaults', () => {
    expect(parse('page=0&page_size=7&sort_by=kinds&sort_by=-&name=like:x&object_id=eq:&custom_member=maybe')).toEqual(DEFAULT);
    expect(parse('name=a:b')).toEqual(DEFAULT);
    // A repeated sort column counts once; a filter without a predicate means equals; values are trimmed.
    expect(parse('sort_by=name&sort_by=-name&primary_kind=User&object_id=~eq:%20adm%20')).toEqual({
      ...DEFAULT,
      sorts: [{ column: 'name', descending: false }],
      filters: { primary_kind: { predicate: 'eq', value: 'User' }, object_id: { predicate: '~eq', value: 'adm' } },
    });
    // custom_member is a yes/no choice.
    expect(parse('custom_member=~eq:true').filters).toEqual({});
    // Several sort keys, in the order given.
    expect(parse('page_size=100&sort_by=primary_kind&sort_by=-name')).toEqual({
      ...DEFAULT,
      pageSize: 100,
      sorts: [
        { column: 'primary_kind', descending: false },
        { column: 'name', descending: true },
      ],
    });
  });
});

describe('the member table state as the members query', () => {
  it('sends skip, limit, repeated sort_by and predicate filters', () => {
    const query = apiQuery({
      page: 4,
      pageSize: 25,
      sorts: [
        { column: 'environment_id', descending: true },
        { column: 'name', descending: false },
      ],
      filters: {
        name: { predicate: '~eq', value: 'adm' },
        primary_kind: { predicate: 'neq', value: 'User' },
        custom_member: { predicate: 'eq', value: 'false' },
      },
    });
    expect(query).toEqual({
      skip: 75,
      limit: 25,
      sort_by: ['-environment_id', 'name'],
      name: '~eq:adm',
      primary_kind: 'neq:User',
      custom_member: 'eq:false',
    });
    expect(apiQuery(DEFAULT)).toEqual({ skip: 0, limit: 25 });
  });

  it('every state gives a query the service accepts', () => {
    for (const state of everyState()) {
      const url = new URL(buildUrl('/m', apiQuery(state)), 'http://x');
      const raw: Record<string, string | string[]> = {};
      for (const key of new Set(url.searchParams.keys())) {
        const all = url.searchParams.getAll(key);
        raw[key] = all.length === 1 ? all[0]! : all;
      }
      const parsed = memberListQuery.safeParse(raw);
      expect(parsed.success, JSON.stringify(state)).toBe(true);
      expect(parsed.data?.skip).toBe((state.page - 1) * state.pageSize);
      expect(parsed.data?.sort_by ?? []).toEqual(state.sorts);
    }
  });
});
