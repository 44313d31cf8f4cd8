import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo } from 'react';
import { useAvailableDomains } from '@/api/domains';
import { useTags } from '@/api/privilege-zone-tags';
import { TagType } from '@/api/schemas/privilege-zones';
import { PageHeader } from '@/components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { readableSearch, useSearchState } from '@/components/table/use-search-state';
import { compareText } from '@/shared/compare-text';
import {
  exportDomainFindings,
  useAvailableTypes,
  useDomainFinding,
  useFindingDocumentation,
  useTypeSummaries,
} from '@/features/attack-paths/api/attack-paths';
import { AttackPathsNotice, useNeedsEnterprise } from '@/features/attack-paths/components/AttackPathsNotice';
import { FindingPath } from '@/features/attack-paths/components/graph-view/FindingPath';
import {
  applyGraphViewChange,
  HYGIENE,
  parseGraphViewState,
  parseZoneChoice,
  zoneChoiceText,
  type GraphViewChange,
  type ZoneChoice,
} from '@/features/attack-paths/components/graph-view/graph-view-state';
import { MarkdownText } from '@/features/attack-paths/components/graph-view/markdown';
import { PrincipalsTable } from '@/features/attack-paths/components/graph-view/PrincipalsTable';
import { compareTypes, type TypeEntry } from '@/features/attack-paths/components/graph-view/severity';
import { TypeDocumentation } from '@/features/attack-paths/components/graph-view/TypeDocumentation';
import { TypeList } from '@/features/attack-paths/components/graph-view/TypeList';
import { ExportCsvButton } from '@/features/attack-paths/components/ExportCsvButton';
import { ViewTabs } from '@/features/attack-paths/components/ViewTabs';

const TITLE = 'Attack Paths';
const DESCRIPTION = 'The findings analysis derives from the graph, by environment and zone, with their principals and paths.';

/**
 * Attack Paths, graph view: the finding types found in one environment and zone (or Tier Zero's hygiene
 * findings), most severe first; the picked type's documentation and principals; and the path of the picked
 * principal. Everything picked is in the address.
 */
