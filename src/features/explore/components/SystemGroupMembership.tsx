import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AssetGroup } from '@/api/schemas/asset-groups';
import { describeError } from '@/api/errors';
import { groupMembershipQueryOptions, useUpdateAssetGroupSelectors } from '@/api/search';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useNotice } from '@/components/notice';
import { useAccess } from '@/lib/access';
import { useSystemGroups } from '@/features/explore/api/system-groups';
import { assetGroupOps } from '@/api/operations/asset-groups';

/** What people call the system groups: "Tier Zero" and "Owned" (any other by its name). */
export function systemGroupLabel(group: Pick<AssetGroup, 'tag' | 'name'>): string {
  if (group.tag === 'admin_tier_0') return 'Tier Zero';
  if (group.tag === 'owned') return 'Owned';
  return group.name;
}

function GroupRow({
  group,
  objectId,
  name,
  canChange,
}: {
  group: AssetGroup;
  objectId: string;
  name: string;
  canChange: boolean;
}) {
  const label = systemGroupLabel(group);
  const membership = useQuery(groupMembershipQueryOptions(group.id, objectId));
  const update = useUpdateAssetGroupSelectors();
  const [confirming, setConfirming] = useState(false);
  /** Its custom selector was removed here; it stays a member until the analysis the change requested has run. */
  const [removed, setRemoved] = useState(false);
  const { notify } = useNotice();
  const own = group.selectors.filter((s) => s.selector.toUpperCase() === objectId.toUpperCase());
  const custom = own.find((s) => !s.system_selector);
  const member = membership.data;
  // Members follow selector changes when analysis has run (the service computes them there).
  const joining = custom !== undefined && member === false;
  const leaving = removed && custom === undefined && member === true;

  const add = () =>
    update.mutate(
      { groupId: group.id, specs: [{ sid: objectId, selector_name: name, action: 'add' }] },
      {
        onSuccess: () => {
          setRemoved(false);
          notify(`Added ${name} to ${label}.`);
        },
      },
    );
  const remove = () =>
    update.mutate(
      { groupId: group.id, specs: [{ sid: objectId, action: 'remove' }] },
      {
        onSuccess: () => {
          setConfirming(false);
          setRemoved(true);
          notify(`Removed ${name} from ${label}.`);
        },
      },
    );

  return (
    <Box component="li" sx={{ py: 1 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flex: 1, flexWrap: 'wrap' }}>
          <Link component={RouterLink} to={`/asset-groups/${group.id}`} sx={{ fontWeight: 500 }}>
            {label}
          </Link>
          {membership.isPending ? (
            <Typography variant="body2" color="text.secondary">
              Checking…
            </Typography>
          ) : membership.isError ? (
            <Typography variant="body2" color="error">
              Could not check: {describeError(membership.error)}
            </Typography>
          ) : member ? (
            <Chip size="small" color="primary" label="Member" />
          ) : (
            <Chip size="small" variant="outlined" label="Not a member" />
          )}
          {joining || leaving ? (
            <Typography variant="body2" color="text.secondary">
              {joining ? 'joins' : 'leaves'} when the analysis the change requested has run
            </Typography>
          ) : (
            member &&
            !custom && (
              <Typography variant="body2" color="text.secondary">
                {own.length > 0 ? 'through a system selector' : 'through a group it belongs to'}
              </Typography>
            )
          )}
        </Stack>
        {canChange && membership.isSuccess && !member && !custom && (
          <Button variant="outlined" size="small" loading={update.isPending} onClick={add}>
            Add to {label}
          </Button>
        )}
        {canChange && custom && (
          <Button
            variant="outlined"
            color="error"
            size="small"
            onClick={() => {
              update.reset();
              setConfirming(true);
            }}
          >
            Remove from {label}
          </Button>
        )}
      </Stack>
      {update.isError && !confirming && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {describeError(update.error)}
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Remove from ${label}?`}
        confirmLabel={`Remove from ${label}`}
        pending={update.isPending}
        error={update.error}
        onClose={() => setConfirming(false)}
        onConfirm={remove}
      >
        The selector &ldquo;{custom?.name}&rdquo; of {group.name} is removed: {name} leaves {label}, unless it belongs to it
        another way (a group that is a member).
      </ConfirmDialog>
    </Box>
  );
}

/**
 * An entity's membership of the system groups (Tier Zero, Owned), with "Add to …" and "Remove from …" for
 * people allowed to change selectors. "Remove" takes away the custom selector naming the object; a member
 * through a system selector or a group it belongs to has no "Remove" here (the group's page shows why).
 */
export function SystemGroupMembership({ objectId, name }: { objectId: string; name: string | null }) {
  const read = useAccess(assetGroupOps.listAssetGroups);
  const change = useAccess(assetGroupOps.updateAssetGroupSelectors);
  const groups = useSystemGroups({ enabled: read.allowed });
  if (!read.allowed) return null;
  return (
    <Paper component="section" aria-labelledby="system-groups-heading" sx={{ p: 2 }}>
      <Typography variant="h2" id="system-groups-heading" gutterBottom>
        Tier Zero and Owned
      </Typography>
      {groups.isPending ? (
        <Typography color="text.secondary">Loading the system groups…</Typography>
      ) : groups.isError ? (
        <Alert severity="error">{describeError(groups.error)}</Alert>
      ) : groups.data.length === 0 ? (
        <Typography color="text.secondary">The server has no system groups.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {groups.data.map((g) => (
            <GroupRow key={g.id} group={g} objectId={objectId} name={name ?? objectId} canChange={change.allowed} />
          ))}
        </Box>
      )}
    </Paper>
  );
}
