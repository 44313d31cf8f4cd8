import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * `useSearchParams` whose updates build on each other. React Router hands a
 * functional `setSearchParams` the params of the last render, so two changes
 * made before the page re-renders (a quick second click, a debounced filter
 * landing just after a click) would lose the first. Here each change starts
 * from the newest URL asked for, until the page has caught up with it; the
 * back and forward buttons reset that.
 */
export function useSearchState(): [URLSearchParams, (change: (current: URLSearchParams) => URLSearchParams) => void] {
  const [params, setParams] = useSearchParams();
  const rendered = useRef(params);
  const pending = useRef<string | null>(null);

  useEffect(() => {
    rendered.current = params;
    if (pending.current === params.toString()) pending.current = null;
  }, [params]);

  useEffect(() => {
    const forget = () => {
      pending.current = null;
    };
    window.addEventListener('popstate', forget);
    return () => window.removeEventListener('popstate', forget);
  }, []);

  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams) => {
      const base = pending.current !== null ? new URLSearchParams(pending.current) : rendered.current;
      const next = change(base);
      pending.current = next.toString();
      setParams(next);
    },
    [setParams],
  );
  return [params, update];
}
