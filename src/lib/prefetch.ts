import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import { hasSessionToken } from './session';

/**
 * Render-as-you-fetch: a route's first queries start when the navigation
 * starts, beside the download of the page's code, instead of after the page
 * has loaded and rendered. The router's loaders start them and never wait for
 * them (the page's own hooks show loading and errors as always).
 */
export type Prefetch = (client: QueryClient, args: LoaderFunctionArgs) => Promise<unknown>;

let client: QueryClient | null = null;

/** The query client loaders prefetch into (the app's; set once at start-up). */
export function setPrefetchClient(queryClient: QueryClient | null): void {
  client = queryClient;
}

/** Route fields that start `prefetch` on entering the route (signed in only); re-renders of the same route do not repeat it. */
export function prefetchOnEnter(prefetch: Prefetch): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
  return {
    loader: (args) => {
      if (client && hasSessionToken()) void prefetch(client, args).catch(() => undefined);
      return null;
    },
    shouldRevalidate: () => false,
  };
}

// Any query's options: each loader's own types are checked where it is written (its queryOptions).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQueryOptions = FetchQueryOptions<any, any, any, any>;

/** A prefetch of several queries, each given by a loader of its `queryOptions` (a dynamic import, so the page's code stays lazy). */
export function prefetchQueries(...loaders: Array<() => Promise<AnyQueryOptions>>): Prefetch {
  return (client) => Promise.all(loaders.map(async (load) => client.prefetchQuery(await load())));
}
