import { formatCount } from '@/shared/count';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { describeError } from '@/api/errors';

/**
 * One card of the home page. It loads on its own: while loading it shows a
 * placeholder, on failure a short message with Retry, so one failing
 * endpoint never takes the rest of the page down.
 */
export function SummaryCard({
  title,
  link,
  more,
  query,
  children,
}: {
  title: string;
  link: { to: string; label: string };
  /** A second link, beside the first. */
  more?: { to: string; label: string };
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown; isFetching: boolean };
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      aria-busy={query.isPending}
      sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <Typography variant="h2" id={headingId} sx={{ fontSize: '1.1rem', mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ flex: 1 }}>
        {query.isPending ? (
          <Stack spacing={1} role="status" aria-label={`Loading ${title.toLowerCase()}`}>
            <Skeleton variant="text" width="40%" height={40} />
            <Skeleton variant="text" width="70%" />
          </Stack>
        ) : query.isError ? (
          <Alert
            severity="error"
            role="alert"
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()} loading={query.isFetching}>
                Retry
              </Button>
            }
          >
            {describeError(query.error)}
          </Alert>
        ) : (
          children
        )}
      </Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        {[link, ...(more ? [more] : [])].map((l) => (
          <Link key={l.to} component={RouterLink} to={l.to} underline="hover">
            {l.label}
          </Link>
        ))}
      </Stack>
    </Paper>
  );
}

/** A big number with what it counts. */
export function BigNumber({ value, label, detail }: { value: number; label: string; detail?: string }) {
  return (
    <Box>
      <Typography
        component="p"
        sx={{ fontSize: '2.25rem', fontWeight: 600, lineHeight: 1.1, fontVariantNumeric: 'tabular-nums' }}
        aria-label={`${value} ${label}`}
      >
        {formatCount(value)}
      </Typography>
      <Typography color="text.secondary" aria-hidden>
        {label}
      </Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      )}
    </Box>
  );
}
