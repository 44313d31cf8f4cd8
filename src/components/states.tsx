import { Alert, AlertTitle, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { describeError, HttpError, isHttpStatus } from '../api/errors';

/** A spinner with a label that screen readers announce. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6, justifyContent: 'center' }}>
      <CircularProgress size={24} aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}

/** What failed, in a sentence, with a way to try again. */
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
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        ) : undefined
      }
      sx={{ my: 2 }}
    >
      <AlertTitle>{isHttpStatus(error, 404) ? 'Not found' : title}</AlertTitle>
      {describeError(error)}
      {requestId && (
        <Typography variant="caption" component="div" sx={{ mt: 0.5, opacity: 0.8 }}>
          Request id: {requestId}
        </Typography>
      )}
      {children}
    </Alert>
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
