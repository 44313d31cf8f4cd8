import { useCallback, useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useNavigate, useSearchParams } from 'react-router-dom';

export type SearchChange = (current: URLSearchParams) => URLSearchParams;

/**
 * A query string as people and the API write it: `~` and `:` (allowed in a query by RFC 3986) are left
 * as they are, so a filter reads `name=~eq:adm`, not `name=%7Eeq%3Aadm`.
 */
export function readableSearch(params: URLSearchParams): string {
  const text = params.toString().replace(/%7E/gi, '~').replace(/%3A/gi, ':');
  return text ? `?${text}` : '';
}

/**
 * `useSearchParams` whose updates build on each other. React Router hands a
 * functional `setSearchParams` the params of the last render, so two changes
 * made before the page re-renders (a quick second click, a debounced filter
 * landing just after a click) would lose the first. Here each change starts
 * from the newest URL asked for, until the page has caught up with it; the
 * back and forward buttons reset that. The updater keeps its identity, so
 * memoised children do not re-render when the URL changes.
 *
 * `replace` writes over the current history entry (typing) instead of adding
 * one (paging, sorting: Back undoes them).
 */
export function useSearchState(): [URLSearchParams, (change: SearchChange, options?: { replace?: boolean }) => void] {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const rendered = useRef(params);
  const pending = useRef<string | null>(null);
  const set = useRef(navigate);

  useEffect(() => {
    rendered.current = params;
    set.current = navigate;
    if (pending.current === params.toString()) pending.current = null;
  }, [params, navigate]);

  // A change that lands once the person is leaving the page (a debounced filter, after a row's link was
  // followed: the page stays mounted while the next one's code and data load) or has left it is dropped;
  // navigating then would cancel the way out and take them back to the list. The router's own state is
  // read when the change comes (a render may not have caught up with a click yet); React Router exports
  // that context as UNSAFE_ but it is the data router every page of the console runs under.
  const { pathname } = useLocation();
  const here = useRef(pathname);
  const router = useRef(useContext(UNSAFE_DataRouterContext)?.router);
  useEffect(() => {
    here.current = pathname;
  }, [pathname]);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    const forget = () => {
      pending.current = null;
    };
    window.addEventListener('popstate', forget);
    return () => {
      live.current = false;
      window.removeEventListener('popstate', forget);
    };
  }, []);

  const update = useCallback((change: SearchChange, options?: { replace?: boolean }) => {
    const navigation = router.current?.state.navigation;
    const leaving = !!navigation && navigation.state !== 'idle' && navigation.location?.pathname !== here.current;
    if (!live.current || leaving) return;
    const base = pending.current !== null ? new URLSearchParams(pending.current) : rendered.current;
    const next = change(base);
    // No history entry for a change that changes nothing (a debounced filter landing on what a click already set).
    if (next.toString() === base.toString()) return;
    pending.current = next.toString();
    void set.current({ search: readableSearch(next) }, { replace: options?.replace ?? false });
  }, []);
  return [params, update];
}
