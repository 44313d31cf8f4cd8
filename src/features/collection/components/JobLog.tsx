import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import type { TaskView } from '@/api/schemas/collection';
import { CopyButton } from '@/components/CopyButton';
import { LoadingState } from '@/components/LoadingState';
import { ErrorState } from '@/components/states';
import { saveFile } from '@/lib/save-file';
import { useJobLog } from '@/features/collection/api/get-job-log';
import type { JobProgress } from '@/features/collection/job-progress';
import { isJobFinished } from '@/features/collection/status';

/**
 * What the job's run wrote (GET /api/v2/jobs/{job_id}/log): monospace, in a scrolling box that follows
 * the end while the job runs (unless the reader scrolled up), refreshed as often as the job until it
 * ends (`progress`); copied or downloaded as text.
 */
export function JobLog({ job, progress }: { job: TaskView; progress: JobProgress }) {
  const running = !isJobFinished(job.status);
  const every = progress.refreshMs === false ? null : `${progress.refreshMs / 1000} seconds`;
  const log = useJobLog(job.id, { refreshMs: progress.refreshMs });
  const box = useRef<HTMLPreElement>(null);
  const atEnd = useRef(true);
  const text = log.data ?? '';

  // A change of status writes lines (started, ended, canceled): the log is read again at once, also
  // when the job has just ended and the log stops refreshing.
  const { refetch } = log;
  const seenStatus = useRef(job.status);
  useEffect(() => {
    if (seenStatus.current === job.status) return;
    seenStatus.current = job.status;
    void refetch();
  }, [job.status, refetch]);

  useEffect(() => {
    const el = box.current;
    if (el && atEnd.current) el.scrollTop = el.scrollHeight;
  }, [text]);

  return (
    <Paper component="section" aria-labelledby="job-log" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id="job-log" variant="h2" sx={{ flexGrow: 1 }}>
          Log
        </Typography>
        {text && (
          <>
            <CopyButton value={text} label="Copy the log" />
            <Button
              size="small"
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={() => saveFile(`${text}\n`, `job-${job.id}.log`, 'text/plain;charset=utf-8')}
            >
              Download
            </Button>
          </>
        )}
      </Stack>
      {log.isPending ? (
        <LoadingState label="Loading the log…" />
      ) : log.isError && !log.data ? (
        <ErrorState error={log.error} title="Could not load the log" onRetry={() => void log.refetch()} />
      ) : text === '' ? (
        <Typography color="text.secondary">
          No log yet.
          {running ? ` The client writes it as the job runs${every ? `; it refreshes every ${every}` : ''}.` : ''}
        </Typography>
      ) : (
        <>
          {log.isError && <ErrorState error={log.error} title="Could not refresh the log" onRetry={() => void log.refetch()} />}
          <Box
            component="pre"
            ref={box}
            // Scrollable content must be reachable with the keyboard.
            tabIndex={0}
            aria-label={`Log of job ${job.id}`}
            onScroll={(e) => {
              const el = e.currentTarget;
              atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
            }}
            sx={{
              m: 0,
              p: 1.5,
              maxHeight: 360,
              overflow: 'auto',
              fontFamily: 'monospace',
              fontSize: '0.8rem',
              lineHeight: 1.6,
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              bgcolor: 'action.hover',
              borderRadius: 1,
            }}
          >
            {text}
          </Box>
          {running && every && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              Refreshes every {every} until the job ends.
            </Typography>
          )}
        </>
      )}
    </Paper>
  );
}
