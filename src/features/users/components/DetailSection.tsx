import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A titled block of a detail page (a user, your profile): a description list of fields, or (`plain`) any
 * content; `note` goes under the fields (a RestrictedNote).
 */
export function Section({
  title,
  children,
  plain = false,
  note,
}: {
  title: string;
  children: ReactNode;
  plain?: boolean;
  note?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} component="section" aria-label={title}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        {title}
      </Typography>
      {plain ? (
        children
      ) : (
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 35%) 1fr' },
            columnGap: 2,
            rowGap: 1,
          }}
        >
          {children}
        </Box>
      )}
      {note}
    </Paper>
  );
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary" variant="body2" sx={{ pt: 0.25 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, minWidth: 0 }}>
        {children}
      </Typography>
    </>
  );
}

export function None({ text = 'None' }: { text?: string }) {
  return (
    <Typography component="span" color="text.secondary">
      {text}
    </Typography>
  );
}
