import LockIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { describeError } from '@/api/errors';
import { adminOps } from '@/api/operations/admin';
import { useAccess } from '@/lib/access';
import type { FeatureFlag } from '@/api/schemas/config';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import { RestrictedNote } from '@/components/RestrictedNote';
import { DataTable, useTableState, type Column, type TableSpec, TableProvider } from '@/components/table';
import { useFeatures } from '@/features/configuration/api/list-features';
import { useToggleFeature } from '@/features/configuration/api/toggle-feature';
import { flagRisk } from '@/features/configuration/flag-risks';

const NOT_UPDATABLE = 'Managed by the server: users cannot change this flag.';

/** Every flag on one page (a server has a dozen or so), by name unless another order is picked. */
const SPEC: TableSpec = { sortable: ['name', 'key'], defaultPageSize: 50 };

/**
 * Feature flags; the user-updatable ones toggle at once (those whose change is destructive or reaches every
 * user ask first: flag-risks.ts) and roll back if the server refuses.
 */
export default function FeatureFlagsPage() {
  const features = useFeatures();
  const toggle = useToggleFeature();
  const write = useAccess(adminOps.toggleFeatureFlag);
  const canWrite = write.allowed;
  const table = useTableState(SPEC);
  // The flag whose change is being confirmed; kept while the dialog fades out.
  const [confirming, setConfirming] = useState<{ flag: FeatureFlag; open: boolean } | null>(null);
  const risk = confirming ? flagRisk(confirming.flag) : null;
  const { notify, dismiss } = useNotice();

  // One notice about the toggle: its outcome replaces whatever was said before.
  const onToggle = (flag: FeatureFlag) => {
    dismiss();
    toggle.mutate(flag, {
      onSuccess: (r) => notify(`${flag.name} is now ${r.enabled ? 'on' : 'off'}.`),
      onError: (e) => notify({ severity: 'error', message: `${flag.name} was not changed: ${describeError(e)}` }),
    });
  };

  const columns = useMemo(
    (): Column<FeatureFlag>[] => [
      {
        id: 'name',
        header: 'Name',
        sortable: true,
        rowHeader: true,
        sortValue: (f) => f.name,
        cell: (f) => (
          <>
            <Box component="span" sx={{ display: 'block', fontWeight: 500 }}>
              {f.name}
            </Box>
            {!f.user_updatable && (
              <Stack
                id={`flag-reason-${f.id}`}
                direction="row"
                component="span"
                sx={{ alignItems: 'center', gap: 0.5, color: 'text.secondary' }}
              >
                <LockIcon sx={{ fontSize: 16 }} aria-hidden />
                <Typography variant="caption">{NOT_UPDATABLE}</Typography>
              </Stack>
            )}
          </>
        ),
      },
      { id: 'key', header: 'Key', sortable: true, mono: true, hideBelow: 'lg', sortValue: (f) => f.key, cell: (f) => f.key },
      { id: 'description', header: 'Description', cell: (f) => f.description },
    ],
    [],
  );

  return (
    <TableProvider table={table}>
      <PageHeader
        title="Feature flags"
        description="Optional features of this server. Flags marked with a lock are managed by the server."
      />
      <RestrictedNote missing={write.missing} canDo="You can see the feature flags" cannot="change them" />
      <DataTable
        label="Feature flags"
        noun="feature flags"
        mode="client"
        columns={columns}
        query={features}
        rows={features.data}
        rowKey={(f) => f.id}
        empty={{ title: 'No feature flags', text: 'This server has no feature flags.' }}
        actionsHeader="Enabled"
        actions={(f) => {
          const pending = toggle.isPending && toggle.variables?.id === f.id;
          return (
            <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
              <Switch
                checked={f.enabled}
                disabled={!f.user_updatable || !canWrite || pending}
                onChange={() => (flagRisk(f) ? setConfirming({ flag: f, open: true }) : onToggle(f))}
                slotProps={{
                  input: { 'aria-label': f.name, 'aria-describedby': f.user_updatable ? undefined : `flag-reason-${f.id}` },
                }}
              />
              <Typography variant="body2" sx={{ minWidth: 24 }}>
                {f.enabled ? 'On' : 'Off'}
              </Typography>
            </Stack>
          );
        }}
      />
      <ConfirmDialog
        open={confirming?.open ?? false}
        title={risk?.title ?? ''}
        confirmLabel={risk?.confirmLabel ?? ''}
        destructive={risk?.destructive ?? false}
        onConfirm={() => {
          if (confirming) onToggle(confirming.flag);
          setConfirming((c) => c && { ...c, open: false });
        }}
        onClose={() => setConfirming((c) => c && { ...c, open: false })}
      >
        {risk?.text}
      </ConfirmDialog>
    </TableProvider>
  );
}
