import { describe, expect, it } from 'vitest';
import { readPagedState, sortDirection } from './table-state';

describe('readPagedState', () => {
  const read = (qs: string) => readPagedState(new URLSearchParams(qs), ['name', 'objectID']);
  it('reads page (1-based in the URL), size and sort', () => {
    expect(read('page=3&size=25&sort=-name')).toEqual({ page: 2, size: 25, sort: '-name' });
    expect(read('')).toEqual({ page: 0, size: 10, sort: null });
  });
  it('falls back to the defaults for malformed values', () => {
    expect(read('page=0&size=7&sort=colour')).toEqual({ page: 0, size: 10, sort: null });
    expect(read('page=abc&size=-10&sort=--name')).toEqual({ page: 0, size: 10, sort: null });
  });
  it('gives TableSortLabel its direction', () => {
    expect(sortDirection('-name', 'name')).toBe('desc');
    expect(sortDirection('name', 'name')).toBe('asc');
    expect(sortDirection('name', 'objectID')).toBe(false);
  });
});
