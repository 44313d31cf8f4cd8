import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A spinner with a label that screen readers announce, and an optional note under it. LoadingState
 * adds what is being tried again; the router shows it bare while the first page's code loads (no
 * read has started then), so the sign-in page takes none of the query layer.
 */
export function LoadingSpinner({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, py: 6, justifyContent: 'center' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography color="text.secondary">{label}</Typography>
      </Box>
      {children}
    </Box>
  );
}
