import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SavedQuery } from '@/api/schemas/saved-queries';
import { CopyButton } from '@/components/CopyButton';
import { queryTextSize } from '@/components/SavedQueryFormDialog';

/** A query opened in its row: its description and its whole text, as typed (tabs, line breaks), with a copy button. */
export function SavedQueryDetails({ query }: { query: SavedQuery }) {
  return (
    <Stack spacing={1} sx={{ py: 0.5, minWidth: 0 }}>
      <Typography variant="body2" color={query.description ? 'text.primary' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }}>
        {query.description || 'No description.'}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
        <Box
          component="pre"
          tabIndex={0}
          role="group"
          aria-label={`Query text of ${query.name}`}
          sx={{
            m: 0,
            p: 1,
            flex: 1,
            minWidth: 0,
            maxHeight: 320,
            overflow: 'auto',
            fontFamily: 'monospace',
            fontSize: '0.8125rem',
            lineHeight: 1.5,
            tabSize: 4,
            whiteSpace: 'pre',
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          {query.query}
        </Box>
        <CopyButton value={query.query} label={`Copy the query text of ${query.name}`} />
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {queryTextSize(query.query)}
      </Typography>
    </Stack>
  );
}
