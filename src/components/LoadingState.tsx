import Typography from '@mui/material/Typography';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { useContext, useSyncExternalStore } from 'react';
import { ApiError, HttpError } from '@/api/errors';
import { LoadingSpinner } from './LoadingSpinner';
import { plural } from '@/shared/words';

/**
 * A spinner with a label that screen readers announce. While a read is being tried again
 * after a failure (see the retry policy in lib/query-client.tsx), it also says what failed and
 * that the console is trying again, so a slow or failing server is never a silent spinner.
 */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  const retrying = useRetryingFailure();
  return (
    <LoadingSpinner label={label}>
      {retrying && (
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 560, textAlign: 'center' }}>
          {retryingText(retrying)}
        </Typography>
      )}
    </LoadingSpinner>
  );
}

/** The last failure of a read that is being tried again right now, if any. */
function useRetryingFailure(): ApiError | null {
  const client = useContext(QueryClientContext);
  return useSyncExternalStore(
    (onChange) => client?.getQueryCache().subscribe(onChange) ?? (() => {}),
    () => (client ? retryingFailure(client) : null),
    () => null,
  );
}

function retryingFailure(client: QueryClient): ApiError | null {
  for (const query of client.getQueryCache().getAll()) {
    const { fetchStatus, fetchFailureCount, fetchFailureReason } = query.state;
    if (fetchStatus !== 'idle' && fetchFailureCount > 0 && fetchFailureReason instanceof ApiError) return fetchFailureReason;
  }
  return null;
}

function retryingText(error: ApiError): string {
  const what = `“${error.operation}” failed`;
  if (error instanceof HttpError) {
    if (error.status === 429)
      return `${what}: the server is receiving too many requests. Trying again${error.retryAfterSeconds ? ` in ${seconds(error.retryAfterSeconds)}` : ''}…`;
    return `${what}: the server answered ${error.status}. Trying again…`;
  }
  if (error.kind === 'timeout') return `${what}: the server did not answer in time. Trying again…`;
  if (error.kind === 'network') return `${what}: the server could not be reached. Trying again…`;
  return `${what}. Trying again…`;
}

/** "1 second", "5 seconds". */
export function seconds(n: number): string {
  return plural(n, 'second');
}
