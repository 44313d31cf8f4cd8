import { formatCount } from '@/shared/format';
import AddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { memo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { isHttpStatus } from '@/api/errors';
import { useAccess } from '@/lib/access';
import type { AssetGroup } from '@/api/schemas/asset-groups';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import { RestrictedNote } from '@/components/RestrictedNote';
import { ErrorState, LoadingState } from '@/components/states';
import { DateTime } from '@/components/Time';
import { useSelf } from '@/api/self';
import { useCustomMemberCount } from '@/features/asset-groups/api/asset-group-selectors';
import { useAssetGroup } from '@/features/asset-groups/api/get-asset-group';
import { AddMembersDialog } from '@/features/asset-groups/components/AddMembersDialog';
import { DeleteAssetGroupDialog, RenameAssetGroupDialog } from '@/features/asset-groups/components/AssetGroupDialogs';
import { MemberTable } from '@/features/asset-groups/components/MemberTable';
import { SelectorsTable } from '@/features/asset-groups/components/SelectorsTable';
import { plural } from '@/shared/words';

const CRUMB = { label: 'Asset groups', to: '/asset-groups' };

/** A fact of the summary; `wide` ones (dates) take a whole line on phones. */
function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <Grid size={{ xs: wide ? 12 : 6, sm: 6, md: 4, lg: 3 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Grid>
  );
}

/** Name, tag, system flag, counts and times (does not re-render when the member table's URL changes). */
const Summary = memo(function Summary({ group }: { group: AssetGroup }) {
  return (
    <Paper component="section" aria-label="Summary" sx={{ p: 2, mb: 3 }}>
      <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
        <Fact label="Name">{group.name}</Fact>
        <Fact label="Tag">
          <Box component="code">{group.tag}</Box>
        </Fact>
        <Fact label="System group">
          {group.system_group ? <Chip size="small" color="primary" variant="outlined" label="System" /> : 'No'}
        </Fact>
        <Fact label="Member count">{formatCount(group.member_count)}</Fact>
        <Fact label="Custom members">
          <CustomMemberCount id={group.id} />
        </Fact>
        <Fact label="Selectors">{group.selectors.length}</Fact>
        <Fact label="Created" wide>
          <DateTime value={group.created_at} />
        </Fact>
        <Fact label="Updated" wide>
          <DateTime value={group.updated_at} />
        </Fact>
        <Fact label="ID">{group.id}</Fact>
      </Grid>
    </Paper>
  );
});

/** How many members custom selectors bring in (its own request: the group's answer does not say). */
function CustomMemberCount({ id }: { id: number }) {
  const count = useCustomMemberCount(id);
  if (count.isPending)
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        …
      </Box>
    );
  if (count.isError)
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        Not known
      </Box>
    );
  return <>{formatCount(count.data)}</>;
}

function Details({ group }: { group: AssetGroup }) {
  const self = useSelf();
  const write = useAccess('PUT', '/api/v2/asset-groups/{asset_group_id}');
  const canWrite = write.allowed;
  const selectorsAccess = useAccess('PUT', '/api/v2/asset-groups/{asset_group_id}/selectors');
  const canChangeMembers = selectorsAccess.allowed;
  const [dialog, setDialog] = useState<'rename' | 'delete' | 'add-members' | null>(null);
  const navigate = useNavigate();
  const { notify } = useNotice();
  const editable = canWrite && !group.system_group;
  return (
    <>
      <PageHeader
        crumbs={[CRUMB, { label: group.name }]}
        title={group.name}
        actions={
          editable || canChangeMembers ? (
            <>
              {canChangeMembers && (
                <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog('add-members')}>
                  Add members
                </Button>
              )}
              {editable && (
                <>
                  <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setDialog('rename')}>
                    Rename
                  </Button>
                  <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => setDialog('delete')}>
                    Delete
                  </Button>
                </>
              )}
            </>
          ) : undefined
        }
      />
      {group.system_group && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {group.name} is a system group, defined by the service: it cannot be renamed or deleted.
          {canChangeMembers ? ' Its system selectors cannot be removed; add or remove custom ones.' : ''}
        </Alert>
      )}
      {self.data && group.system_group && !canChangeMembers ? (
        <RestrictedNote
          missing={selectorsAccess.missing}
          canDo="You can look at this group and its members"
          cannot="add or remove members"
        />
      ) : self.data && !group.system_group && !canWrite ? (
        // Renaming, deleting and changing members need the same permission (graphdb.Write).
        <RestrictedNote missing={write.missing} canDo="You can look at this group and its members" cannot="rename or delete it" />
      ) : null}
      <Summary group={group} />
      <SelectorsTable group={group} canRemove={canChangeMembers} />
      <MemberTable groupId={group.id} groupName={group.name} memberCount={group.member_count} />
      {dialog === 'rename' && (
        <RenameAssetGroupDialog
          group={group}
          onClose={() => setDialog(null)}
          onRenamed={(renamed) => {
            setDialog(null);
            notify(`Renamed to "${renamed.name}".`);
          }}
        />
      )}
      {dialog === 'add-members' && (
        <AddMembersDialog
          group={group}
          onClose={() => setDialog(null)}
          onAdded={(added) => {
            setDialog(null);
            notify(`Added ${plural(added, 'member')} to ${group.name}.`);
          }}
        />
      )}
      {dialog === 'delete' && (
        <DeleteAssetGroupDialog
          group={group}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            notify(`Asset group "${group.name}" was deleted.`);
            navigate('/asset-groups');
          }}
        />
      )}
    </>
  );
}

function NotFound({ id }: { id: string }) {
  return (
    <>
      <PageHeader crumbs={[CRUMB, { label: 'Not found' }]} title="Asset group not found" />
      <Alert severity="warning">
        <AlertTitle>There is no asset group {id}</AlertTitle>
        It may have been deleted.{' '}
        <Link component={RouterLink} to="/asset-groups">
          Back to the asset groups
        </Link>
      </Alert>
    </>
  );
}

function GroupPage({ id, raw }: { id: number; raw: string }) {
  const group = useAssetGroup(id);
  if (group.isPending) return <LoadingState label="Loading the asset group…" />;
  if (group.isError) {
    if (isHttpStatus(group.error, 404)) return <NotFound id={raw} />;
    return (
      <>
        <PageHeader crumbs={[CRUMB, { label: `Group ${raw}` }]} title="Asset group" />
        <ErrorState error={group.error} title="Could not load the asset group" onRetry={() => void group.refetch()} />
      </>
    );
  }
  return <Details group={group.data} />;
}

export default function AssetGroupPage() {
  const raw = useParams().assetGroupId ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  if (id === null) return <NotFound id={raw} />;
  return <GroupPage key={id} id={id} raw={raw} />;
}
