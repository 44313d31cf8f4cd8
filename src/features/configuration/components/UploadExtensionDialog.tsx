import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { describeError, HttpError } from '@/api/errors';
import type { ExtensionInfo } from '@/api/schemas/extensions';
import { FileDropZone } from '@/components/FileDropZone';
import { DialogCloseButton, GuardedDialog } from '@/components/GuardedDialog';
import { useUpsertExtension } from '@/features/configuration/api/extensions';
import { NodeKindPreview } from '@/features/configuration/components/node-kind-dialogs';
import { fieldLines, fileText, readExtensionFile, type ExtensionFile } from '@/features/configuration/extension-file';
import { plural, pluralWord } from '@/shared/words';

function ErrorList({ title, lines }: { title: string; lines: readonly string[] }) {
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      {title}
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Box>
    </Alert>
  );
}

/** What the chosen schema defines: its name, version and namespace, its node kinds with their look, its relationship kinds. */
function SchemaPreview({ file, replaces }: { file: Extract<ExtensionFile, { ok: true }>; replaces?: ExtensionInfo }) {
  const { schema } = file;
  const meta = schema.schema;
  const sources = [...new Set(schema.environments.map((e) => e.source_kind))];
  return (
    <Box role="region" aria-label="What the schema defines" sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3">
        {meta.display_name || meta.name} {meta.version}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Name {meta.name || '(none)'} · namespace {meta.namespace || '(none)'}
        {!replaces
          ? ' · a new extension'
          : replaces.name === (meta.display_name || meta.name)
            ? ` · replaces ${replaces.name} ${replaces.version}`
            : ` · namespace of ${replaces.name}, which only that extension's schema may use`}
      </Typography>
      <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
        {plural(schema.node_kinds.length, 'node kind')}
      </Typography>
      <Box component="ul" aria-label="Node kinds" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
        {schema.node_kinds.map((k, i) => (
          <Box component="li" key={`${k.name}-${i}`} sx={{ py: 0.5, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', minWidth: 160 }}>
              {k.name}
            </Typography>
            {k.is_display_kind ? <NodeKindPreview iconName={k.icon} color={k.color} /> : <span>Not a display kind</span>}
          </Box>
        ))}
      </Box>
      <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
        {plural(schema.relationship_kinds.length, 'relationship kind')}
      </Typography>
      <Box component="ul" aria-label="Relationship kinds" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
        {schema.relationship_kinds.map((k, i) => (
          <Box component="li" key={`${k.name}-${i}`} sx={{ py: 0.5, display: 'flex', gap: 2 }}>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', minWidth: 160 }}>
              {k.name}
            </Typography>
            <span>{k.is_traversable ? 'Traversable' : 'Not traversable'}</span>
          </Box>
        ))}
      </Box>
      {sources.length > 0 && (
        <Typography variant="body2" sx={{ mt: 2 }}>
          Source {pluralWord(sources.length, 'kind')}: {sources.join(', ')}
        </Typography>
      )}
    </Box>
  );
}

/**
 * Uploading an extension schema: a .json file is chosen or dropped, read and previewed (what it names and
 * defines) before anything is sent; Upload sends it. The service's refusals are listed, each with the
 * field it names, and the dialog stays open with the file.
 */
export function UploadExtensionDialog({
  extensions,
  onClose,
  onUploaded,
}: {
  extensions: readonly ExtensionInfo[];
  onClose: () => void;
  onUploaded: (name: string) => void;
}) {
  const titleId = useId();
  const [chosen, setChosen] = useState<{ name: string; file: ExtensionFile } | null>(null);
  const upsert = useUpsertExtension();

  const choose = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    upsert.reset();
    let read: ExtensionFile;
    try {
      read = readExtensionFile(await fileText(file));
    } catch (e) {
      read = { ok: false, errors: [{ field: 'file', message: describeError(e) }] };
    }
    setChosen({ name: file.name, file: read });
  };

  const ready = chosen?.file.ok ? chosen.file : null;
  const replaces = ready ? extensions.find((e) => e.namespace === ready.schema.schema.namespace && !e.is_builtin) : undefined;
  const serverError = upsert.error;
  const serverLines =
    serverError instanceof HttpError && serverError.body?.errors.length
      ? fieldLines(serverError.body.errors)
      : serverError
        ? [describeError(serverError)]
        : [];

  const send = () => {
    if (!ready) return;
    upsert.mutate(ready.body, {
      onSuccess: () => onUploaded(ready.schema.schema.display_name || ready.schema.schema.name),
    });
  };

  return (
    <GuardedDialog
      unsaved={chosen !== null}
      pending={upsert.isPending}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      scroll="paper"
    >
      <DialogTitle id={titleId}>Upload extension schema</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>
          An extension schema (.json) defines a namespace, node kinds with their icon and colour, and relationship kinds. A schema
          with the name of an uploaded extension replaces it.
        </DialogContentText>
        <FileDropZone
          accept=".json,application/json"
          label="Extension schema file"
          prompt="Drop a schema file here, or"
          disabled={upsert.isPending}
          onFiles={(files) => void choose(files)}
        >
          One .json file.
        </FileDropZone>
        {chosen && (
          <Typography variant="body2" sx={{ mt: 2 }}>
            File: {chosen.name}
          </Typography>
        )}
        {chosen && !chosen.file.ok && (
          <ErrorList title="This file cannot be uploaded:" lines={chosen.file.errors.map((e) => `${e.field}: ${e.message}`)} />
        )}
        {/* The refusal comes before the preview, where it is seen without scrolling. */}
        <Box role="status" aria-live="polite">
          {serverLines.length > 0 && <ErrorList title="The server refused the schema:" lines={serverLines} />}
        </Box>
        {ready && <SchemaPreview file={ready} replaces={replaces} />}
      </DialogContent>
      <DialogActions>
        <DialogCloseButton />
        <Button variant="contained" startIcon={<UploadIcon />} disabled={!ready} loading={upsert.isPending} onClick={send}>
          Upload
        </Button>
      </DialogActions>
    </GuardedDialog>
  );
}
