import { CssBaseline, ThemeProvider } from '@mui/material';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError, HttpError } from '../api/errors';
import { SessionProvider } from './session';
import { theme } from './theme';

/** GETs retry with backoff on failures that may pass (network, timeout, 5xx, 429); never on 4xx. Writes never retry. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (error instanceof HttpError) return error.status >= 500 || error.status === 429;
  if (error instanceof ApiError) return error.kind === 'network' || error.kind === 'timeout';
  return false;
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache(),
    mutationCache: new MutationCache(),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: (attempt, error) =>
          error instanceof HttpError && error.retryAfterSeconds !== null
            ? Math.min(error.retryAfterSeconds * 1000, 30_000)
            : Math.min(500 * 2 ** attempt, 8_000),
        staleTime: 15_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme} defaultMode="system">
        <CssBaseline enableColorScheme />
        <SessionProvider>{children}</SessionProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
