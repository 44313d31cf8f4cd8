import { formatCount } from '@/shared/count';
import { plural } from '@/shared/words';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { describeError } from '@/api/errors';
import { useNotice } from '@/components/notice';
import { saveFile } from '@/lib/save-file';
import { buildCsv, CSV_MAX_ROWS, csvFileName } from '@/features/audit/csv';
import { collectLogs } from '@/features/audit/download';
import type { auditApiQuery, DateRange } from '@/features/audit/filters';

/** "Download CSV": every entry of the view (up to the cap), paged through the API with its filters and sort. */
export function DownloadButton({
  query,
  range,
  disabled,
}: {
  query: ReturnType<typeof auditApiQuery>;
  range: DateRange;
  disabled: boolean;
}) {
  const { notify } = useNotice();
  const [progress, setProgress] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setProgress('Preparing the CSV…');
    try {
      const { skip: _skip, limit: _limit, ...view } = query;
      const { logs, total } = await collectLogs(view, {
        signal: controller.signal,
        onProgress: (done, of) =>
          setProgress(`Preparing the CSV: ${formatCount(done)}${of !== null ? ` of ${formatCount(of)}` : ''} entries…`),
      });
      saveFile(buildCsv(logs), csvFileName(range), 'text/csv;charset=utf-8');
      if (total === null || total > logs.length)
        notify({
          severity: 'info',
          message: `The CSV holds the first ${formatCount(logs.length)} of ${total === null ? `more than ${formatCount(CSV_MAX_ROWS)}` : formatCount(total)} matching entries (at most ${formatCount(CSV_MAX_ROWS)}). Narrow the filters or the date range to download the rest.`,
        });
      else notify(`Downloaded ${plural(logs.length, 'audit entry', 'audit entries')} as CSV.`);
    } catch (error) {
      if (!controller.signal.aborted)
        notify({ severity: 'error', message: `The CSV could not be prepared: ${describeError(error)}` });
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        loading={progress !== null}
        disabled={disabled}
        onClick={() => void run()}
      >
        Download CSV
      </Button>
      <Typography role="status" aria-live="polite" variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
        {progress}
      </Typography>
    </>
  );
}
