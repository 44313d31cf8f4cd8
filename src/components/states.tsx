import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { describeError, HttpError, isHttpStatus } from '@/api/errors';

// In its own module so the sign-in page (whose router shows it while the first page loads) takes none of the rest.
export { LoadingState } from './LoadingState';
import { seconds } from './LoadingState';

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
