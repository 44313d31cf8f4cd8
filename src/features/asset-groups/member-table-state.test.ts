import { describe, expect, it } from 'vitest';
import { buildUrl } from '../../api/client';
import { FILTER_PREDICATES, MEMBER_SORTABLE_COLUMNS, memberListQuery } from '../../api/schemas/asset-groups';
import { Rng } from '../../mock-server/seed/random';
import {
  DEFAULT_MEMBER_TABLE_STATE,
  PAGE_SIZES,
  TEXT_FILTER_COLUMNS,
  memberApiQuery,
  memberTableSearch,
  pageCount,
  parseMemberTableState,
  toggleSort,
  type MemberFilters,
  type MemberSort,
  type MemberTableState,
} from './member-table-state';

const roundTrip = (state: MemberTableState) => parseMemberTableState(new URLSearchParams(memberTableSearch(state).toString()));

/** Every state along each dimension, and random combinations of all of them. */
function* everyState(): Generator<MemberTableState> {
  for (const size of PAGE_SIZES) for (const page of [1, 2, 17, 4000]) yield { ...DEFAULT_MEMBER_TABLE_STATE, page, size };
  for (const a of MEMBER_SORTABLE_COLUMNS) {
    for (const da of [false, true]) {
      yield { ...DEFAULT_MEMBER_TABLE_STATE, sorts: [{ column: a, descending: da }] };
      for (const b of MEMBER_SORTABLE_COLUMNS) {
        if (b === a) continue;
        for (const db of [false, true]) {
          yield {
            ...DEFAULT_MEMBER_TABLE_STATE,
            sorts: [
              { column: a, descending: da },
              { column: b, descending: db },
            ],
          };
        }
      }
    }
  }
  yield {
    ...DEFAULT_MEMBER_TABLE_STATE,
    sorts: MEMBER_SORTABLE_COLUMNS.map((column, i) => ({ column, descending: i % 2 === 1 })),
  };
  const values = [
    'adm',
    'S-1-5-21-3130019616-2776909439-2417379446-512',
    'Tier 0 & friends',
    'a=b?c#d',
    'Ärger/ü',
    '  x'.trim(),
    '%20',
    '+plus',
  ];
  for (const column of TEXT_FILTER_COLUMNS) {
    for (const predicate of FILTER_PREDICATES)
      for (const value of values) yield { ...DEFAULT_MEMBER_TABLE_STATE, filters: { [column]: { predicate, value } } };
  }
  for (const value of ['true', 'false'])
    yield { ...DEFAULT_MEMBER_TABLE_STATE, filters: { custom_member: { predicate: 'eq', value } } };
  const rng = new Rng(5);
  for (let i = 0; i < 300; i++) {
    const sorts: MemberSort[] = [];
    for (const column of MEMBER_SORTABLE_COLUMNS) if (rng.bool(0.3)) sorts.push({ column, descending: rng.bool() });
    const filters: MemberFilters = {};
    for (const column of TEXT_FILTER_COLUMNS)
      if (rng.bool(0.3)) filters[column] = { predicate: rng.pick(FILTER_PREDICATES), value: rng.pick(values) };
    if (rng.bool(0.3)) filters.custom_member = { predicate: 'eq', value: String(rng.bool()) };
    yield { page: rng.int(1, 500), size: rng.pick(PAGE_SIZES), sorts: rng.bool() ? sorts.reverse() : sorts, filters };
  }
}

