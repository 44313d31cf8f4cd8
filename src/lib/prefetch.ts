import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import { mayCall } from '@/shared/route-access';
import { queryKeys } from '@/api/query-keys';
import type { Self } from '@/api/schemas/auth';
import type { Operation } from './access';
import { hasSessionToken } from './session';

/**
 * Render-as-you-fetch: a route's first queries start when the navigation
 * starts, beside the download of the page's code, instead of after the page
 * has loaded and rendered. The router's loaders start them and do not wait for
 * them (the page's own hooks show loading and errors as always), except on the
 * first page of a visit, which waits for them a little (FIRST_PAGE_WAIT_MS).
 */
export type Prefetch = (client: QueryClient, args: LoaderFunctionArgs) => Promise<unknown>;

let client: QueryClient | null = null;

/**
 * How long the first page of a tab's visit waits for its first reads before it renders without them. Those
 * reads have been on their way since start-up (main.tsx) and nearly always land before the page's code has
 * loaded (warm, about 35 ms after navigation against 45 ms for the code): waiting for them lets the page
 * render once, with its rows, rather than render its loading state and then again when they land (about
 * 7–9 ms more of the main thread before the rows show). A read slower than this shows the loading state as
 * before, this much later at most. Later navigations never wait: the page they leave stays until the next
 * one's code is in.
 */
export const FIRST_PAGE_WAIT_MS = 150;
let firstPage = true;

/** The first page of the visit has been shown (or the visit began at sign-in): loaders no longer wait. */
export function firstPageShown(): void {
  firstPage = false;
}

/** The query client loaders prefetch into (the app's; set once at start-up). */
export function setPrefetchClient(queryClient: QueryClient | null): void {
  client = queryClient;
}

/**
 * Route fields that start `prefetch` on entering the route (signed in only, and
 * not for someone known not to be allowed to call `reads`); re-renders of the
 * same route do not repeat it.
 */
export function prefetchOnEnter(prefetch: Prefetch, reads?: Operation): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
  return {
    loader: (args) => {
      if (!client || !hasSessionToken()) return null;
      const start = client;
      const started = (async () => {
        if (reads && !mayCall(await signedIn(start), ...reads)) return;
        await prefetch(start, args);
      })().catch(() => undefined);
      if (!firstPage) return null;
      // The first page: wait for its reads, a little (see FIRST_PAGE_WAIT_MS).
      return Promise.race([started, new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]).then(() => null);
    },
    shouldRevalidate: () => false,
  };
}

/**
 * The signed-in person, to decide what they may be asked for: from the cache,
 * or (on the first page of a visit) the sign-in check already on its way, so
 * nothing is requested that the access table says would be refused.
 */
async function signedIn(client: QueryClient): Promise<Self | undefined> {
  const cached = client.getQueryData<Self>(queryKeys.self());
  if (cached) return cached;
  // Loaded when needed: the sign-in page's bundle stays without the schemas.
  const { selfQueryOptions } = await import('@/api/self');
  return client.fetchQuery(selfQueryOptions()).catch(() => undefined);
}

// Any query's options: each loader's own types are checked where it is written (its queryOptions).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQueryOptions = FetchQueryOptions<any, any, any, any>;

type Loader = () => Promise<AnyQueryOptions>;

/**
 * A prefetch of several queries, each given by a loader of its `queryOptions`
 * (a dynamic import, so the page's code stays lazy); `[operation, loader]`
 * prefetches only for someone who may call the operation.
 */
export function prefetchQueries(...loaders: Array<Loader | readonly [Operation, Loader]>): Prefetch {
  return (client) => {
    return Promise.all(
      loaders.map(async (entry) => {
        if (typeof entry !== 'function' && !mayCall(await signedIn(client), ...entry[0])) return;
        const load = typeof entry === 'function' ? entry : entry[1];
        await client.prefetchQuery(await load());
      }),
    );
  };
}
