import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * `useSearchParams` whose updates build on each other. React Router hands a
 * functional `setSearchParams` the params of the last render, so two changes
 * made before the page re-renders (a quick second click, a debounced filter
 * landing just after a click) would lose the first. Here each change starts
 * from the newest URL asked for, until the page has caught up with it; the
 * back and forward buttons reset that. The updater keeps its identity, so
 * memoised children do not re-render when the URL changes.
 */
export function useSearchState(): [URLSearchParams, (change: (current: URLSearchParams) => URLSearchParams) => void] {
  const [params, setParams] = useSearchParams();
  const rendered = useRef(params);
  const pending = useRef<string | null>(null);
  const set = useRef(setParams);

  useEffect(() => {
    rendered.current = params;
    set.current = setParams;
    if (pending.current === params.toString()) pending.current = null;
  }, [params, setParams]);

  useEffect(() => {
    const forget = () => {
      pending.current = null;
    };
    window.addEventListener('popstate', forget);
    return () => window.removeEventListener('popstate', forget);
  }, []);

  const update = useCallback((change: (current: URLSearchParams) => URLSearchParams) => {
    const base = pending.current !== null ? new URLSearchParams(pending.current) : rendered.current;
    const next = change(base);
    // No history entry for a change that changes nothing (a debounced filter landing on what a click already set).
    if (next.toString() === base.toString()) return;
    pending.current = next.toString();
    set.current(next);
  }, []);
  return [params, update];
}