describe('member table state in the URL', () => {
  it('round-trips every table state', () => {
    let n = 0;
    for (const state of everyState()) {
      expect(roundTrip(state), JSON.stringify(state)).toEqual(state);
      n++;
    }
    expect(n).toBeGreaterThan(500);
  });

  it('writes a short, readable URL and leaves defaults out', () => {
    expect(memberTableSearch(DEFAULT_MEMBER_TABLE_STATE).toString()).toBe('');
    const state: MemberTableState = {
      page: 3,
      size: 50,
      sorts: [
        { column: 'primary_kind', descending: false },
        { column: 'name', descending: true },
      ],
      filters: { name: { predicate: '~eq', value: 'adm' }, custom_member: { predicate: 'eq', value: 'true' } },
    };
    expect(decodeURIComponent(memberTableSearch(state).toString())).toBe(
      'page=3&size=50&sort=primary_kind&sort=-name&name=~eq:adm&custom_member=eq:true',
    );
    // Parameters that are not the table's are kept.
    expect(memberTableSearch(state, new URLSearchParams('tab=members&page=9')).toString()).toMatch(/^tab=members&page=3&/);
  });

  it('reads a hand-edited or stale link without breaking: invalid parts take their defaults', () => {
    const parse = (qs: string) => parseMemberTableState(new URLSearchParams(qs));
    expect(parse('page=0&size=7&sort=kinds&sort=-&name=like:x&object_id=eq:&custom_member=maybe')).toEqual(
      DEFAULT_MEMBER_TABLE_STATE,
    );
    expect(parse('page=-2')).toEqual(DEFAULT_MEMBER_TABLE_STATE);
    expect(parse('page=1.5&size=100')).toEqual({ ...DEFAULT_MEMBER_TABLE_STATE, size: 100 });
    expect(parse('name=a:b')).toEqual(DEFAULT_MEMBER_TABLE_STATE);
    // A repeated sort column counts once; a filter without a predicate means equals.
    expect(parse('sort=name&sort=-name&primary_kind=User')).toEqual({
      ...DEFAULT_MEMBER_TABLE_STATE,
      sorts: [{ column: 'name', descending: false }],
      filters: { primary_kind: { predicate: 'eq', value: 'User' } },
    });
    // custom_member has one spelling per choice.
    expect(parse('custom_member=neq:true').filters).toEqual({ custom_member: { predicate: 'eq', value: 'false' } });
    expect(parse('custom_member=~eq:true').filters).toEqual({});
    // Filter values are trimmed.
    expect(parse('name=~eq:%20adm%20').filters).toEqual({ name: { predicate: '~eq', value: 'adm' } });
  });
});

describe('member table state as the members query', () => {
  it('sends skip, limit, repeated sort_by and predicate filters', () => {
    const state: MemberTableState = {
      page: 4,
      size: 25,
      sorts: [
        { column: 'environment_id', descending: true },
        { column: 'name', descending: false },
      ],
      filters: {
        name: { predicate: '~eq', value: 'adm' },
        primary_kind: { predicate: 'neq', value: 'User' },
        custom_member: { predicate: 'eq', value: 'false' },
      },
    };
    const query = memberApiQuery(state);
    expect(query).toEqual({
      skip: 75,
      limit: 25,
      sort_by: ['-environment_id', 'name'],
      name: '~eq:adm',
      primary_kind: 'neq:User',
      custom_member: 'eq:false',
    });
    expect(decodeURIComponent(buildUrl('/m', query))).toBe(
      '/m?skip=75&limit=25&sort_by=-environment_id&sort_by=name&primary_kind=neq:User&name=~eq:adm&custom_member=eq:false',
    );
    expect(memberApiQuery(DEFAULT_MEMBER_TABLE_STATE)).toEqual({ skip: 0, limit: 25 });
  });

  it('every state gives a query the service accepts', () => {
    for (const state of everyState()) {
      const url = new URL(buildUrl('/m', memberApiQuery(state)), 'http://x');
      const raw: Record<string, string | string[]> = {};
      for (const key of new Set(url.searchParams.keys())) {
        const all = url.searchParams.getAll(key);
        raw[key] = all.length === 1 ? all[0]! : all;
      }
      const parsed = memberListQuery.safeParse(raw);
      expect(parsed.success, JSON.stringify(state)).toBe(true);
      expect(parsed.data?.skip).toBe((state.page - 1) * state.size);
      expect(parsed.data?.sort_by ?? []).toEqual(state.sorts);
    }
  });
});

describe('sorting by header clicks', () => {
  const asc = (column: MemberSort['column']): MemberSort => ({ column, descending: false });
  const desc = (column: MemberSort['column']): MemberSort => ({ column, descending: true });

  it('a click sorts by the column alone, and a second click reverses it', () => {
    expect(toggleSort([], 'name', false)).toEqual([asc('name')]);
    expect(toggleSort([asc('name')], 'name', false)).toEqual([desc('name')]);
    expect(toggleSort([desc('name')], 'name', false)).toEqual([asc('name')]);
    expect(toggleSort([asc('name'), asc('object_id')], 'object_id', false)).toEqual([asc('object_id')]);
    expect(toggleSort([asc('primary_kind'), desc('name')], 'primary_kind', false)).toEqual([desc('primary_kind')]);
  });

  it('a shift-click adds a secondary sort, or reverses a column already sorted in place', () => {
    expect(toggleSort([asc('primary_kind')], 'name', true)).toEqual([asc('primary_kind'), asc('name')]);
    expect(toggleSort([asc('primary_kind'), asc('name')], 'name', true)).toEqual([asc('primary_kind'), desc('name')]);
    expect(toggleSort([asc('primary_kind'), asc('name')], 'primary_kind', true)).toEqual([desc('primary_kind'), asc('name')]);
    expect(toggleSort([], 'name', true)).toEqual([asc('name')]);
  });

  it('counts pages', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(pageCount(100_000, 100)).toBe(1000);
  });
});
