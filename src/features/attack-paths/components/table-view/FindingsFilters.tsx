import { useMemo } from 'react';
import { describeError } from '@/api/errors';
import { useAvailableDomains } from '@/api/domains';
import { useTags } from '@/api/privilege-zone-tags';
import { FINDING_STATUSES, SEVERITIES } from '@/api/schemas/attack-paths';
import { TagType } from '@/api/schemas/privilege-zones';
import { FilterBar, PickFilter, TextFilter, useTableContext, type PickOption } from '@/components/table';
import { compareText } from '@/shared/compare-text';
import { PLATFORMS } from './findings-query';
import { SEVERITY_LABELS, STATUS_LABELS } from './findings-columns';
import type { FindingsTable } from './use-findings-table';

const SEVERITY_OPTIONS = SEVERITIES.map((s) => ({ value: s, label: SEVERITY_LABELS[s] }));
const STATUS_OPTIONS = FINDING_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));
const PLATFORM_OPTIONS = PLATFORMS.map((p) => ({ value: p as string, label: p }));
const CONTAINS = ['~eq'] as const;

/** The findings table's filters: severity, platform, environment, zone and status (several each), and the principals' names. */
export function FindingsFilters({ filters, setFilter }: Pick<FindingsTable, 'filters' | 'setFilter'>) {
  const table = useTableContext();
  const domains = useAvailableDomains();
  const zones = useTags(TagType.Zone);
  const environmentOptions = useMemo(
    (): PickOption<string>[] =>
      [...(domains.data ?? [])]
        .sort((a, b) => compareText(a.name, b.name))
        .map((d) => ({ value: d.id, label: d.name, detail: d.id })),
    [domains.data],
  );
  const zoneOptions = useMemo(
    (): PickOption<number>[] =>
      [...(zones.data ?? [])]
        .sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity) || compareText(a.name, b.name))
        .map((z) => ({ value: z.id, label: z.name })),
    [zones.data],
  );

  return (
    <FilterBar>
      <PickFilter
        multiple
        label="Severity"
        anyLabel="Any severity"
        options={SEVERITY_OPTIONS}
        value={filters.severity}
        onChange={(v) => setFilter('severity', v)}
      />
      <PickFilter
        multiple
        label="Platform"
        anyLabel="Any platform"
        options={PLATFORM_OPTIONS}
        value={filters.platform}
        onChange={(v) => setFilter('platform', v)}
      />
      <PickFilter
        multiple
        label="Environment"
        anyLabel="Any environment"
        options={environmentOptions}
        value={filters.environment}
        onChange={(v) => setFilter('environment', v)}
        loading={domains.isPending}
        error={domains.isError ? `Environments could not be loaded: ${describeError(domains.error)}` : undefined}
        width={280}
      />
      <PickFilter
        multiple
        label="Zone"
        anyLabel="Any zone"
        options={zoneOptions}
        value={filters.zone}
        onChange={(v) => setFilter('zone', v)}
        loading={zones.isPending}
        error={zones.isError ? `Zones could not be loaded: ${describeError(zones.error)}` : undefined}
      />
      <PickFilter
        multiple
        label="Status"
        anyLabel="Any status"
        options={STATUS_OPTIONS}
        value={filters.status}
        onChange={(v) => setFilter('status', v)}
      />
      <TextFilter
        column="source_principal_name"
        label="Source principal"
        filter={table.state.filters.source_principal_name}
        predicates={CONTAINS}
        setFilter={table.setFilter}
        placeholder="Name contains"
        width={220}
      />
      <TextFilter
        column="target_principal_name"
        label="Target principal"
        filter={table.state.filters.target_principal_name}
        predicates={CONTAINS}
        setFilter={table.setFilter}
        placeholder="Name contains"
        width={220}
      />
    </FilterBar>
  );
}
