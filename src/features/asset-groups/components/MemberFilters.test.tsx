import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FILTER_DEBOUNCE_MS, TableProvider, type Filters, type TableController } from '@/components/table';
import { MemberFilters } from './MemberFilters';
import { MEMBER_FILTER_FIELDS, MEMBER_TABLE_SPEC } from './MemberTable';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

type SetFilter = TableController['setFilter'];

/** The table as the filters see it: `filters` stand for what the URL says, which may lag what was typed. */
function fakeTable(filters: Filters, setFilter: SetFilter): TableController {
  return {
    spec: MEMBER_TABLE_SPEC,
    state: { page: 1, pageSize: 25, sorts: [], filters },
    query: {},
    hasFilters: Object.keys(filters).length > 0,
    setFilter,
    clearFilters: vi.fn(),
    setPage: vi.fn(),
    setPageSize: vi.fn(),
    toggleSort: vi.fn(),
    setSorts: vi.fn(),
  };
}

function renderFilters(setFilter: SetFilter) {
  const view = render(
    <TableProvider table={fakeTable({}, setFilter)}>
      <MemberFilters fields={MEMBER_FILTER_FIELDS} />
    </TableProvider>,
  );
  const rerender = (filters: Filters) =>
    view.rerender(
      <TableProvider table={fakeTable(filters, setFilter)}>
        <MemberFilters fields={MEMBER_FILTER_FIELDS} />
      </TableProvider>,
    );
  return { field: screen.getByLabelText('Name filter') as HTMLInputElement, rerender };
}

describe('member filters', () => {
  it('come in the order of the columns, with contains / equals / not equals for text', () => {
    renderFilters(vi.fn<SetFilter>());
    const labels = [...document.querySelectorAll('label')].map((l) => l.textContent?.replace(/\s*\*$/, ''));
    expect(labels).toEqual([
      'Name match',
      'Name filter',
      'Object ID match',
      'Object ID filter',
      'Primary kind match',
      'Primary kind filter',
      'Environment kind match',
      'Environment kind filter',
      'Environment ID match',
      'Environment ID filter',
      'Custom member',
    ]);
    const options = [...(screen.getByLabelText('Name match') as HTMLSelectElement).options].map((o) => o.text);
    expect(options).toEqual(['contains', 'equals', 'not equals']);
    const custom = [...(screen.getByLabelText('Custom member') as HTMLSelectElement).options].map((o) => o.text);
    expect(custom).toEqual(['Any', 'Yes', 'No']);
  });

  it('keep what was typed while the URL catches up with an earlier value of the same field', () => {
    vi.useFakeTimers();
    const setFilter = vi.fn<SetFilter>();
    const { field, rerender } = renderFilters(setFilter);

    fireEvent.change(field, { target: { value: 'a' } });
    act(() => vi.advanceTimersByTime(FILTER_DEBOUNCE_MS));
    expect(setFilter).toHaveBeenLastCalledWith('name', { predicate: '~eq', value: 'a' }, { typing: true });
    // More is typed before the URL shows "a"; its arrival must not undo the typing.
    fireEvent.change(field, { target: { value: 'admin' } });
    rerender({ name: { predicate: '~eq', value: 'a' } });
    expect(field.value).toBe('admin');
    act(() => vi.advanceTimersByTime(FILTER_DEBOUNCE_MS));
    expect(setFilter).toHaveBeenLastCalledWith('name', { predicate: '~eq', value: 'admin' }, { typing: true });
    rerender({ name: { predicate: '~eq', value: 'admin' } });
    expect(field.value).toBe('admin');
  });

  it('follow a change of the URL made elsewhere (Clear filters, the back button)', () => {
    vi.useFakeTimers();
    const { field, rerender } = renderFilters(vi.fn<SetFilter>());
    fireEvent.change(field, { target: { value: 'admin' } });
    act(() => vi.advanceTimersByTime(FILTER_DEBOUNCE_MS));
    rerender({ name: { predicate: '~eq', value: 'admin' } });
    rerender({ name: { predicate: 'eq', value: 'DC01' } });
    expect(field.value).toBe('DC01');
    expect((screen.getByLabelText('Name match') as HTMLSelectElement).value).toBe('eq');
    rerender({});
    expect(field.value).toBe('');
  });
});
