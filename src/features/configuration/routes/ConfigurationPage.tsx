import EditIcon from '@mui/icons-material/EditOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  LinearProgress,
  Paper,
  Snackbar,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { can, Permission } from '../../../api/permissions';
import type { ConfigParameter } from '../../../api/schemas/config';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useSelf } from '../../auth/api/get-self';
import { useConfigList } from '../api/list-config';
import { editabilityOf } from '../config-fields';
import { ConfigValueView } from '../components/ConfigValueView';
import { EditConfigDialog } from '../components/EditConfigDialog';

/** Every configuration parameter (or the one chosen by key), its value in words, and an editor for the changeable ones. */
export default function ConfigurationPage() {
  const [params, setParams] = useSearchParams();
  const key = params.get('key')?.trim() || null;
  const all = useConfigList(null);
  const filtered = useConfigList(key);
  const self = useSelf();
  const canWrite = can(self.data, Permission.AppWriteConfig);
  const [editing, setEditing] = useState<ConfigParameter | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const setKey = (k: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (k) next.set('key', k);
      else next.delete('key');
      return next;
    });

  const options = (all.data ?? []).map((p) => p.key).sort();
  if (key && !options.includes(key)) options.unshift(key);
  const nameOf = (k: string) => all.data?.find((p) => p.key === k)?.name;
  const list = key ? filtered : all;

  return (
    <>
      <PageHeader title="Configuration" description="Application configuration parameters of this server." />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Autocomplete
          sx={{ minWidth: 320, flex: 1, maxWidth: 560 }}
          options={options}
          value={key}
          onChange={(_, v) => setKey(v)}
          getOptionLabel={(k) => (nameOf(k) ? `${nameOf(k)} (${k})` : k)}
          loading={all.isPending}
          renderInput={(p) => (
            <TextField
              {...p}
              label="Parameter"
              placeholder="All parameters"
              helperText="Choose a key to show only that parameter."
            />
          )}
        />
      </Stack>
      {!canWrite && self.data && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Your role can read the configuration but not change it (it needs the app.WriteAppConfig permission).
        </Alert>
      )}
      <Box sx={{ height: 4, mb: 1 }}>{list.isFetching && !list.isPending && <LinearProgress aria-label="Refreshing" />}</Box>
      {list.isPending ? (
        <LoadingState label="Loading the configuration…" />
      ) : list.isError && !list.data ? (
        <ErrorState error={list.error} title="Could not load the configuration" onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState
          title={key ? `No parameter has the key ${key}` : 'No configuration parameters'}
          action={key ? <Button onClick={() => setKey(null)}>Show all parameters</Button> : undefined}
        >
          {key ? 'Check the key, or show every parameter.' : 'The server reported no parameters.'}
        </EmptyState>
      ) : (
        <Stack spacing={2} component="ul" aria-label="Configuration parameters" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.data.map((p) => {
            const edit = editabilityOf(p.key);
            return (
              <Paper component="li" key={p.id} aria-labelledby={`param-${p.id}`} sx={{ p: 2 }}>
                <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography variant="h2" id={`param-${p.id}`} sx={{ fontSize: '1.1rem' }}>
                      {p.name}
                    </Typography>
                    <Chip label={p.key} size="small" variant="outlined" sx={{ fontFamily: 'monospace', my: 0.5 }} />
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                      {p.description}
                    </Typography>
                    <ConfigValueView paramKey={p.key} value={p.value} label={p.name} />
                  </Box>
                  <Box sx={{ flexShrink: 0 }}>
                    {!edit.editable ? (
                      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary', maxWidth: 260 }}>
                        <LockIcon fontSize="small" aria-hidden />
                        <Typography variant="body2">{edit.reason}</Typography>
                      </Stack>
                    ) : canWrite ? (
                      <Button
                        startIcon={<EditIcon />}
                        variant="outlined"
                        onClick={() => setEditing(p)}
                        aria-label={`Edit ${p.name}`}
                      >
                        Edit
                      </Button>
                    ) : null}
                  </Box>
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      )}
      {editing && (
        <EditConfigDialog
          key={editing.id}
          param={editing}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            setSaved(name);
          }}
        />
      )}
      <Snackbar
        open={saved !== null}
        autoHideDuration={5000}
        onClose={() => setSaved(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" onClose={() => setSaved(null)} variant="filled">
          {saved} saved.
        </Alert>
      </Snackbar>
    </>
  );
}
