import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorState } from '@/components/states';
import type { EntityKind } from '@/features/explore/lookup-form';

/** Shown instead of sending a request when the object id in the address is malformed. */
export function InvalidObjectId({ message, kind, raw }: { message: string; kind: EntityKind; raw: string }) {
  return (
    <Alert
      severity="warning"
      role="alert"
      action={
        <Button component={RouterLink} to={`/entities?kind=${kind}&id=${encodeURIComponent(raw)}`} color="inherit" size="small">
          Correct it
        </Button>
      }
    >
      <AlertTitle>This object id is not valid</AlertTitle>
      {message} Nothing was sent to the server.
    </Alert>
  );
}

/** The server knows no such object: what it said, and a way to look up another id. */
export function UnknownObjectId({ error, kind, raw }: { error: unknown; kind: EntityKind; raw: string }) {
  return (
    <ErrorState error={error} title={kind === 'any' ? 'No such object' : `No such ${kind}`}>
      <Box sx={{ mt: 1 }}>
        <Button
          component={RouterLink}
          to={`/entities?kind=${kind}&id=${encodeURIComponent(raw)}`}
          size="small"
          color="inherit"
          variant="outlined"
        >
          Look up another id
        </Button>
      </Box>
    </ErrorState>
  );
}
