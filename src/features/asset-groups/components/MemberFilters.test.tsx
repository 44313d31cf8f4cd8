// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberFilters as Filters } from '../member-table-state';
import { FILTER_DEBOUNCE_MS, MemberFilters, type OnFilterChange } from './MemberFilters';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The filters as a page renders them: `filters` stand for what the URL says, which may lag what was typed. */
function renderFilters(onChange: OnFilterChange) {
  const view = render(<MemberFilters filters={{}} onChange={onChange} onClear={() => {}} />);
  const rerender = (filters: Filters) =>
    view.rerender(<MemberFilters filters={filters} onChange={onChange} onClear={() => {}} />);
  return { field: screen.getByLabelText('Name filter') as HTMLInputElement, rerender };
}

describe('member text filters', () => {
  it('keep what was typed while the URL catches up with an earlier value of the same field', () => {
    vi.useFakeTimers();
    const onChange = vi.fn<OnFilterChange>();
    const { field, rerender } = renderFilters(onChange);

    fireEvent.change(field, { target: { value: 'a' } });
    act(() => vi.advanceTimersByTime(FILTER_DEBOUNCE_MS));
    expect(onChange).toHaveBeenLastCalledWith('name', { predicate: '~eq', value: 'a' });
    // More is typed before the URL shows "a"; its arrival must not undo the typing.
    fireEvent.change(field, { target: { value: 'admin' } });
    rerender({ name: { predicate: '~eq', value: 'a' } });
    expect(field.value).toBe('admin');
    act(() => vi.advanceTimersByTime(FILTER_DEBOUNCE_MS));
    expect(onChange).toHaveBeenLastCalledWith('name', { predicate: '~eq', value: 'admin' });
    rerender({ name: { predicate: '~eq', value: 'admin' } });
    expect(field.value).toBe('admin');
  });

  it('follow a change of the URL made elsewhere (Clear filters, the back button)', () => {
    vi.useFakeTimers();
    const { field, rerender } = renderFilters(vi.fn<OnFilterChange>());
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
