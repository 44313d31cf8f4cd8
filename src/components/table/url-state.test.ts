import { describe, expect, it } from 'vitest';
import {
  apiQuery,
  filterValueProblem,
  needsRewrite,
  pageCount,
  parseTableState,
  toggleSort,
  writeTableState,
  type Sort,
  type TableSpec,
  type TableState,
} from './url-state';

const asc = (column: string): Sort => ({ column, descending: false });
const desc = (column: string): Sort => ({ column, descending: true });

const SPEC: TableSpec = {
  sortable: ['name', 'created_at', 'count'],
  filters: {
    name: { predicates: ['~eq', 'eq', 'neq'], defaultPredicate: 'eq' },
    status: { predicates: ['eq'], values: ['enabled', 'disabled'] },
    created_at: { predicates: ['gte', 'lte'] },
  },
};
const DEFAULT: TableState = { page: 1, pageSize: 25, sorts: [], filters: {} };
const parse = (spec: TableSpec, qs: string) => parseTableState(spec, new URLSearchParams(qs));
const write = (spec: TableSpec, state: TableState, base?: string) =>
  decodeURIComponent(writeTableState(spec, state, base === undefined ? undefined : new URLSearchParams(base)).toString());

describe('a table state in the URL', () => {
  it('is written canonically, defaults left out, and read back the same', () => {
    const state: TableState = {
      page: 3,
      pageSize: 50,
      sorts: [asc('count'), desc('name')],
      filters: { name: { predicate: '~eq', value: 'ada' }, status: { predicate: 'eq', value: 'disabled' } },
    };
    expect(write(SPEC, state)).toBe('page=3&page_size=50&sort_by=count&sort_by=-name&name=~eq:ada&status=eq:disabled');
    expect(parse(SPEC, writeTableState(SPEC, state).toString())).toEqual(state);
    expect(write(SPEC, DEFAULT)).toBe('');
  });

  it("keeps the page's other parameters, and a second table's are prefixed", () => {
    expect(write(SPEC, { ...DEFAULT, page: 2 }, 'tab=x&page=9&sort_by=name')).toBe('tab=x&page=2');
    const second: TableSpec = { sortable: ['name'], prefix: 'selectors' };
    expect(write(second, { ...DEFAULT, page: 2, sorts: [desc('name')] }, 'page=4')).toBe(
      'page=4&selectors.page=2&selectors.sort_by=-name',
    );
    expect(parse(second, 'page=4&selectors.page=2').page).toBe(2);
  });

  it('reads a hand-edited link without breaking: what is invalid takes its default', () => {
    expect(parse(SPEC, 'page=0&page_size=7&sort_by=kinds&sort_by=-&name=like:x&status=maybe&created_at=eq:2026')).toEqual(
      DEFAULT,
    );
    expect(parse(SPEC, 'page=1.5&page_size=100')).toEqual({ ...DEFAULT, pageSize: 100 });
    expect(parse(SPEC, 'name=a:b')).toEqual(DEFAULT);
    // A repeated sort column counts once; a bare filter value takes the default predicate; values are trimmed.
    expect(parse(SPEC, 'sort_by=name&sort_by=-name&name=%20Ada%20&status=enabled')).toEqual({
      ...DEFAULT,
      sorts: [asc('name')],
      filters: { name: { predicate: 'eq', value: 'Ada' }, status: { predicate: 'eq', value: 'enabled' } },
    });
  });

  it('says a link with bare filter values needs rewriting, and reads only its own names', () => {
    expect(needsRewrite(SPEC, new URLSearchParams('status=enabled'))).toBe(true);
    expect(needsRewrite(SPEC, new URLSearchParams('sort_by=name&status=eq:enabled&tab=x'))).toBe(false);
    // Names of another format are not the table's.
    expect(parse(SPEC, 'sort=name&size=50')).toEqual(DEFAULT);
  });

  it('a default sort is not written, and another order is', () => {
    const spec: TableSpec = { sortable: ['name', 'count'], defaultSort: [desc('count')] };
    expect(parse(spec, '').sorts).toEqual([desc('count')]);
    expect(write(spec, { ...DEFAULT, sorts: [desc('count')] })).toBe('');
    expect(write(spec, { ...DEFAULT, sorts: [asc('name')] })).toBe('sort_by=name');
  });
});

describe('a table state as an API query', () => {
  it('sends skip, limit, repeated sort_by and the filters as predicate:value', () => {
    expect(
      apiQuery({
        page: 4,
        pageSize: 25,
        sorts: [desc('created_at'), asc('name')],
        filters: { name: { predicate: '~eq', value: 'adm' }, status: { predicate: 'eq', value: 'enabled' } },
      }),
    ).toEqual({ skip: 75, limit: 25, sort_by: ['-created_at', 'name'], name: '~eq:adm', status: 'eq:enabled' });
    expect(apiQuery(DEFAULT)).toEqual({ skip: 0, limit: 25 });
  });

  it('refuses a filter value with ":" (the API has no room for it)', () => {
    expect(filterValueProblem('a:b')).toBe('A filter value cannot contain ":".');
    expect(filterValueProblem('ab')).toBeNull();
  });
});

describe('sorting by header clicks', () => {
  it('a click sorts by the column alone, and a second click reverses it', () => {
    expect(toggleSort([], 'name', false)).toEqual([asc('name')]);
    expect(toggleSort([asc('name')], 'name', false)).toEqual([desc('name')]);
    expect(toggleSort([desc('name')], 'name', false)).toEqual([asc('name')]);
    expect(toggleSort([asc('name'), asc('object_id')], 'object_id', false)).toEqual([asc('object_id')]);
    expect(toggleSort([asc('primary_kind'), desc('name')], 'primary_kind', false)).toEqual([desc('primary_kind')]);
  });

  it('a shift-click (or Shift+Enter) adds a further sort, or reverses a column already sorted in place', () => {
    expect(toggleSort([asc('primary_kind')], 'name', true)).toEqual([asc('primary_kind'), asc('name')]);
    expect(toggleSort([asc('primary_kind'), asc('name')], 'name', true)).toEqual([asc('primary_kind'), desc('name')]);
    expect(toggleSort([asc('primary_kind'), asc('name')], 'primary_kind', true)).toEqual([desc('primary_kind'), asc('name')]);
    expect(toggleSort([], 'name', true)).toEqual([asc('name')]);
  });

  it('a column sorted largest first (descendingFirst) starts descending, then reverses as any other', () => {
    expect(toggleSort([], 'member_count', false, true)).toEqual([desc('member_count')]);
    expect(toggleSort([desc('member_count')], 'member_count', false, true)).toEqual([asc('member_count')]);
    expect(toggleSort([asc('name')], 'member_count', true, true)).toEqual([asc('name'), desc('member_count')]);
    expect(toggleSort([asc('name'), desc('member_count')], 'member_count', true, true)).toEqual([
      asc('name'),
      asc('member_count'),
    ]);
  });

  it('counts pages', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(pageCount(100_000, 100)).toBe(1000);
  });
});
