import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface PagedUrlState {
  /** 0-based page index (the URL carries it 1-based). */
  page: number;
  size: number;
  /** Column name, `-` prefix for descending; null for the server's default order. */
  sort: string | null;
}

/**
 * Reads page, page size and sort from the URL (`?page=2&size=25&sort=-name`),
 * falling back to the defaults for anything missing or malformed.
 */
export function readPagedState(params: URLSearchParams, sortable: readonly string[], defaultSize = 10): PagedUrlState {
  const pageRaw = Number(params.get('page'));
  const sizeRaw = Number(params.get('size'));
  const sortRaw = params.get('sort');
  const page = Number.isInteger(pageRaw) && pageRaw >= 1 ? pageRaw - 1 : 0;
  const size = (PAGE_SIZES as readonly number[]).includes(sizeRaw) ? sizeRaw : defaultSize;
  const sort = sortRaw && sortable.includes(sortRaw.replace(/^-/, '')) ? sortRaw : null;
  return { page, size, sort };
}

/** Table state kept in the URL, with setters that write it back (resetting the page when size or sort change). */
export function usePagedUrlState(sortable: readonly string[], defaultSize = 10) {
  const [params, setParams] = useSearchParams();
  const state = readPagedState(params, sortable, defaultSize);
  const update = useCallback(
    (changes: Record<string, string | null>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v === null) next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );
  return {
    ...state,
    params,
    update,
    setPage: (page: number) => update({ page: page > 0 ? String(page + 1) : null }),
    setSize: (size: number) => update({ size: size === defaultSize ? null : String(size), page: null }),
    /** Click on a column: ascending, then descending, then ascending again. */
    toggleSort: (column: string) => {
      const next = state.sort === column ? `-${column}` : column;
      update({ sort: next, page: null });
    },
  };
}

/** Direction of `column` in a sort value, for TableSortLabel. */
export function sortDirection(sort: string | null, column: string): 'asc' | 'desc' | false {
  if (sort === column) return 'asc';
  if (sort === `-${column}`) return 'desc';
  return false;
}
