import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';
import { useAvailableDomains } from '@/api/domains';
import { graphOps } from '@/api/operations/graph';
import { useAccess } from '@/lib/access';

/**
 * On a page that reads the directory graph: when the graph holds no collected data (no domain or tenant is
 * available), says so and how to fill it, so an empty answer is not taken for a wrong one. Nothing while the
 * answer is unknown, when there is data, or for someone who may not read the available domains.
 */
export function EmptyGraphNote({ shows, sx }: { shows: string; sx?: SxProps<Theme> }) {
  const mayRead = useAccess(graphOps.getAvailableDomains).allowed;
  const domains = useAvailableDomains({ enabled: mayRead });
  if (!mayRead || domains.data === undefined || domains.data.length > 0) return null;
  return (
    <Alert severity="info" sx={sx}>
      <AlertTitle>The graph is empty</AlertTitle>
      No collected data has been uploaded yet, or the database was cleared. Upload collector files under{' '}
      <Link component={RouterLink} to="/file-ingest">
        File ingest
      </Link>
      , or let a collection client collect; {shows} once they are ingested and analyzed.
    </Alert>
  );
}
