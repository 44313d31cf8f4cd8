import { Alert, AlertTitle, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ApiError, describeError, HttpError, isHttpStatus } from '@/api/errors';

/**
 * A spinner with a label that screen readers announce. While a read is being tried again
 * after a failure (see the retry policy in app/providers.tsx), it also says what failed and
 * that the console is trying again, so a slow or failing server is never a silent spinner.
 */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  const retrying = useRetryingFailure();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, py: 6, justifyContent: 'center' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography color="text.secondary">{label}</Typography>
      </Box>
      {retrying && (
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 560, textAlign: 'center' }}>
          {retryingText(retrying)}
        </Typography>
      )}
    </Box>
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

function seconds(n: number): string {
  return n === 1 ? '1 second' : `${n} seconds`;
}

/**
 * What failed, in a sentence, with a way to try again. Retry shows progress until the
 * next answer; a 429 counts down to the time the server gave.
 */
export function ErrorState({
  error,
  title = 'Could not load this',
  onRetry,
  children,
}: {
  error: unknown;
  title?: string;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  const requestId = error instanceof HttpError ? error.requestId : null;
  // The error a retry was started for: a new failure is a new error object, so this resets itself.
  const [retriedError, setRetriedError] = useState<unknown>(null);
  const retrying = retriedError === error && error !== null;
  const throttled = isHttpStatus(error, 429) && (error.retryAfterSeconds ?? 0) > 0 ? error : null;
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        onRetry ? (
          <Button
            color="inherit"
            size="small"
            loading={retrying}
            onClick={() => {
              setRetriedError(error);
              onRetry();
            }}
          >
            Retry
          </Button>
        ) : undefined
      }
      sx={{ my: 2 }}
    >
      <AlertTitle>{isHttpStatus(error, 404) ? 'Not found' : title}</AlertTitle>
      {throttled ? <RetryAfter error={throttled} /> : describeError(error)}
      {requestId && (
        <Typography variant="caption" component="div" sx={{ mt: 0.5, opacity: 0.8 }}>
          Request id: {requestId}
        </Typography>
      )}
      {children && <Box sx={{ mt: 1 }}>{children}</Box>}
    </Alert>
  );
}

/** "Too many requests. Try again in N seconds.", counting down from when the 429 came. */
function RetryAfter({ error }: { error: HttpError }) {
  const deadline = error.receivedAt + (error.retryAfterSeconds ?? 0) * 1000;
  const [left, setLeft] = useState(error.retryAfterSeconds ?? 0);
  useEffect(() => {
    const tick = () => setLeft(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return (
    <>
      The server is receiving too many requests from this console.{' '}
      {/* Not live: the alert is announced once, not at every tick. */}
      <span aria-live="off">{left > 0 ? `Try again in ${seconds(left)}.` : 'You can try again now.'}</span>
    </>
  );
}

/** A friendly blank slate: what is missing and, optionally, what to do about it. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <Paper sx={{ p: 4, textAlign: 'center', borderStyle: 'dashed' }}>
      <Typography variant="h3" component="p">
        {title}
      </Typography>
      {children && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {children}
        </Typography>
      )}
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Paper>
  );
}
