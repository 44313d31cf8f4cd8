import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { QueryValue } from '@/api/client';
import { describeError } from '@/api/errors';
import { useNotice } from '@/components/notice';
import { saveFile } from '@/lib/save-file';
import { plural } from '@/shared/words';
import { exportFindingsCsv } from '@/features/attack-paths/api/attack-paths';

/** "Export CSV": every finding the filters keep, in the table's order, as the server writes it. */
export function ExportCsvButton({
  query,
  count,
  disabled,
}: {
  query: Record<string, QueryValue>;
  /** The rows the filters keep, as the table's last answer said. */
  count: number | undefined;
  disabled: boolean;
}) {
  const { notify } = useNotice();
  const [running, setRunning] = useState(false);

  const run = async () => {
    setRunning(true);
    try {
      const file = await exportFindingsCsv(query);
      saveFile(file.blob, file.fileName ?? 'findings.csv', 'text/csv;charset=utf-8');
      notify(count === undefined ? 'Exported the findings as CSV.' : `Exported ${plural(count, 'finding')} as CSV.`);
    } catch (error) {
      notify({ severity: 'error', message: `The findings could not be exported: ${describeError(error)}` });
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      <Typography role="status" aria-live="polite" variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
        {running ? 'Preparing the CSV…' : null}
      </Typography>
      <Button variant="outlined" startIcon={<DownloadIcon />} loading={running} disabled={disabled} onClick={() => void run()}>
        Export CSV
      </Button>
    </>
  );
}
