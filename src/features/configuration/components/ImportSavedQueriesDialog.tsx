import ZipIcon from '@mui/icons-material/FolderZipOutlined';
import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import CloseIcon from '@mui/icons-material/CloseOutlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { describeError } from '@/api/errors';
import { FileDropZone } from '@/components/FileDropZone';
import { DialogCloseButton, GuardedDialog } from '@/components/GuardedDialog';
import { formatSize } from '@/shared/format';
import { plural } from '@/shared/words';
import { importSavedQueries, importTypeOf, useRefreshSavedQueries } from '@/api/saved-queries/saved-query-files';

type ImportState = 'waiting' | 'importing' | 'imported' | 'refused' | 'skipped';

/** A chosen file and what became of it: the server's sentence ("imported 3 queries") or its refusal. */
export interface ImportItem {
  key: number;
  file: File;
  /** The content type it is sent with; null for a file that is neither .json nor .zip (never sent). */
  contentType: string | null;
  state: ImportState;
  message: string | null;
}

const STATE_WORDS: Record<ImportState, string> = {
  waiting: 'Waiting',
  importing: 'Importing…',
  imported: 'Imported',
  refused: 'Refused',
  skipped: 'Not sent',
};

const NOT_QUERY_FILE = 'Only .json (one query) and .zip (several) files can be imported.';

let nextKey = 1;

/** Items for newly chosen files: waiting, or skipped when they are not query files. */
export function importItems(files: readonly File[]): ImportItem[] {
  return files.map((file) => {
    const contentType = importTypeOf(file);
    return {
      key: nextKey++,
      file,
      contentType,
      state: contentType ? 'waiting' : 'skipped',
      message: contentType ? null : NOT_QUERY_FILE,
    };
  });
}

function FileRow({ item, canRemove, onRemove }: { item: ImportItem; canRemove: boolean; onRemove: () => void }) {
  const { name, size } = item.file;
  const bad = item.state === 'refused' || item.state === 'skipped';
  return (
    <Box component="li" aria-label={name} sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        {item.contentType === 'application/zip' ? (
          <ZipIcon color="action" aria-hidden />
        ) : (
          <FileIcon color="action" aria-hidden />
        )}
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
            <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
            <Typography
              variant="caption"
              color={bad ? 'error' : item.state === 'imported' ? 'success.main' : 'text.secondary'}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {STATE_WORDS[item.state]} · {formatSize(size)}
            </Typography>
          </Stack>
          {item.message && (
            <Typography variant="body2" color={bad ? 'error' : 'text.primary'} sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {item.message}
            </Typography>
          )}
        </Box>
        {canRemove && (
          <IconButton aria-label={`Remove ${name}`} onClick={onRemove} size="small">
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
    </Box>
  );
}

/**
 * Importing saved queries: .json and .zip files are dropped or chosen (several at once), then sent one by
 * one; each file's outcome (the server's "imported 3 queries", or why it was refused) shows beside its name.
 * The list of saved queries reads again once files were imported. Files chosen but not sent make closing
 * ask first.
 */
export function ImportSavedQueriesDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const [items, setItems] = useState<ImportItem[]>([]);
  const [running, setRunning] = useState(false);
  const [finished, setFinished] = useState(false);
  // How many files the running import sends.
  const [runTotal, setRunTotal] = useState(0);
  const abortRef = useRef<AbortController | null>(null);
  const refresh = useRefreshSavedQueries();

  // Closing the page stops the imports still to send.
  useEffect(() => () => abortRef.current?.abort(), []);

  const patch = (key: number, change: Partial<ImportItem>) =>
    setItems((all) => all.map((i) => (i.key === key ? { ...i, ...change } : i)));
  const waiting = items.filter((i) => i.state === 'waiting');

  const add = (files: FileList | null) => {
    if (!files || files.length === 0 || running) return;
    setFinished(false);
    setItems((all) => [...all, ...importItems(Array.from(files))]);
  };

  const run = async () => {
    const controller = new AbortController();
    abortRef.current = controller;
    setRunning(true);
    setRunTotal(waiting.length);
    let imported = 0;
    for (const item of waiting) {
      if (controller.signal.aborted) break;
      patch(item.key, { state: 'importing', message: null });
      try {
        const sentence = await importSavedQueries(item.file, item.contentType!, controller.signal);
        imported++;
        patch(item.key, { state: 'imported', message: sentence });
      } catch (error) {
        patch(item.key, { state: 'refused', message: describeError(error) });
      }
    }
    abortRef.current = null;
    setRunning(false);
    setFinished(true);
    if (imported > 0) await refresh();
  };

  const current = items.find((i) => i.state === 'importing');
  const importedCount = items.filter((i) => i.state === 'imported').length;
  const refusedCount = items.filter((i) => i.state === 'refused').length;

  return (
    <GuardedDialog
      unsaved={waiting.length > 0}
      pending={running}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      scroll="paper"
    >
      <DialogTitle id={titleId}>Import saved queries</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>
          Each file is one query (.json) or several in a ZIP (.zip), as Export makes them. Imported queries are yours and private
          until you share them. A file whose queries cannot all be saved (a name you already use, say) saves none of them.
        </DialogContentText>
        <FileDropZone
          accept=".json,.zip,application/json,application/zip"
          label="Query files"
          prompt="Drop query files here, or"
          disabled={running}
          onFiles={add}
        >
          .json or .zip files, several at once.
        </FileDropZone>
        {items.length > 0 && (
          <Box component="ul" aria-label="Files to import" sx={{ m: 0, mt: 2, p: 0 }}>
            {items.map((item) => (
              <FileRow
                key={item.key}
                item={item}
                canRemove={!running && (item.state === 'waiting' || item.state === 'skipped')}
                onRemove={() => setItems((all) => all.filter((i) => i.key !== item.key))}
              />
            ))}
          </Box>
        )}
        <Box role="status" aria-live="polite" sx={{ mt: 2 }}>
          {running && current && (
            <Typography variant="body2">
              Importing {runTotal - waiting.length} of {runTotal}: {current.file.name}
            </Typography>
          )}
          {finished && !running && importedCount + refusedCount > 0 && (
            <Alert severity={refusedCount === 0 ? 'success' : importedCount === 0 ? 'error' : 'warning'}>
              {plural(importedCount, 'file')} imported{refusedCount > 0 ? `, ${refusedCount} refused` : ''}.
              {refusedCount > 0 ? ' Each refused file’s reason is beside its name; nothing of it was saved.' : ''}
            </Alert>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button disabled={items.length === 0 || running} onClick={() => setItems([])}>
          Clear list
        </Button>
        <DialogCloseButton>{finished && waiting.length === 0 ? 'Close' : 'Cancel'}</DialogCloseButton>
        <Button
          variant="contained"
          startIcon={<UploadIcon />}
          disabled={waiting.length === 0 || running}
          loading={running}
          onClick={() => void run()}
        >
          {waiting.length > 0 ? `Import ${plural(waiting.length, 'file')}` : 'Import'}
        </Button>
      </DialogActions>
    </GuardedDialog>
  );
}
