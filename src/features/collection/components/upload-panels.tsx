import ZipIcon from '@mui/icons-material/FolderZipOutlined';
import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import CloseIcon from '@mui/icons-material/CloseOutlined';
import UploadIcon from '@mui/icons-material/CloudUploadOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { describeError } from '@/api/errors';
import { queryKeys } from '@/api/query-keys';
import { useSelf } from '@/api/self';
import { isJobFinished } from '@/api/schemas/collection';
import { mayCall } from '@/api/operation';
import { fileUploadOps } from '@/api/operations/file-upload';
import type { FileUploadJob } from '@/api/schemas/file-upload';
import { ErrorState, LoadingState } from '@/components/states';
import { Breakable, DataTable, useTableState, type Column, type TableSpec, TableProvider } from '@/components/table';
import { DateTime } from '@/components/time';
import { FileDropZone } from '@/components/FileDropZone';
import { endFileUpload } from '@/features/collection/api/end-file-upload';
import { useAcceptedTypes } from '@/features/collection/api/get-accepted-types';
import { useFileUploads } from '@/features/collection/api/list-file-uploads';
import { useUploadTasks } from '@/features/collection/api/list-upload-tasks';
import { startFileUpload } from '@/features/collection/api/start-file-upload';
import { uploadFile } from '@/features/collection/api/upload-file';
import {
  acceptAttribute,
  acceptedKinds,
  ingestFiles,
  uploadOutcome,
  type IngestItem,
  type IngestResult,
} from '@/features/collection/ingest';
import { jobObjectsQuery } from '@/api/upload-objects';
import { describeIngested } from '@/features/collection/ingest-outcome';
import { EMPTY_UPLOAD, uploadReducer, type UploadState } from '@/features/collection/upload-list';
import { formatSize } from '@/shared/format';
import { plural } from '@/shared/words';
import { StatusChip } from './StatusChip';

const STATE_WORDS: Record<IngestItem['state'], string> = {
  waiting: 'Waiting',
  uploading: 'Uploading',
  uploaded: 'Uploaded',
  refused: 'Refused',
  skipped: 'Not sent',
};

