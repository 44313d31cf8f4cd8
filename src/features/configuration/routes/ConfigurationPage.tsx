import EditIcon from '@mui/icons-material/EditOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { adminOps } from '@/api/operations/admin';
import { useAccess } from '@/lib/access';
import type { ConfigParameter } from '@/api/schemas/config';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import { RestrictedNote } from '@/components/RestrictedNote';
import {
  Breakable,
  DataTable,
  FilterBar,
  useTableState,
  type Column,
  type RowMatchers,
  type TableSpec,
  TableProvider,
} from '@/components/table';
import { useConfigList } from '@/api/config-parameters';
import { editabilityOf } from '@/features/configuration/config-form';
import { ConfigValueView } from '@/features/configuration/components/ConfigValueView';
import { EditConfigDialog } from '@/features/configuration/components/EditConfigDialog';

/**
 * Every parameter on one page, by name unless another order is picked; `key=eq:<key>` shows one parameter
 * (an old `?key=<key>` link too).
 */
const SPEC: TableSpec = { sortable: ['name'], filters: { key: { predicates: ['eq'] } }, defaultPageSize: 50 };
const MATCHERS: RowMatchers<ConfigParameter> = { key: (p, f) => p.key === f.value };

/** Every configuration parameter (or the one chosen by key), its value in words, and an editor for the changeable ones. */
export default function ConfigurationPage() {
  const table = useTableState(SPEC);
  const key = table.state.filters.key?.value ?? null;
  const all = useConfigList(null);
  const write = useAccess(adminOps.setAppConfigParam);
  const canWrite = write.allowed;
  const [editing, setEditing] = useState<ConfigParameter | null>(null);
  const { notify } = useNotice();

  const setKey = (k: string | null) => table.setFilter('key', k ? { predicate: 'eq', value: k } : null);

  const options = (all.data ?? []).map((p) => p.key).sort();
  if (key && !options.includes(key)) options.unshift(key);
  const nameOf = (k: string) => all.data?.find((p) => p.key === k)?.name;

  const columns = useMemo(
    (): Column<ConfigParameter>[] => [
      {
        id: 'name',
        header: 'Parameter',
        sortable: true,
        rowHeader: true,
        sortValue: (p) => p.name,
        cell: (p) => {
          const edit = editabilityOf(p.key);
          // Kept to a readable measure, so the value beside it has room.
          return (
            <Box component="span" sx={{ display: 'block', maxWidth: 560 }}>
              <Box component="span" sx={{ display: 'block', fontWeight: 500 }}>
                {p.name}
              </Box>
              <Box
                component="code"
                sx={{ display: 'block', fontSize: '0.8rem', color: 'text.secondary', overflowWrap: 'anywhere' }}
              >
                <Breakable text={p.key} />
              </Box>
              <Typography variant="body2" component="span" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                {p.description}
              </Typography>
              {!edit.editable && (
                <Stack
                  direction="row"
                  component="span"
                  spacing={0.5}
                  sx={{ alignItems: 'center', color: 'text.secondary', mt: 0.5 }}
                >
                  <LockIcon sx={{ fontSize: 16 }} aria-hidden />
                  <Typography variant="caption">{edit.reason}</Typography>
                </Stack>
              )}
            </Box>
          );
        },
      },
      { id: 'value', header: 'Value', cell: (p) => <ConfigValueView paramKey={p.key} value={p.value} label={p.name} /> },
    ],
    [],
  );

  return (
    <TableProvider table={table}>
      <PageHeader title="Configuration" description="Application configuration parameters of this server." />
      <RestrictedNote missing={write.missing} canDo="You can read the configuration" cannot="change it" />
      <FilterBar>
        <Autocomplete
          sx={{ width: { xs: '100%', sm: 480 } }}
          options={options}
          value={key}
          onChange={(_, v) => setKey(v)}
          getOptionLabel={(k) => (nameOf(k) ? `${nameOf(k)} (${k})` : k)}
          loading={all.isPending}
          renderInput={(p) => (
            <TextField
              {...p}
              size="small"
              label="Parameter"
              placeholder="All parameters"
              helperText="Choose a key to show only that parameter."
            />
          )}
        />
      </FilterBar>
      <DataTable
        label="Configuration parameters"
        noun="configuration parameters"
        mode="client"
        columns={columns}
        query={all}
        rows={all.data}
        matchers={MATCHERS}
        rowKey={(p) => p.id}
        empty={{ title: 'No configuration parameters', text: 'The server reported no parameters.' }}
        filteredEmptyText="No parameter has this key. Check the key, or clear the filter to show every parameter."
        errorTitle="Could not load the configuration"
        loadingLabel="Loading the configuration…"
        actionsHeader="Edit"
        actions={
          canWrite
            ? (p) =>
                editabilityOf(p.key).editable ? (
                  <Button
                    startIcon={<EditIcon />}
                    variant="outlined"
                    size="small"
                    onClick={() => setEditing(p)}
                    aria-label={`Edit ${p.name}`}
                  >
                    Edit
                  </Button>
                ) : null
            : undefined
        }
      />
      {editing && (
        <EditConfigDialog
          key={editing.id}
          param={editing}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            notify(`${name} saved.`);
          }}
        />
      )}
    </TableProvider>
  );
}
