import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { CopyButton } from '@/components/CopyButton';
import { orderedProperties, propertyLabel } from '@/lib/format-property';
import { PropertyValue } from './PropertyValue';

/** On a phone each property is a block, its name above its value at the full width (never cut at the side). */
const phoneRows = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& tr': { display: 'block', py: 1, borderBottom: `1px solid ${theme.palette.divider}` },
    '& th, & td': { display: 'block', border: 0, p: 0, width: 'auto' },
    '& td': { pt: 0.5 },
  },
});

/** A node's properties as a readable table, with the raw JSON on demand. */
export function PropertiesTable({ props, title = 'Properties' }: { props: Record<string, unknown>; title?: string }) {
  const [raw, setRaw] = useState(false);
  const headingId = useId();
  const json = JSON.stringify(props, null, 2);
  const rows = orderedProperties(props);
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h2" id={headingId}>
          {title}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {raw && <CopyButton value={json} label="Copy the properties as JSON" />}
          <Button size="small" onClick={() => setRaw((r) => !r)} aria-pressed={raw}>
            {raw ? 'Show as table' : 'Show raw JSON'}
          </Button>
        </Stack>
      </Stack>
      {raw ? (
        <Box
          component="pre"
          aria-label="Properties as JSON"
          tabIndex={0}
          sx={{ m: 0, p: 2, bgcolor: 'action.hover', borderRadius: 1, overflow: 'auto', maxHeight: 560, fontSize: 13 }}
        >
          {json}
        </Box>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">This node has no properties.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby={headingId} sx={phoneRows}>
            <TableBody>
              {rows.map(([key, value]) => (
                <TableRow key={key}>
                  <TableCell
                    component="th"
                    scope="row"
                    sx={{ width: { md: 300 }, verticalAlign: 'top', overflowWrap: 'anywhere' }}
                  >
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {propertyLabel(key)}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                      {key}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>
                    <PropertyValue name={key} value={value} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
