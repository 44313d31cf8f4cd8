import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CopyButton } from '@/components/CopyButton';
import { ErrorState } from '@/components/states';
import { formatSize } from '@/shared/format';
import type { DownloadResult, Verification } from '../download';
import type { DownloadState } from '../use-verified-download';

/**
 * A download under way (a determinate bar against the file's size, with Cancel), or its outcome: the
 * published SHA-256 beside the downloaded file's, and whether they match.
 */
export function DownloadPanel({
  state,
  onCancel,
  onRetry,
}: {
  state: DownloadState | null;
  onCancel: () => void;
  onRetry: () => void;
}) {
  if (!state) return null;
  if (state.phase === 'failed') {
    return <ErrorState error={state.error} title={`Could not download ${state.target.label}`} onRetry={onRetry} />;
  }
  if (state.phase === 'done') return <DownloadOutcome label={state.target.label} result={state.result} />;

  const { target, loaded, total } = state;
  const percent = total ? Math.min(100, Math.round((loaded / total) * 100)) : null;
  return (
    <Box sx={{ mt: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          Downloading {target.fileName}: {formatSize(loaded)}
          {total !== null ? ` of ${formatSize(total)} (${percent}%)` : ''}
        </Typography>
        <Button size="small" onClick={onCancel}>
          Cancel
        </Button>
      </Stack>
      <LinearProgress
        variant={percent === null ? 'indeterminate' : 'determinate'}
        value={percent ?? undefined}
        aria-label={`Download progress of ${target.fileName}`}
        sx={{ mt: 0.75, height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}

const OUTCOME: Record<Verification['kind'], { severity: 'success' | 'error' | 'warning'; title: string }> = {
  match: { severity: 'success', title: 'Checksum matches' },
  mismatch: { severity: 'error', title: 'Checksum does NOT match — do not run this file' },
  unverified: { severity: 'warning', title: 'Checksum not verified' },
};

function outcomeText(verification: Verification, result: DownloadResult): string {
  switch (verification.kind) {
    case 'match':
      return `${result.fileName} (${formatSize(result.size)}) is saved, and its SHA-256 is the one the server publishes.`;
    case 'mismatch':
      return `${result.fileName} is saved, but its SHA-256 is not the one the server publishes. Delete it and download it again; if it still differs, tell whoever runs the server.`;
    case 'unverified':
      return `${result.fileName} (${formatSize(result.size)}) is saved. ${verification.reason}`;
  }
}

function DownloadOutcome({ label, result }: { label: string; result: DownloadResult }) {
  const { severity, title } = OUTCOME[result.verification.kind];
  return (
    <Alert
      severity={severity}
      // A mismatch interrupts; the other outcomes are announced politely.
      role={severity === 'error' ? 'alert' : 'status'}
      aria-label={`${label}: ${title}`}
      sx={{ mt: 2, '& .MuiAlert-message': { minWidth: 0, flexGrow: 1 } }}
    >
      <AlertTitle>{title}</AlertTitle>
      {outcomeText(result.verification, result)}
      <Box
        component="dl"
        sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'max-content 1fr' }, columnGap: 2 }}
      >
        <Digest term="Published SHA-256" value={result.published} absent="none" />
        <Digest term="SHA-256 of the downloaded file" value={result.computed} absent="not computed" />
      </Box>
    </Alert>
  );
}

function Digest({ term, value, absent }: { term: string; value: string | null; absent: string }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ fontWeight: 500, pt: 0.5 }}>
        {term}
      </Typography>
      <Box component="dd" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        {value ? (
          <>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
            <CopyButton value={value} label={`Copy the ${term}`} />
          </>
        ) : (
          <Typography variant="body2">{absent}</Typography>
        )}
      </Box>
    </>
  );
}
