import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface TableParams {
  page: number;
  size: number;
  /** A reference `sort_by` value (`-column` descending), or the default. */
  sort: string;
  setPage(page: number): void;
  setSize(size: number): void;
  setSort(sort: string): void;
}

/**
 * A table's page, page size and sort, kept in the URL (`page`, `size`,
 * `sort`, with an optional prefix when a page holds two tables). Defaults are
 * left out of the URL.
 */
export function useTableParams(defaults: { size?: number; sort: string; prefix?: string }): TableParams {
  const [params, setParams] = useSearchParams();
  const prefix = defaults.prefix ?? '';
  const defaultSize = defaults.size ?? 10;
  const key = (name: string) => (prefix ? `${prefix}_${name}` : name);

  const rawPage = Number(params.get(key('page')));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage - 1 : 0;
  const rawSize = Number(params.get(key('size')));
  const size = (PAGE_SIZES as readonly number[]).includes(rawSize) ? rawSize : defaultSize;
  const sort = params.get(key('sort')) || defaults.sort;

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null) next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: false },
      ),
    [setParams],
  );

  const setters = useMemo(
    () => ({
      setPage: (p: number) => update({ [key('page')]: p > 0 ? String(p + 1) : null }),
      setSize: (n: number) => update({ [key('size')]: n === defaultSize ? null : String(n), [key('page')]: null }),
      setSort: (s: string) => update({ [key('sort')]: s === defaults.sort ? null : s, [key('page')]: null }),
    }),
    // `key` depends only on the prefix.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [update, prefix, defaultSize, defaults.sort],
  );

  return { page, size, sort, ...setters };
}
