import { MutationCache, QueryCache, QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { ApiError, HttpError, NetworkError, TimeoutError } from '@/api/errors';

/**
 * The console's query layer (TanStack Query): its retry policy and its one client. The sign-in
 * page loads none of it: the client is created on first use, by the signed-in routes (and by the
 * sign-in page's SSO buttons, which load after the form).
 */

/**
 * Retry policy of reads (queries). Writes (mutations) never retry on their own: a person
 * decides whether to send a change again.
 *
 * - Network failures, 5xx and 408: up to {@link MAX_RETRIES} more tries, after 0.5 s, then 1 s.
 * - Timeouts: one more try only (each try already waited the whole client timeout).
 * - 429: after the server's Retry-After when it is at most {@link MAX_AUTO_WAIT_SECONDS}
 *   (else the page says when to try again and leaves it to the person); without one, as a 5xx.
 * - Any other 4xx, a body that breaks the schema, a cancelled request: no retry.
 */
export const MAX_RETRIES = 2;
export const MAX_AUTO_WAIT_SECONDS = 10;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError) {
    if (error.status === 429) {
      return failureCount < MAX_RETRIES && (error.retryAfterSeconds ?? 0) <= MAX_AUTO_WAIT_SECONDS;
    }
    return failureCount < MAX_RETRIES && (error.status >= 500 || error.status === 408);
  }
  if (error instanceof ApiError) {
    if (error.kind === 'timeout') return failureCount < 1;
    return error.kind === 'network' && failureCount < MAX_RETRIES;
  }
  return false;
}

/** Wait before the next try: the server's Retry-After when it gave one, else 0.5 s doubling up to 8 s. */
export function retryDelay(failureCount: number, error: unknown): number {
  if (error instanceof HttpError && error.retryAfterSeconds !== null) {
    return Math.min(error.retryAfterSeconds, MAX_AUTO_WAIT_SECONDS) * 1000;
  }
  return Math.min(500 * 2 ** failureCount, 8_000);
}

/** A write that got no answer (timeout, lost connection): the server may have made the change or not. */
export function outcomeUnknown(error: unknown): boolean {
  return (error instanceof TimeoutError || error instanceof NetworkError) && error.write;
}

export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache(),
    // After a write whose outcome is unknown, what is on screen may be out of date: read it again,
    // so "check before trying again" can be checked on the page itself.
    mutationCache: new MutationCache({
      onError: (error) => {
        if (outcomeUnknown(error)) void client.invalidateQueries();
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        staleTime: 15_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

let shared: QueryClient | undefined;

/** The console's one query client, created on first use. */
export function appQueryClient(): QueryClient {
  return (shared ??= createQueryClient());
}

/** Forgets every answer (a session ended): nothing of one person's stays for the next. */
export function clearAppQueries(): void {
  shared?.clear();
}

/** Provides the console's query client below it, unless a client is provided already (a test's). */
export function QueryLayer({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  return outer ? children : <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}
