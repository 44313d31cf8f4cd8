import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { CopyButton } from '@/components/CopyButton';

/** The Cypher a list or a graph stands for, in a small monospace block, with a copy button and "Open in Cypher". */
export function CypherBlock({
  cypher,
  what,
  onOpenCypher,
}: {
  cypher: string;
  /** What the query answers, for the block's and the buttons' names ("Sessions"). */
  what: string;
  onOpenCypher?: (cypher: string) => void;
}) {
  const labelId = useId();
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="caption" color="text.secondary" id={labelId}>
          Cypher
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
          <CopyButton value={cypher} label={`Copy the Cypher of ${what}`} />
          {onOpenCypher && (
            <Button size="small" onClick={() => onOpenCypher(cypher)} aria-label={`Open in Cypher: ${what}`}>
              Open in Cypher
            </Button>
          )}
        </Stack>
      </Stack>
      <Box
        component="pre"
        aria-labelledby={labelId}
        tabIndex={0}
        sx={{
          m: 0,
          p: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          overflow: 'auto',
          maxHeight: 160,
          fontFamily: 'monospace',
          fontSize: 12,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {cypher}
      </Box>
    </Box>
  );
}
