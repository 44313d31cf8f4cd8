import { Alert, AlertTitle, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

/** Shown instead of sending a request when the object id in the address is malformed. */
export function InvalidObjectId({ message, kind, raw }: { message: string; kind: 'computer' | 'user'; raw: string }) {
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
