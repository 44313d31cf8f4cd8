import { hashKey, type FetchQueryOptions, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router-dom';
import type { Self } from '@/api/schemas/auth';
import { mayCallOperation, type Operation } from './access';
import { appQueryClient } from './query-client';
import { hasSessionToken } from './session';

// Any query's options: each read's own types are checked where it is written (its queryOptions).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQueryOptions = FetchQueryOptions<any, any, any, any>;

/**
 * One read a page makes as it first shows: the same `queryOptions` its hook uses (from a dynamic import, so
 * the page's API code stays out of the signed-in routes' bundle), or null when the address asks for none.
 */
export type PageRead = (args: LoaderFunctionArgs) => Promise<AnyQueryOptions | null>;

/** A read, or `[operation, read]`: a read made only for people whom the operation's declaration lets call it. */
export type GatedRead = PageRead | readonly [Operation, PageRead];

/** How many signed-in shells are on screen (one, once the first page behind sign-in shows; see useShellShown). */
let shellsShown = 0;

/**
 * Marks the signed-in shell as shown while the calling component is mounted (the shell calls it): from then on
 * a page's loader starts its reads and lets the page show at once, with its own loading state.
 */
export function useShellShown(): void {
  useEffect(() => {
    shellsShown++;
    return () => {
      shellsShown--;
    };
  }, []);
}

/**
 * A route loader that starts a page's first reads in the console's query client as the route matches, beside
 * the download of the page's code; the page's hooks then find them in the cache (answered, or on their way).
 *
 * On the first page behind sign-in (a reload, a link opened, the page after signing in) nothing of the
 * console is on screen yet, so the loader waits for the reads to be answered (or for a try of one to fail):
 * the page then renders once, with its rows, rather than its loading state first. Once the shell is shown, a move to another page waits for nothing:
 * the page shows at once, with its own loading state until its reads land. The loader never fails: a read
 * that fails is the page's to report (its hook finds the failure in the cache, tries again and shows its error
 * state). Nothing starts without a session, nor (with `gate`, the page's own first read) for someone the
 * operation's declaration says would be refused.
 */
export function pageLoader(reads: readonly GatedRead[], gate?: Operation): LoaderFunction {
  return async (args) => {
    if (!hasSessionToken()) return null;
    const started = startReads(appQueryClient(), args, reads, gate).catch(() => undefined);
    if (shellsShown === 0) await started;
    return null;
  };
}

async function startReads(client: QueryClient, args: LoaderFunctionArgs, reads: readonly GatedRead[], gate?: Operation) {
  const gated = gate !== undefined || reads.some((read) => typeof read !== 'function');
  const self = gated ? await signedIn(client) : undefined;
  if (gate && !mayCallOperation(self, gate)) return;
  await Promise.all(
    reads.map(async (entry) => {
      if (typeof entry !== 'function' && !mayCallOperation(self, entry[0])) return;
      const options = await (typeof entry === 'function' ? entry : entry[1])(args);
      if (options) await answeredOrFailing(client, options);
    }),
  );
}

/**
 * Prefetches one read and resolves once it is answered, or once a try of it has failed (a page whose read
 * fails shows at once, saying it is trying again); the read itself goes on, with its retries, in the cache.
 */
function answeredOrFailing(client: QueryClient, options: AnyQueryOptions): Promise<void> {
  const hash = hashKey(options.queryKey);
  return new Promise<void>((resolve) => {
    const unsubscribe = client.getQueryCache().subscribe(({ query }) => {
      if (query.queryHash === hash && query.state.fetchFailureCount > 0) done();
    });
    const done = () => {
      unsubscribe();
      resolve();
    };
    client.prefetchQuery(options).then(done, done);
  });
}

/**
 * The signed-in person, to decide what they may be asked for: from the cache, or the request for it (started
 * by the shell's loader on a visit's first page), so nothing is asked for that would be refused.
 */
async function signedIn(client: QueryClient): Promise<Self | undefined> {
  const { selfQueryOptions } = await import('@/api/self');
  return client.ensureQueryData(selfQueryOptions()).catch(() => undefined);
}
