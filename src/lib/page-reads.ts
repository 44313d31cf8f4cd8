import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
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

/** A read, or `[operation, read]`: a read made only for people the access table lets call `operation`. */
export type GatedRead = PageRead | readonly [Operation, PageRead];

/**
 * How long a page's loader waits for its reads. Reads that land by then (nearly all, on a reload: they run
 * beside the page's code, which takes longer) let the page render once, with its rows, rather than render its
 * loading state and then again; a slower or failing read shows the page's loading state (then its rows, or
 * its error) this much later at most. On a move inside the console, the page left stays this much longer at most.
 */
export const READS_WAIT_MS = 150;

/**
 * A route loader that starts a page's first reads in the console's query client as the route matches, beside
 * the download of the page's code; the page's hooks then find them in the cache (answered, or on their way).
 * It waits for them READS_WAIT_MS at most and never fails: a read that fails is the page's to report (its hook
 * finds the failure in the cache, tries again and shows its error state). Nothing starts without a session, nor
 * (with `gate`, the page's own first read) for someone the access table says would be refused.
 */
export function pageLoader(reads: readonly GatedRead[], gate?: Operation): LoaderFunction {
  return async (args) => {
    if (!hasSessionToken()) return null;
    const started = startReads(appQueryClient(), args, reads, gate).catch(() => undefined);
    await Promise.race([started, new Promise((resolve) => setTimeout(resolve, READS_WAIT_MS))]);
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
      if (options) await client.prefetchQuery(options);
    }),
  );
}

/**
 * The signed-in person, to decide what they may be asked for: from the cache, or the request for it (started
 * by the shell's loader on a visit's first page), so nothing is asked for that would be refused.
 */
async function signedIn(client: QueryClient): Promise<Self | undefined> {
  const { selfQueryOptions } = await import('@/api/self');
  return client.ensureQueryData(selfQueryOptions()).catch(() => undefined);
}
