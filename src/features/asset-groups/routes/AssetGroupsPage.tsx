import { formatCount } from '@/shared/count';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAccess } from '@/lib/access';
import type { AssetGroup } from '@/api/schemas/asset-groups';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import { RestrictedNote } from '@/components/RestrictedNote';
import { CellTag, DataTable, sortableIds, useTableState, type Column, type TableSpec, TableProvider } from '@/components/table';
import { useAssetGroups } from '@/features/asset-groups/api/list-asset-groups';
import { CreateAssetGroupDialog } from '@/features/asset-groups/components/asset-group-dialogs';
import { assetGroupOps } from '@/api/operations/asset-groups';

/** Name, tag, whether the service defined it, and how many objects carry its tag. */
const COLUMNS: Column<AssetGroup>[] = [
  { id: 'name', header: 'Name', sortable: true, rowHeader: true, sortValue: (g) => g.name, cell: (g) => g.name },
  { id: 'tag', header: 'Tag', sortable: true, mono: true, sortValue: (g) => g.tag, cell: (g) => g.tag },
  {
    id: 'system_group',
    header: 'System group',
    nowrap: true,
    cell: (g) => (g.system_group ? <CellTag label="System" tone="primary" variant="outlined" /> : 'No'),
  },
  {
    id: 'member_count',
    header: 'Members',
    sortable: true,
    align: 'right',
    nowrap: true,
    sortValue: (g) => g.member_count,
    cell: (g) => formatCount(g.member_count),
  },
];

/**
 * The list's URL state: sorted in the browser (the list comes whole), in any order of name, tag and member
 * count; a first click on Members puts the largest groups first.
 */
const SPEC: TableSpec = {
  sortable: sortableIds(COLUMNS),
  descendingFirst: ['member_count'],
};

export default function AssetGroupsPage() {
  const table = useTableState(SPEC);
  const groups = useAssetGroups();
  const write = useAccess(assetGroupOps.createAssetGroup);
  const canWrite = write.allowed;
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const { notify } = useNotice();

  return (
    <TableProvider table={table}>
      <PageHeader
        title="Asset groups"
        description="Groups of directory objects tagged for analysis. System groups are defined by the service."
        actions={
          canWrite ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              Create group
            </Button>
          ) : undefined
        }
      />
      <RestrictedNote
        missing={write.missing}
        canDo="You can look at the asset groups and their members"
        cannot="create, rename or delete groups"
      />
      <DataTable
        label="Asset groups"
        noun="asset groups"
        mode="client"
        columns={COLUMNS}
        query={groups}
        rows={groups.data}
        rowKey={(g) => g.id}
        rowHref={(g) => `/asset-groups/${g.id}`}
        empty={{
          title: 'No asset groups yet',
          text: 'Asset groups collect directory objects under a tag.',
          action: canWrite ? <Button onClick={() => setCreating(true)}>Create group</Button> : undefined,
        }}
      />
      {creating && (
        <CreateAssetGroupDialog
          onClose={() => setCreating(false)}
          onCreated={(group) => {
            notify(`Asset group "${group.name}" was created.`);
            navigate(`/asset-groups/${group.id}`);
          }}
        />
      )}
    </TableProvider>
  );
}
