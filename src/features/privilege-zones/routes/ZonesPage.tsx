import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { compareText } from '@/shared/compare-text';
import { formatCount } from '@/shared/count';
import { TagType, type AssetGroupTag } from '@/api/schemas/privilege-zones';
import { useIsEnterprise } from '@/api/version';
import { PageHeader } from '@/components/PageHeader';
import { CellTag, DataTable, useTableState, type Column, type TableSpec, TableProvider } from '@/components/table';
import { useTags } from '@/api/privilege-zone-tags';
import { TagListActions } from '@/features/privilege-zones/components/tag-admin';
import { isTierZero, ruleCountsText } from '@/features/privilege-zones/tag-text';

const SPEC: TableSpec = { sortable: ['position', 'name', 'members', 'rules'], descendingFirst: ['members', 'rules'] };

const NAME: Column<AssetGroupTag> = {
  id: 'name',
  header: 'Name',
  sortable: true,
  rowHeader: true,
  sortValue: (t) => t.name,
  cell: (t) => (
    <>
      {t.name} {isTierZero(t) && <CellTag label="Tier Zero" tone="error" />}
    </>
  ),
  secondary: (t) => t.description || null,
};
const COUNTS: Column<AssetGroupTag>[] = [
  {
    id: 'members',
    header: 'Members',
    sortable: true,
    align: 'right',
    sortValue: (t) => t.counts?.members ?? 0,
    cell: (t) => formatCount(t.counts?.members ?? 0),
  },
  {
    id: 'rules',
    header: 'Rules',
    sortable: true,
    sortValue: (t) => t.counts?.selectors ?? 0,
    cell: (t) => ruleCountsText(t.counts),
  },
];
const ZONE_COLUMNS: Column<AssetGroupTag>[] = [
  {
    id: 'position',
    header: 'Position',
    sortable: true,
    align: 'right',
    width: 96,
    sortValue: (t) => t.position,
    cell: (t) => t.position,
  },
  NAME,
  ...COUNTS,
  {
    id: 'certification',
    header: 'Certification',
    hideBelow: 'md',
    cell: (t) => (t.require_certify ? 'Required' : <span className="muted">Not required</span>),
  },
];
const LABEL_COLUMNS: Column<AssetGroupTag>[] = [NAME, ...COUNTS];

/** Zones in position order (1, Tier Zero, first), labels by name; Owned is listed with the labels. */
export function orderTags(tags: readonly AssetGroupTag[], view: 'zones' | 'labels'): AssetGroupTag[] {
  if (view === 'zones')
    return tags.filter((t) => t.type === TagType.Zone).sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity));
  return tags.filter((t) => t.type !== TagType.Zone).sort((a, b) => compareText(a.name, b.name));
}

/**
 * The Privilege Zones area's first page: tabs Zones and Labels (each its own address), links to Certification and
 * History, and the tags with their member and rule counts; a row opens the tag's page.
 */
export default function ZonesPage() {
  const { pathname } = useLocation();
  const view = pathname.replace(/\/+$/, '').endsWith('/labels') ? 'labels' : 'zones';
  const table = useTableState(SPEC);
  const tags = useTags(null);
  const enterprise = useIsEnterprise();
  const navigate = useNavigate();
  const rows = tags.data ? orderTags(tags.data, view) : undefined;
  return (
    <TableProvider table={table}>
      <PageHeader
        title="Privilege Zones"
        description="Zones group the objects of one privilege tier, Tier Zero first; labels mark objects without a tier. Rules choose the objects, and analysis applies them."
        actions={tags.data && <TagListActions tags={tags.data} onCreated={(t) => navigate(`/privilege-zones/${t.id}`)} />}
      />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Tabs value={view} aria-label="Zones or labels">
          <Tab value="zones" label="Zones" component={RouterLink} to="/privilege-zones" />
          <Tab value="labels" label="Labels" component={RouterLink} to="/privilege-zones/labels" />
        </Tabs>
        <Stack direction="row" spacing={2} component="nav" aria-label="Privilege Zones pages">
          <Link component={RouterLink} to="/privilege-zones/certification">
            Certification{enterprise === false ? ' (Enterprise)' : ''}
          </Link>
          <Link component={RouterLink} to="/privilege-zones/history">
            History
          </Link>
        </Stack>
      </Stack>
      <Box>
        <DataTable
          key={view}
          label={view === 'zones' ? 'Zones' : 'Labels'}
          noun={view}
          mode="client"
          pager={false}
          rows={rows}
          columns={view === 'zones' ? ZONE_COLUMNS : LABEL_COLUMNS}
          query={tags}
          rowKey={(t) => t.id}
          rowHref={(t) => `/privilege-zones/${t.id}`}
          empty={{
            title: view === 'zones' ? 'No zones' : 'No labels',
            text: <Typography component="span">The service has no {view} yet.</Typography>,
          }}
        />
      </Box>
    </TableProvider>
  );
}
