import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router-dom';

export type SearchChange = (current: URLSearchParams) => URLSearchParams;

/**
 * The newest query string asked for and not yet rendered, with the history entry it was built on: every
 * user of the hook shares it. Once a render shows another entry (the write landed, Back, a link), it no
 * longer applies.
 */
let pending: { key: string; search: string } | null = null;
/** The hook's users mounted now: with none left, nothing is pending. */
let users = 0;

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
 * from the newest URL asked for, by any user of this hook on the page (the
 * table's state and a page's own filters write the same query string), until
 * the page has caught up with it; the back and forward buttons reset that.
 * The updater keeps its identity, so memoised children do not re-render when
 * the URL changes.
 *
 * `replace` writes over the current history entry (typing) instead of adding
 * one (paging, sorting: Back undoes them).
 */
export function useSearchState(): [URLSearchParams, (change: SearchChange, options?: { replace?: boolean }) => void] {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  // What the last render saw, for the updater (which keeps its identity) to read when a change comes; live
  // from the first render, as children's effects (a page past the end moving back) run before this one's.
  const seen = useRef({ params, navigate, location, navigation, live: true });
  useEffect(() => {
    seen.current = { params, navigate, location, navigation, live: true };
    // A render of another entry: what was pending has landed, or Back or a link went elsewhere.
    if (pending && pending.key !== location.key) pending = null;
    return () => {
      seen.current.live = false;
    };
  }, [params, navigate, location, navigation]);
  useEffect(() => {
    users++;
    return () => {
      if (--users === 0) pending = null;
    };
  }, []);

  const update = useCallback((change: SearchChange, options?: { replace?: boolean }) => {
    const { params: rendered, navigate: go, location: here, navigation: next, live } = seen.current;
    // A change that lands once the person is leaving the page (a debounced filter, after a row's link was
    // followed: the page stays mounted while the next one's code and data load) or has left it is dropped;
    // navigating then would cancel the way out and take them back to the list.
    const leaving = next.state !== 'idle' && next.location.pathname !== here.pathname;
    if (!live || leaving) return;
    // The newest asked for on this entry; else what the last render showed.
    const base = pending?.key === here.key ? new URLSearchParams(pending.search) : rendered;
    const result = change(base);
    // No history entry for a change that changes nothing (a debounced filter landing on what a click already set).
    if (result.toString() === base.toString()) return;
    pending = { key: here.key, search: result.toString() };
    // This page's own path, never one resolved against where the router is now: a change that comes while
    // the router is already on the next page (this one unmounts on the next render) never writes onto it.
    void go({ pathname: here.pathname, search: readableSearch(result) }, { replace: options?.replace ?? false });
  }, []);
  return [params, update];
}