export default function AttackPathsPage() {
  const [params, update] = useSearchState();
  const state = useMemo(() => parseGraphViewState(params), [params]);
  const change = (c: GraphViewChange) => update((prev) => applyGraphViewChange(prev, c));
  const hrefWith = (c: GraphViewChange) => `/attack-paths${readableSearch(applyGraphViewChange(params, c)) || '?'}`;

  const domains = useAvailableDomains();
  const zones = useTags(TagType.Zone);
  const docs = useFindingDocumentation();
  const environments = useMemo(() => [...(domains.data ?? [])].sort((a, b) => compareText(a.name, b.name)), [domains.data]);
  const zoneList = useMemo(
    () => [...(zones.data ?? [])].sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity)),
    [zones.data],
  );
  const environment = environments.find((d) => d.id === state.environment) ?? environments[0];
  const tierZero = zoneList[0];
  const zoneChoice: ZoneChoice | undefined =
    state.zone?.kind === 'hygiene'
      ? state.zone
      : state.zone && zoneList.some((z) => z.id === (state.zone as { id: number }).id)
        ? state.zone
        : tierZero
          ? { kind: 'zone', id: tierZero.id }
          : undefined;
  const zoneId = zoneChoice?.kind === 'zone' ? zoneChoice.id : tierZero?.id;
  const zoneName = zoneChoice?.kind === 'hygiene' ? 'Hygiene' : zoneList.find((z) => z.id === zoneId)?.name;

  const types = useAvailableTypes(environment?.id, zoneId);
  const found = useMemo(() => {
    if (!types.data || !docs.data) return undefined;
    const hygiene = zoneChoice?.kind === 'hygiene';
    return types.data.filter((t) => (docs.data.get(t)?.kind === 'list') === hygiene);
  }, [types.data, docs.data, zoneChoice?.kind]);
  const summaries = useTypeSummaries(environment?.id, zoneId, found ?? []);
  const entries = useMemo((): TypeEntry[] => {
    const list = (found ?? []).map((finding, i) => ({
      finding,
      title: docs.data?.get(finding)?.title ?? finding,
      summary: summaries[i]?.data,
    }));
    return list.sort(compareTypes);
  }, [found, docs.data, summaries]);

  const finding = state.finding !== null && found?.includes(state.finding) ? state.finding : null;
  const doc = finding ? docs.data?.get(finding) : undefined;
  const selectedRow = useDomainFinding(environment?.id, finding ?? undefined, zoneId, finding ? state.selected : null);
  const pathHeading = useId();

  const needsEnterprise = useNeedsEnterprise(types.error, docs.error);
  const header = <PageHeader title={TITLE} description={DESCRIPTION} />;
  if (needsEnterprise)
    return (
      <>
        {header}
        <AttackPathsNotice feature="Attack Paths" />
      </>
    );

  const frame = (content: React.ReactNode) => (
    <>
      {header}
      <ViewTabs view="graph" />
      {content}
    </>
  );
  if (domains.isPending || zones.isPending) return frame(<LoadingState label="Loading environments and zones…" />);
  if (domains.isError)
    return frame(
      <ErrorState error={domains.error} title="Could not load the environments" onRetry={() => void domains.refetch()} />,
    );
  if (zones.isError)
    return frame(<ErrorState error={zones.error} title="Could not load the zones" onRetry={() => void zones.refetch()} />);
  if (!environment)
    return frame(
      <EmptyState title="No environments yet">
        Findings are per collected domain or tenant; upload collected data and run an analysis to see them.
      </EmptyState>,
    );

  const listing = !types.isPending && !docs.isPending && !types.isError && !docs.isError && entries.length > 0;
  let typesPanel;
  if (types.isPending || docs.isPending) typesPanel = <LoadingState label="Loading finding types…" />;
  else if (types.isError)
    typesPanel = <ErrorState error={types.error} title="Could not load the finding types" onRetry={() => void types.refetch()} />;
  else if (docs.isError)
    typesPanel = (
      <ErrorState error={docs.error} title="Could not load the findings' documentation" onRetry={() => void docs.refetch()} />
    );
  else if (entries.length === 0)
    typesPanel = (
      <EmptyState title={`No findings in ${environment.name} for ${zoneName ?? 'this zone'}`}>
        The last analysis found nothing of this kind here.
      </EmptyState>
    );
  else
    typesPanel = (
      <Paper variant="outlined">
        <TypeList
          entries={entries}
          selected={finding}
          hrefOf={(f) => hrefWith({ environment: environment.id, zone: zoneChoice ?? null, finding: f })}
        />
      </Paper>
    );

  let detail;
  if (!finding) {
    detail =
      state.finding !== null && found ? (
        <EmptyState title={`${state.finding} is not found in ${environment.name} for ${zoneName ?? 'this zone'}`}>
          Pick one of the finding types listed.
        </EmptyState>
      ) : entries.length > 0 ? (
        <EmptyState title="Pick a finding type">Its description, remediation, principals and paths show here.</EmptyState>
      ) : null;
  } else {
    const title = doc?.title ?? finding;
    detail = (
      <Box component="section" aria-labelledby="finding-title">
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', mb: 1 }}>
          <Typography id="finding-title" variant="h2">
            {title}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <ExportCsvButton
              download={() => exportDomainFindings(environment.id, finding, state.showAccepted ? 'all' : 'unaccepted')}
              fileName={`${finding}.csv`}
              done={`Exported the principals of ${title} as CSV.`}
            />
          </Box>
        </Box>
        {doc?.shortDescription && (
          <Box sx={{ color: 'text.secondary', mb: 2 }}>
            <MarkdownText markdown={doc.shortDescription} />
          </Box>
        )}
        {doc && <TypeDocumentation doc={doc} />}
        <PrincipalsTable
          key={`${environment.id} ${zoneId} ${finding}`}
          domainId={environment.id}
          finding={finding}
          zoneId={zoneId}
          kind={doc?.kind === 'list' ? 'list' : 'relationship'}
          typeTitle={title}
          showAccepted={state.showAccepted}
          onShowAccepted={(on) => change({ showAccepted: on })}
          rowHref={(f) => hrefWith({ selected: f.id })}
          selected={state.selected}
        />
        {state.selected !== null &&
          (selectedRow.isPending ? (
            <LoadingState label="Loading the finding…" />
          ) : selectedRow.isError ? (
            <ErrorState error={selectedRow.error} title="Could not load the finding" onRetry={() => void selectedRow.refetch()} />
          ) : selectedRow.data ? (
            <FindingPath key={selectedRow.data.id} finding={selectedRow.data} headingId={pathHeading} />
          ) : (
            <EmptyState title="This finding is no longer here">
              It was remediated, or belongs to another type or environment. Pick a principal above.
            </EmptyState>
          ))}
      </Box>
    );
  }

  return frame(
    <>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 3 }}>
        <TextField
          select
          label="Environment"
          value={environment.id}
          onChange={(e) => change({ environment: e.target.value })}
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: 240 }}
          size="small"
        >
          {environments.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </TextField>
        <TextField
          select
          label="Zone"
          value={zoneChoice ? zoneChoiceText(zoneChoice) : ''}
          onChange={(e) => change({ zone: parseZoneChoice(e.target.value) })}
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: 200 }}
          size="small"
        >
          {zoneList.map((z) => (
            <option key={z.id} value={String(z.id)}>
              {z.name}
            </option>
          ))}
          {tierZero && <option value={HYGIENE}>Hygiene</option>}
        </TextField>
      </Box>
      {listing ? (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)', xl: '340px minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          <Box component="section" aria-label="Finding types found">
            {typesPanel}
          </Box>
          <Box sx={{ minWidth: 0 }}>{detail}</Box>
        </Box>
      ) : (
        typesPanel
      )}
    </>,
  );
}
