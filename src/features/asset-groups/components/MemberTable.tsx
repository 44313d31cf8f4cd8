import { formatCount } from '@/shared/count';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { nodeKindLabel } from '@/api/schemas/entities';
import { KnownLabel } from '@/components/KnownLabel';
import { MEMBER_SORTABLE_COLUMNS, type AssetGroupMember } from '@/api/schemas/asset-groups';
import { DataTable, useTableState, type Column, type FilterSpec, type TableSpec, TableProvider } from '@/components/table';
import { useAssetGroupMembers } from '@/features/asset-groups/api/list-asset-group-members';
import { MemberFilters, type MemberFilterField } from './MemberFilters';
import { SortBar } from './SortBar';
import { MiddleCut } from '@/components/MiddleCut';
import { entityPath } from '@/lib/entity-path';

/** The console page of a member's entity. */
const memberPath = (member: Pick<AssetGroupMember, 'primary_kind' | 'object_id'>) =>
  entityPath(member.primary_kind, member.object_id);

/** A text column filter of the members operation: contains, equals, not equals; a bare value in a link means equals. */
const TEXT: FilterSpec = { predicates: ['~eq', 'eq', 'neq'], defaultPredicate: 'eq' };

/**
 * The member table's URL state: the sortable columns and filters of `assetGroupOps.listAssetGroupMembers`, sent to
 * it as they are.
 */
export const MEMBER_TABLE_SPEC: TableSpec = {
  sortable: MEMBER_SORTABLE_COLUMNS,
  filters: {
    name: TEXT,
    object_id: TEXT,
    primary_kind: TEXT,
    environment_kind: TEXT,
    environment_id: TEXT,
    custom_member: { predicates: ['eq'], values: ['true', 'false'] },
  },
};

/**
 * Every field of a member (reference `model.asset-group-member`), name first. Below 1536 px the secondary ones
 * (kinds, which repeat the primary kind; the environment's kind and ID; the group's own ID, the same on every row)
 * drop out so the rest fits at 1366 px; below 1200 px the custom flag drops too. Identifiers are cut in the middle,
 * their end always shown (the whole value in the title); on phones each row is a card with every field.
 */
const COLUMNS: Column<AssetGroupMember>[] = [
  // Long names wrap at their spaces (DOMAIN CONTROLLERS@…), never inside a word.
  { id: 'name', header: 'Name', sortable: true, rowHeader: true, cell: (m) => m.name },
  { id: 'object_id', header: 'Object ID', sortable: true, mono: true, cell: (m) => <MiddleCut text={m.object_id} /> },
  {
    id: 'primary_kind',
    header: 'Primary kind',
    sortable: true,
    nowrap: true,
    cell: (m) => <KnownLabel label={nodeKindLabel(m.primary_kind)} />,
  },
  {
    id: 'kinds',
    header: 'Kinds',
    nowrap: true,
    hideBelow: 'xl',
    cell: (m) =>
      m.kinds.map((k) => (
        <span key={k} className="kind">
          <KnownLabel label={nodeKindLabel(k)} />
        </span>
      )),
  },
  {
    id: 'environment_kind',
    header: 'Environment kind',
    sortable: true,
    nowrap: true,
    hideBelow: 'xl',
    cell: (m) => m.environment_kind,
  },
  { id: 'environment_id', header: 'Environment ID', sortable: true, mono: true, hideBelow: 'xl', cell: (m) => m.environment_id },
  {
    id: 'custom_member',
    header: 'Custom member',
    align: 'center',
    hideBelow: 'lg',
    cell: (m) =>
      m.custom_member ? (
        <CheckCircleIcon color="success" fontSize="small" titleAccess="Yes" sx={{ verticalAlign: 'middle' }} />
      ) : (
        <span className="muted">No</span>
      ),
  },
  {
    id: 'asset_group_id',
    header: 'Asset group ID',
    sortable: true,
    align: 'right',
    hideBelow: 'xl',
    cell: (m) => m.asset_group_id,
  },
];

/** The filters, in the columns' order (the members operation filters every column but kinds and the group ID). */
export const MEMBER_FILTER_FIELDS: MemberFilterField[] = COLUMNS.filter((c) => MEMBER_TABLE_SPEC.filters?.[c.id]).map((c) => ({
  column: c.id,
  label: c.header,
  choices:
    c.id === 'custom_member'
      ? [
          { value: 'true', label: 'Yes' },
          { value: 'false', label: 'No' },
        ]
      : undefined,
}));

/** The sortable columns' headers, in the columns' order, for the sort bar. */
const SORT_LABELS: Record<string, string> = Object.fromEntries(COLUMNS.filter((c) => c.sortable).map((c) => [c.id, c.header]));

/** The kinds as small outlined labels, a quiet "No": plain elements styled by one class each. */
const cellSx = {
  '& .kind': {
    display: 'inline-block',
    px: 1,
    mr: 0.5,
    lineHeight: '22px',
    fontSize: '0.8125rem',
    border: 1,
    borderColor: 'divider',
    borderRadius: '11px',
  },
} as const;

/**
 * The members of one group: server-side paging, multi-sort and filters, all
 * held in the URL. The rows on screen stay while the next view loads, and the
 * next page is fetched ahead.
 */
export function MemberTable({ groupId, groupName, memberCount }: { groupId: number; groupName: string; memberCount: number }) {
  const table = useTableState(MEMBER_TABLE_SPEC);
  const members = useAssetGroupMembers(groupId, table.state);
  const data = members.data;
  const filtered = table.hasFilters;

  const toolbar = (
    <Stack spacing={2} sx={{ pb: 2 }}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="h2" id="members-heading">
          Members
        </Typography>
        <Typography color="text.secondary">
          {filtered && data
            ? `${formatCount(data.count)} of ${formatCount(memberCount)} match the filters`
            : `${formatCount(memberCount)} in all`}
        </Typography>
      </Stack>
      {(memberCount > 0 || filtered || table.state.sorts.length > 0) && (
        <Box>
          <MemberFilters fields={MEMBER_FILTER_FIELDS} />
          <SortBar labels={SORT_LABELS} defaultOrder="object ID" />
        </Box>
      )}
    </Stack>
  );

  return (
    <Box component="section" aria-labelledby="members-heading" sx={cellSx}>
      <TableProvider table={table}>
        <DataTable
          label={`Members of ${groupName}`}
          pagerLabel="Member pages"
          noun="members"
          mode="server"
          columns={COLUMNS}
          query={members}
          page={data ? { rows: data.data.members, count: data.count } : undefined}
          rowKey={(m) => m.object_id}
          rowHref={memberPath}
          toolbar={toolbar}
          empty={{ title: 'This group has no members', text: 'Its selectors select no objects yet.' }}
          filteredEmptyText={
            memberCount > 0 ? `The group has ${formatCount(memberCount)} members; none matches every filter.` : undefined
          }
        />
      </TableProvider>
    </Box>
  );
}
