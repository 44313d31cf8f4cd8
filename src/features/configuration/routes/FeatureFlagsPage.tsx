import LockIcon from '@mui/icons-material/LockOutlined';
import {
  Alert,
  Box,
  Paper,
  Snackbar,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { describeError } from '../../../api/errors';
import { can, Permission } from '../../../api/permissions';
import type { FeatureFlag } from '../../../api/schemas/config';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useSelf } from '../../auth/api/get-self';
import { useFeatures } from '../api/list-features';
import { useToggleFeature } from '../api/toggle-feature';

const NOT_UPDATABLE = 'Managed by the server: users cannot change this flag.';

/** Feature flags; the user-updatable ones toggle at once and roll back if the server refuses. */
export default function FeatureFlagsPage() {
  const features = useFeatures();
  const toggle = useToggleFeature();
  const self = useSelf();
  const canWrite = can(self.data, Permission.AppWriteConfig);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const onToggle = (flag: FeatureFlag) => {
    setNotice(null);
    toggle.mutate(flag, {
      onSuccess: (r) => setNotice({ severity: 'success', text: `${flag.name} is now ${r.enabled ? 'on' : 'off'}.` }),
      onError: (e) => setNotice({ severity: 'error', text: `${flag.name} was not changed: ${describeError(e)}` }),
    });
  };

  return (
    <>
      <PageHeader
        title="Feature flags"
        description="Optional features of this server. Flags marked with a lock are managed by the server."
      />
      {!canWrite && self.data && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Your role can see the feature flags but not change them (it needs the app.WriteAppConfig permission).
        </Alert>
      )}
      {notice?.severity === 'error' && (
        <Alert severity="error" role="alert" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
          {notice.text}
        </Alert>
      )}
      {features.isPending ? (
        <LoadingState label="Loading the feature flags…" />
      ) : features.isError ? (
        <ErrorState error={features.error} title="Could not load the feature flags" onRetry={() => void features.refetch()} />
      ) : features.data.length === 0 ? (
        <EmptyState title="No feature flags">This server has no feature flags.</EmptyState>
      ) : (
        <TableContainer component={Paper}>
          <Table aria-label="Feature flags">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Key</TableCell>
                <TableCell>Description</TableCell>
                <TableCell>Enabled</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {features.data.map((f) => {
                const pending = toggle.isPending && toggle.variables?.id === f.id;
                const reason = !f.user_updatable ? NOT_UPDATABLE : !canWrite ? 'Your role cannot change feature flags.' : null;
                return (
                  <TableRow key={f.id}>
                    <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                      {f.name}
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: 13 }}>{f.key}</TableCell>
                    <TableCell>{f.description}</TableCell>
                    <TableCell sx={{ minWidth: 200 }}>
                      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                        <Switch
                          checked={f.enabled}
                          disabled={reason !== null || pending}
                          onChange={() => onToggle(f)}
                          slotProps={{
                            input: { 'aria-label': f.name, 'aria-describedby': reason ? `flag-reason-${f.id}` : undefined },
                          }}
                        />
                        <Typography variant="body2">{f.enabled ? 'On' : 'Off'}</Typography>
                      </Stack>
                      {reason && (
                        <Stack
                          id={`flag-reason-${f.id}`}
                          direction="row"
                          sx={{ alignItems: 'center', gap: 0.5, color: 'text.secondary' }}
                        >
                          {!f.user_updatable && <LockIcon sx={{ fontSize: 16 }} aria-hidden />}
                          <Typography variant="caption">{reason}</Typography>
                        </Stack>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Box>
        <Snackbar
          open={notice?.severity === 'success'}
          autoHideDuration={4000}
          onClose={() => setNotice(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        >
          <Alert severity="success" variant="filled" onClose={() => setNotice(null)}>
            {notice?.text}
          </Alert>
        </Snackbar>
      </Box>
    </>
  );
}
