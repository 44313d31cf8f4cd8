import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { compareText } from '@/shared/compare-text';
import { formatCount } from '@/shared/count';
import { useAvailableDomains } from '@/api/domains';
import { nodeKindLabel } from '@/api/schemas/entities';
import type { AssetGroupTag, AssetGroupTagMember } from '@/api/schemas/privilege-zones';
import { KnownLabel } from '@/components/KnownLabel';
import { MiddleCut } from '@/components/MiddleCut';
import {
  ChoiceFilter,
  DataTable,
  FilterBar,
  TextFilter,
  useTableState,
  type Column,
  type FilterSpec,
  type TableSpec,
  TableProvider,
} from '@/components/table';
import { useTagMemberCounts, useTagMembers } from '@/features/privilege-zones/api/privilege-zones';
import { MemberPanel } from './MemberPanel';

const TEXT: FilterSpec = { predicates: ['~eq', 'eq', 'neq'], defaultPredicate: '~eq' };

/**
 * The objects table's URL state (prefix `m`): the members operation's sorts (id, objectid, name) and filters
 * (name, primary kind), and the domain (`environments`).
 */
export const TAG_MEMBERS_SPEC: TableSpec = {
  prefix: 'm',
  sortable: ['name', 'objectid', 'id'],
  filters: {
    name: TEXT,
    primary_kind: { predicates: ['eq'], defaultPredicate: 'eq' },
    environments: { predicates: ['eq'], defaultPredicate: 'eq' },
  },
};

const COLUMNS: Column<AssetGroupTagMember>[] = [
  { id: 'name', header: 'Name', sortable: true, rowHeader: true, cell: (m) => m.name || m.object_id },
  { id: 'objectid', header: 'Object ID', sortable: true, mono: true, cell: (m) => <MiddleCut text={m.object_id} /> },
  { id: 'primary_kind', header: 'Kind', nowrap: true, cell: (m) => <KnownLabel label={nodeKindLabel(m.primary_kind)} /> },
];

/** The domain column: the domain's name where the available domains name it, else its id. */
function domainColumn(names: ReadonlyMap<string, string>): Column<AssetGroupTagMember> {
  return {
    id: 'environment_id',
    header: 'Domain',
    hideBelow: 'lg',
    cell: (m) => names.get(m.environment_id) ?? <MiddleCut text={m.environment_id} />,
  };
}

/**
 * A tag's objects: how many of each kind (a kind's button filters the table to it), then the objects one page at
 * a time, sorted and filtered by name, kind and domain on the server, all in the URL. "Details" opens an object
 * at the side: its properties and the rules that select it.
 */
export function TagMembers({ tag }: { tag: AssetGroupTag }) {
  const table = useTableState(TAG_MEMBERS_SPEC);
  const members = useTagMembers(tag.id, table.query);
  const environment = table.state.filters.environments?.value ?? null;
  const counts = useTagMemberCounts(tag.id, environment);
  const domains = useAvailableDomains();
  const [open, setOpen] = useState<AssetGroupTagMember | null>(null);
  const kind = table.state.filters.primary_kind?.value ?? null;
  const kinds = Object.entries(counts.data?.counts ?? {}).sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]));
  const total = counts.data?.total_count;
  const columns = useMemo(
    () => [...COLUMNS, domainColumn(new Map((domains.data ?? []).map((d) => [d.id, d.name])))],
    [domains.data],
  );

  const toolbar = (
    <Stack spacing={2} sx={{ pb: 2 }}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="h2" id="tag-objects-heading">
          Objects
        </Typography>
        {total !== undefined && <Typography color="text.secondary">{formatCount(total)} in all</Typography>}
      </Stack>
      {kinds.length > 0 && (
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }} role="group" aria-label="Objects by kind">
          {kinds.map(([k, n]) => (
            <Button
              key={k}
              size="small"
              variant={kind === k ? 'contained' : 'outlined'}
              aria-pressed={kind === k}
              onClick={() => table.setFilter('primary_kind', kind === k ? null : { predicate: 'eq', value: k })}
            >
              {nodeKindLabel(k).label}: {formatCount(n)}
            </Button>
          ))}
        </Stack>
      )}
      <FilterBar>
        <TextFilter
          column="name"
          label="Name"
          filter={table.state.filters.name}
          predicates={TEXT.predicates}
          setFilter={table.setFilter}
          width={220}
          matchWidth={150}
        />
        <ChoiceFilter
          column="primary_kind"
          label="Kind"
          anyLabel="Any kind"
          options={kinds.map(([k]) => ({ value: k, label: nodeKindLabel(k).label }))}
        />
        <ChoiceFilter
          column="environments"
          label="Domain"
          anyLabel="Any domain"
          width={240}
          options={(domains.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
        />
      </FilterBar>
    </Stack>
  );

  return (
    <Box component="section" aria-labelledby="tag-objects-heading" sx={{ mt: 3 }}>
      <TableProvider table={table}>
        <DataTable
          label={`Objects of ${tag.name}`}
          pagerLabel="Object pages"
          noun="objects"
          mode="server"
          columns={columns}
          query={members}
          page={members.data ? { rows: members.data.data.members, count: members.data.count } : undefined}
          rowKey={(m) => m.id}
          actionsHeader="Details"
          actions={(m) => (
            <Button size="small" onClick={() => setOpen(m)} aria-label={`Details of ${m.name || m.object_id}`}>
              Details
            </Button>
          )}
          toolbar={toolbar}
          empty={{
            title: `${tag.name} has no objects`,
            text:
              domains.data?.length === 0
                ? 'The graph is empty: upload collector files under File ingest, and analysis selects its objects from them.'
                : 'Its rules select nothing yet, or analysis has not run since they changed.',
          }}
        />
      </TableProvider>
      <MemberPanel tag={tag} member={open} onClose={() => setOpen(null)} />
    </Box>
  );
}
