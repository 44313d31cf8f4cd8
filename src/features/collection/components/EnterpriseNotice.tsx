import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { isHttpStatus } from '@/api/errors';

/**
 * What a community server cannot do, said plainly: collection clients,
 * scheduled events and tasks exist only on enterprise servers.
 */
export function EnterpriseNotice({ feature }: { feature: string }) {
  return (
    <Alert
      severity="info"
      role="status"
      action={
        <Button component={RouterLink} to="/file-ingest" color="inherit" size="small">
          Go to File ingest
        </Button>
      }
    >
      <AlertTitle>{feature} need the enterprise edition</AlertTitle>
      This server runs the community edition, which has no collection clients, scheduled events or collection tasks. You can still
      upload collector files on the File ingest page.
    </Alert>
  );
}

/**
 * The server says it is a community edition, or answered an enterprise-only
 * list with 404 (it does not have the operation at all).
 */
export function needsEnterprise(enterprise: boolean | undefined, listError: unknown): boolean {
  return enterprise === false || isHttpStatus(listError, 404);
}
