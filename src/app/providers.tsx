import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { NoticeProvider } from '@/components/notice';
import { SessionProvider } from '@/lib/session';
import { theme } from './theme';

/** Forgets the app's cached answers when a session ends; the module loads only if a signed-in page ever did. */
const clearQueries = () => void import('@/lib/query-client').then((m) => m.clearAppQueries());

/**
 * What every page stands on: theme (light, dark or the system's scheme, as CSS variables), session,
 * notices. The query layer is not here: the signed-in routes provide it (src/app/signed-in.tsx), so the
 * sign-in page loads none of it.
 */
export function BaseProviders({ children, onSessionEnd = clearQueries }: { children: ReactNode; onSessionEnd?: () => void }) {
  return (
    <ThemeProvider theme={theme} defaultMode="system">
      <CssBaseline enableColorScheme />
      <SessionProvider onEnd={onSessionEnd}>
        <NoticeProvider>{children}</NoticeProvider>
      </SessionProvider>
    </ThemeProvider>
  );
}

/** Every provider with the given query client, for tests that render pages on their own. */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  const clear = useCallback(() => client.clear(), [client]);
  return (
    <QueryClientProvider client={client}>
      <BaseProviders onSessionEnd={clear}>{children}</BaseProviders>
    </QueryClientProvider>
  );
}
