import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { DownloadedFile } from '@/api/client';
import { describeError } from '@/api/errors';
import { useNotice } from '@/components/notice';
import { saveFile } from '@/lib/save-file';

/**
 * "Export CSV": the file the server writes for a view (every row the view keeps, not just its page), saved
 * under the server's name or `fileName`; `done` is said once it is saved, a failure as an error notice.
 */
export function ExportCsvButton({
  download,
  fileName,
  done,
  disabled = false,
}: {
  download: () => Promise<DownloadedFile>;
  fileName: string;
  done: string;
  disabled?: boolean;
}) {
  const { notify } = useNotice();
  const [running, setRunning] = useState(false);

  const run = async () => {
    setRunning(true);
    try {
      const file = await download();
      saveFile(file.blob, file.fileName ?? fileName, 'text/csv;charset=utf-8');
      notify(done);
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
