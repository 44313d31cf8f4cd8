import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** Label/value pairs as a description list. */
export function DetailList({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(10rem, max-content) 1fr' },
        columnGap: 3,
        rowGap: 1.25,
        m: 0,
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
            {item.label}
          </Typography>
          {/* Body text size for every value, plain text or an element (a <time>, a link). */}
          <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', typography: 'body2' }}>
            {typeof item.value === 'string' || typeof item.value === 'number' ? (
              <Typography variant="body2">{item.value}</Typography>
            ) : (
              item.value
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
