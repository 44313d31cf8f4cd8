import { Grid, Paper, Typography } from '@mui/material';
import { PageHeader } from '../../../components/PageHeader';
import { displayName } from '../../../app/AppShell';
import { useSelf } from '../../auth/api/get-self';
import { useVersion } from '../../auth/api/get-version';

export default function HomePage() {
  const self = useSelf();
  const version = useVersion();
  return (
    <>
      <PageHeader title="Home" description={self.data ? `Welcome, ${displayName(self.data)}.` : undefined} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper sx={{ p: 2 }}>
            <Typography variant="h2" gutterBottom>
              Your account
            </Typography>
            <Typography>Username: {self.data?.principal_name}</Typography>
            <Typography>Roles: {self.data?.roles.map((r) => r.name).join(', ') || 'none'}</Typography>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper sx={{ p: 2 }}>
            <Typography variant="h2" gutterBottom>
              Server
            </Typography>
            <Typography>
              {version.data
                ? `${version.data.server_version} · ${version.data.product_edition ?? 'unknown'} edition · API ${version.data.API.current_version}`
                : version.isError
                  ? 'The server version could not be read.'
                  : 'Loading…'}
            </Typography>
          </Paper>
        </Grid>
      </Grid>
    </>
  );
}
