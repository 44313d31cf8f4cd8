import { plural } from '@/shared/words';
import AddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAccess } from '@/lib/access';
import { numericId, useRouteId } from '@/lib/route-id';
import type { AssetGroup } from '@/api/schemas/asset-groups';
import { DetailFrame } from '@/components/DetailFrame';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import { RestrictedNote } from '@/components/RestrictedNote';
import { useSelf } from '@/api/self';
import { useAssetGroup } from '@/features/asset-groups/api/get-asset-group';
import { AddMembersDialog } from '@/features/asset-groups/components/AddMembersDialog';
import { DeleteAssetGroupDialog, RenameAssetGroupDialog } from '@/features/asset-groups/components/asset-group-dialogs';
import { AssetGroupSummary } from '@/features/asset-groups/components/AssetGroupSummary';
import { MemberTable } from '@/features/asset-groups/components/MemberTable';
import { SelectorsTable } from '@/features/asset-groups/components/SelectorsTable';
import { assetGroupOps } from '@/api/operations/asset-groups';

const CRUMB = { label: 'Asset groups', to: '/asset-groups' };

export default function AssetGroupPage() {
  const id = useRouteId('assetGroupId', numericId);
  const group = useAssetGroup(id.ok ? id.id : 0, { enabled: id.ok });
  return (
    <DetailFrame list={CRUMB} noun="asset group" title="Asset group" id={id} query={group}>
      {(g) => <Details key={g.id} group={g} />}
    </DetailFrame>
  );
}

function Details({ group }: { group: AssetGroup }) {
  const self = useSelf();
  const write = useAccess(assetGroupOps.updateAssetGroup);
  const canWrite = write.allowed;
  const selectorsAccess = useAccess(assetGroupOps.updateAssetGroupSelectors);
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
      <AssetGroupSummary group={group} />
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
