import { Chip, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { memo } from 'react';
import type { Selector } from '../../../api/schemas/asset-groups';

/** A group's selectors (API document 2.5): name, selector, whether the system defined it. */
export const SelectorsTable = memo(function SelectorsTable({ selectors }: { selectors: Selector[] }) {
  return (
    <Paper component="section" aria-labelledby="selectors-heading" sx={{ mb: 3 }}>
      <Typography variant="h2" id="selectors-heading" sx={{ p: 2, pb: 1 }}>
        Selectors
      </Typography>
      {selectors.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          This group has no selectors, so it selects no objects.
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="selectors-heading">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Selector</TableCell>
                <TableCell>System selector</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {selectors.map((s) => (
                <TableRow key={s.id}>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                    {s.name}
                  </TableCell>
                  <TableCell
                    sx={{
                      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                      fontSize: '0.8rem',
                      overflowWrap: 'anywhere',
                    }}
                  >
                    {s.selector}
                  </TableCell>
                  <TableCell>{s.system_selector ? <Chip size="small" label="System" /> : 'No'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
});