function FileRow({ item, canRemove, onRemove }: { item: IngestItem; canRemove: boolean; onRemove: () => void }) {
  const percent = Math.round(item.progress * 100);
  const bad = item.state === 'refused' || item.state === 'skipped';
  return (
    <Box component="li" aria-label={item.name} sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        {item.name.toLowerCase().endsWith('.zip') ? (
          <ZipIcon color="action" aria-hidden />
        ) : (
          <FileIcon color="action" aria-hidden />
        )}
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
            <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {item.name}
            </Typography>
            <Typography variant="caption" color={bad ? 'error' : 'text.secondary'} sx={{ whiteSpace: 'nowrap' }}>
              {STATE_WORDS[item.state]}
              {item.state === 'uploading' ? ` ${percent}%` : ''} · {formatSize(item.size)}
            </Typography>
          </Stack>
          {/* A bar only while a file goes and once it has gone: a waiting file has no progress to show yet. */}
          {(item.state === 'uploading' || item.state === 'uploaded') && (
            <LinearProgress
              variant="determinate"
              value={item.state === 'uploaded' ? 100 : percent}
              color={item.state === 'uploaded' ? 'success' : 'primary'}
              aria-label={`Upload progress of ${item.name}`}
              sx={{ mt: 0.75, height: 6, borderRadius: 3 }}
            />
          )}
          {item.message && (
            <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
              {item.message}
            </Typography>
          )}
        </Box>
        {canRemove && (
          <IconButton aria-label={`Remove ${item.name}`} onClick={onRemove} size="small">
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
    </Box>
  );
}

/** The run's progress, then its outcome (announced politely). */
function UploadStatus({ state }: { state: UploadState }) {
  const current = state.items.find((i) => i.state === 'uploading');
  const done = state.items.filter((i) => i.state === 'uploaded' || i.state === 'refused').length;
  const toSend = state.items.filter((i) => i.contentType !== null).length;
  return (
    <Box role="status" aria-live="polite" sx={{ mt: 2 }}>
      {state.running && (
        <Typography variant="body2">
          {current ? `Uploading ${Math.min(done + 1, toSend)} of ${toSend}: ${current.name}` : 'Starting the upload…'}
        </Typography>
      )}
      {state.result && <UploadOutcome result={state.result} />}
      {state.error && <Alert severity="error">{state.error}</Alert>}
    </Box>
  );
}

/** The run's outcome, following its job (read again while it ingests and analyzes) until the job ends. */
function UploadOutcome({ result }: { result: IngestResult }) {
  const job = useFileUploads({ id: `eq:${result.jobId}` }, { enabled: !result.endError });
  const read = job.data?.data.find((j) => j.id === result.jobId);
  const { severity, text } = uploadOutcome(result, job.isError && !read ? null : read);
  return (
    <Alert severity={severity}>
      <AlertTitle>Upload job {result.jobId}</AlertTitle>
      {text}
    </Alert>
  );
}

/** Uploading collector files: the drop zone, the chosen files with their progress, and the run's outcome. */
export function UploadPanel() {
  const accepted = useAcceptedTypes();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(uploadReducer, EMPTY_UPLOAD);
  const abortRef = useRef<AbortController | null>(null);

  // Leaving the page stops the uploads still running.
  useEffect(() => () => abortRef.current?.abort(), []);

  if (accepted.isPending) return <LoadingState label="Loading the accepted file types…" />;
  if (accepted.isError)
    return (
      <ErrorState error={accepted.error} title="Could not load the accepted file types" onRetry={() => void accepted.refetch()} />
    );
  const types = accepted.data;

  const add = (files: FileList | File[] | null) => {
    if (!files || files.length === 0 || state.running) return;
    dispatch({ type: 'add', files: Array.from(files), accepted: types });
  };

  const waiting = state.items.filter((i) => i.state === 'waiting').length;

  const run = async () => {
    const controller = new AbortController();
    abortRef.current = controller;
    dispatch({ type: 'started' });
    try {
      const result = await ingestFiles(state.items, {
        start: startFileUpload,
        upload: uploadFile,
        end: endFileUpload,
        onItem: (key, patch) => dispatch({ type: 'item', key, patch }),
        signal: controller.signal,
      });
      dispatch({ type: 'finished', result });
    } catch (error) {
      dispatch({ type: 'failed', error: `The upload could not start: ${describeError(error)}` });
    } finally {
      abortRef.current = null;
      void queryClient.invalidateQueries({ queryKey: queryKeys.fileUploads.all(), predicate: (q) => q.queryKey[1] === 'list' });
    }
  };

  return (
    <Paper component="section" aria-labelledby="upload-title" sx={{ p: 2, mb: 4 }}>
      <Typography id="upload-title" variant="h2" gutterBottom>
        Upload files
      </Typography>
      <FileDropZone
        accept={acceptAttribute(types)}
        label="Collector files"
        prompt="Drop collector files here, or"
        disabled={state.running}
        onFiles={add}
      >
        {acceptedKinds(types)}
      </FileDropZone>

      {state.items.length > 0 && (
        <Box component="ul" aria-label="Files to upload" sx={{ m: 0, mt: 2, p: 0 }}>
          {state.items.map((item) => (
            <FileRow
              key={item.key}
              item={item}
              canRemove={!state.running && !state.result}
              onRemove={() => dispatch({ type: 'remove', key: item.key })}
            />
          ))}
        </Box>
      )}

      <UploadStatus state={state} />

      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button
          variant="contained"
          startIcon={<UploadIcon />}
          disabled={waiting === 0 || state.running}
          loading={state.running}
          onClick={() => void run()}
        >
          {waiting > 0 ? `Upload ${plural(waiting, 'file')}` : 'Upload'}
        </Button>
        <Button disabled={state.items.length === 0 || state.running} onClick={() => dispatch({ type: 'clear' })}>
          Clear list
        </Button>
      </Stack>
    </Paper>
  );
}

/** The history's URL state: newest first, ten a page (old `sort`/`size` links still open the same view). */
const HISTORY_SPEC: TableSpec = {
  sortable: ['id', 'user_email_address', 'start_time', 'end_time', 'status'],
  defaultSort: [{ column: 'id', descending: true }],
  defaultPageSize: 10,
};

const HISTORY_COLUMNS: Column<FileUploadJob>[] = [
  { id: 'id', header: 'Job', sortable: true, rowHeader: true, nowrap: true, cell: (j) => j.id },
  {
    id: 'user_email_address',
    header: 'Uploaded by',
    sortable: true,
    cell: (j) => <Breakable text={j.user_email_address || j.user_id} />,
  },
  { id: 'start_time', header: 'Started', sortable: true, nowrap: true, cell: (j) => <DateTime value={j.start_time} /> },
  {
    id: 'end_time',
    header: 'Ended',
    sortable: true,
    nowrap: true,
    hideBelow: 'lg',
    cell: (j) => <DateTime value={j.end_time} fallback="Open" />,
  },
  {
    id: 'status',
    header: 'Status',
    sortable: true,
    cell: (j) => (
      <>
        <StatusChip status={j.status} />
        {j.status_message && (
          <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
            {j.status_message}
          </Typography>
        )}
      </>
    ),
  },
  {
    id: 'total_files',
    header: 'Files',
    align: 'right',
    nowrap: true,
    // How many were sent, and how many of them failed (one column: the history fits a 1024 px screen).
    cell: (j) => (
      <>
        {j.total_files}
        {j.failed_files > 0 && (
          <Typography variant="caption" component="p" color="error">
            {j.failed_files} failed
          </Typography>
        )}
      </>
    ),
  },
];

/** What each file of an upload produced: ingested whole, or what went wrong in it. */
function UploadTasks({ job }: { job: FileUploadJob }) {
  const tasks = useUploadTasks(job.id, isJobFinished(job.status));
  if (tasks.isPending) return <LoadingState label={`Loading the files of upload job ${job.id}…`} />;
  if (tasks.isError) {
    return (
      <ErrorState
        error={tasks.error}
        title={`Could not load the files of upload job ${job.id}`}
        onRetry={() => void tasks.refetch()}
      />
    );
  }
  if (tasks.data.length === 0) {
    return (
      <Typography color="text.secondary">
        {isJobFinished(job.status) ? 'No file of this upload was ingested.' : 'No file of this upload has been ingested yet.'}
      </Typography>
    );
  }
  const objectsQuery = isJobFinished(job.status) ? jobObjectsQuery(job) : null;
  return (
    <>
      <Box component="ul" aria-label={`Files of upload job ${job.id}`} sx={{ m: 0, pl: 0, listStyle: 'none' }}>
        {tasks.data.map((t) => {
          const errors = t.errors ?? [];
          const outcome = errors.length === 0 && t.ingested ? describeIngested(t.ingested) : null;
          return (
            <Box component="li" key={t.id} sx={{ py: 0.5 }}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Breakable text={t.file_name} />
                <Chip size="small" color={errors.length ? 'error' : 'success'} label={errors.length ? 'Failed' : 'Ingested'} />
                {t.parent_file_name && (
                  <Typography variant="body2" color="text.secondary">
                    from {t.parent_file_name}
                  </Typography>
                )}
              </Stack>
              {outcome && (
                <Typography variant="body2" color="text.secondary">
                  Brought {outcome.brought}.{outcome.notes.map((n) => ` ${n}`).join('')}
                </Typography>
              )}
              {errors.map((e) => (
                <Typography key={e} variant="body2" color="error">
                  {e}
                </Typography>
              ))}
            </Box>
          );
        })}
      </Box>
      {objectsQuery && tasks.data.some((t) => (t.errors ?? []).length === 0) && (
        <Button component={RouterLink} to={`/cypher?q=${encodeURIComponent(objectsQuery)}`} size="small" sx={{ mt: 1 }}>
          Show this upload's objects in Cypher
        </Button>
      )}
    </>
  );
}

/** Every upload job, by anyone, with its outcome (the table's URL state is the page's); uploaders open each job's files. */
export function UploadHistory() {
  const table = useTableState(HISTORY_SPEC);
  const jobs = useFileUploads(table.query);
  const mayReadTasks = mayCall(useSelf().data, fileUploadOps.getCompletedTasks);
  const details = useMemo(
    () =>
      mayReadTasks
        ? { render: (j: FileUploadJob) => <UploadTasks job={j} />, label: (j: FileUploadJob) => `Files of upload job ${j.id}` }
        : undefined,
    [mayReadTasks],
  );
  return (
    <Box component="section" aria-labelledby="history-title">
      <Typography id="history-title" variant="h2" sx={{ mb: 1 }}>
        Upload history
      </Typography>
      <TableProvider table={table}>
        <DataTable
          label="Upload history"
          noun="upload jobs"
          mode="server"
          columns={HISTORY_COLUMNS}
          query={jobs}
          page={jobs.data ? { rows: jobs.data.data, count: jobs.data.count } : undefined}
          rowKey={(j) => j.id}
          rowLabel={(j) => `Upload job ${j.id}`}
          details={details}
          quietRefresh
          errorTitle="Could not load the upload history"
          loadingLabel="Loading the upload history…"
          empty={{ title: 'No uploads yet', text: 'Files uploaded here, by anyone, are listed with their outcome.' }}
        />
      </TableProvider>
    </Box>
  );
}
