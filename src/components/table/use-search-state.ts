import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useNavigate, useSearchParams } from 'react-router-dom';

export type SearchChange = (current: URLSearchParams) => URLSearchParams;

/** The newest query string asked for and not yet rendered, one per router: every user of the hook shares it. */
const pendingByRouter = new WeakMap<object, { search: string | null }>();

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
  const rendered = useRef(params);
  const routerObject = useContext(UNSAFE_DataRouterContext)?.router;
  const router = useRef(routerObject);
  const [pending] = useState(() => {
    if (!routerObject) return { search: null };
    let shared = pendingByRouter.get(routerObject);
    if (!shared) pendingByRouter.set(routerObject, (shared = { search: null }));
    return shared;
  });
  const set = useRef(navigate);

  useEffect(() => {
    rendered.current = params;
    set.current = navigate;
    if (pending.search === params.toString()) pending.search = null;
  }, [params, navigate, pending]);

  // A change that lands once the person is leaving the page (a debounced filter, after a row's link was
  // followed: the page stays mounted while the next one's code and data load) or has left it is dropped;
  // navigating then would cancel the way out and take them back to the list. The router's own state is
  // read when the change comes (a render may not have caught up with a click yet); React Router exports
  // that context as UNSAFE_ but it is the data router every page of the console runs under.
  const { pathname } = useLocation();
  const here = useRef(pathname);
  useEffect(() => {
    here.current = pathname;
  }, [pathname]);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    const forget = () => {
      pending.search = null;
    };
    window.addEventListener('popstate', forget);
    return () => {
      live.current = false;
      window.removeEventListener('popstate', forget);
    };
  }, [pending]);

  const update = useCallback(
    (change: SearchChange, options?: { replace?: boolean }) => {
      const navigation = router.current?.state.navigation;
      const leaving = !!navigation && navigation.state !== 'idle' && navigation.location?.pathname !== here.current;
      // The router may already be on the next page while this one is still mounted (it unmounts on the next render).
      const location = router.current?.state.location;
      const left = !!location && location.pathname !== here.current;
      if (!live.current || leaving || left) return;
      // The newest asked for; else the router's own location, which is ahead of this component's last render.
      const base =
        pending.search !== null
          ? new URLSearchParams(pending.search)
          : location
            ? new URLSearchParams(location.search)
            : rendered.current;
      const next = change(base);
      // No history entry for a change that changes nothing (a debounced filter landing on what a click already set).
      if (next.toString() === base.toString()) return;
      pending.search = next.toString();
      void set.current({ search: readableSearch(next) }, { replace: options?.replace ?? false });
      // `pending` never changes (one object per router), so the updater keeps its identity.
    },
    [pending],
  );
  return [params, update];
}
