import { keepPreviousData, queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, download } from '@/api/call';
import type { QueryValue } from '@/api/client';
import { pipelineMayHaveStarted } from '@/api/datapipe';
import { isHttpStatus } from '@/api/errors';
import { graphOps } from '@/api/operations/graph';
import { attackPathOps } from '@/api/operations/attack-paths';
import { queryKeys } from '@/api/query-keys';
import type { PostureHistoryType, Severity } from '@/api/schemas/attack-paths';
import type { UnifiedGraph } from '@/api/schemas/cypher';

/**
 * The Attack Paths and Posture pages' reads and writes (enterprise), as upstream's server answers them
 * (src/api/schemas/attack-paths.ts). Every key sits under `queryKeys.attackPaths.all()`, which analysis
 * and a change of acceptance invalidate.
 */

/** A finding type's documentation, decoded from the Markdown files the server sends for it. */
export interface FindingDocumentation {
  finding: string;
  title: string;
  /** `relationship` or `list`, as the server's type.md says (empty when it sends none). */
  kind: string;
  shortDescription: string;
  longDescription: string;
  shortRemediation: string;
  longRemediation: string;
  /** The references, one per item of references.md's list (links or plain text). */
  references: string[];
}

const utf8 = new TextDecoder();

/** Base64 to text (UTF-8); empty for an absent or broken file, so one bad file does not hide a type. */
export function decodeBase64(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  try {
    const binary = atob(value);
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    return utf8.decode(bytes).trim();
  } catch {
    return '';
  }
}

/** The items of a Markdown list ("- a", "* b"), or its non-empty lines when it is not one. */
export function referenceItems(markdown: string): string[] {
  return markdown
    .split('\n')
    .map((line) => line.replace(/^\s*[-*+]\s+/, '').trim())
    .filter((line) => line !== '');
}

/** One type's files (`title.md`, `short_description.md`, …) as documentation. */
export function documentationOf(finding: string, files: Readonly<Record<string, unknown>>): FindingDocumentation {
  const file = (name: string) => decodeBase64(files[name]);
  return {
    finding,
    title: file('title.md') || finding,
    kind: file('type.md'),
    shortDescription: file('short_description.md'),
    longDescription: file('long_description.md'),
    shortRemediation: file('short_remediation.md'),
    longRemediation: file('long_remediation.md'),
    references: referenceItems(file('references.md')),
  };
}

/** GET /api/v2/attack-paths/details: each found type's documentation, by type name. */
export const documentationQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.attackPaths.documentation(),
    queryFn: ({ signal }) =>
      call(attackPathOps.getAllAttackPathFindings, { signal }).then(
        (r) => new Map(Object.entries(r.finding_assets).map(([finding, files]) => [finding, documentationOf(finding, files)])),
      ),
    staleTime: 5 * 60_000,
  });

export function useFindingDocumentation({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...documentationQueryOptions(), enabled });
}

/** GET /api/v2/attack-paths/finding-types: the types found (in these environments and zone), by title. */
export function useFindingTypes(
  { environments, zoneId }: { environments?: readonly string[]; zoneId?: number } = {},
  { enabled = true }: { enabled?: boolean } = {},
) {
  const query = {
    ...(environments && environments.length > 0 ? { environment_id: [...environments] } : {}),
    ...(zoneId !== undefined ? { asset_group_tag_id: `eq:${zoneId}` } : {}),
  };
  return useQuery({
    queryKey: queryKeys.attackPaths.findingTypes(query),
    queryFn: ({ signal }) => call(attackPathOps.listAttackPathFindingTypes, { query, signal }).then((r) => r.data),
    enabled,
  });
}

/** GET /api/v2/domains/{id}/available-types: the types found in one environment and zone (Tier Zero when none). */
export function useAvailableTypes(domainId: string | undefined, zoneId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.attackPaths.availableTypes(domainId ?? '', zoneId ?? null),
    queryFn: ({ signal }) =>
      call(attackPathOps.listAvailableAttackPathTypesForDomain, {
        params: { domain_id: domainId! },
        query: { asset_group_tag_id: zoneId, sort_by: 'finding' },
        signal,
      }).then((r) => r.data),
    enabled: domainId !== undefined,
  });
}

/** What one page of a type's findings in an environment asks for. */
export interface DetailsParams {
  finding: string;
  zoneId?: number;
  skip?: number;
  limit?: number;
  /** A detail column (DETAIL_SORT_COLUMNS), `-` first for descending. */
  sortBy?: string;
  /** `false` hides the accepted ones, `true` shows only them; absent shows both. */
  accepted?: boolean;
}

function detailsQuery(p: DetailsParams): Record<string, QueryValue> {
  return {
    finding: p.finding,
    asset_group_tag_id: p.zoneId,
    skip: p.skip,
    limit: p.limit,
    sort_by: p.sortBy,
    Accepted: p.accepted === undefined ? undefined : `eq:${p.accepted}`,
  };
}

/** GET /api/v2/domains/{id}/details: one page of a type's findings in an environment (the previous page stays while the next loads). */
export function useDomainDetails(domainId: string | undefined, p: DetailsParams | undefined) {
  const query = p ? detailsQuery(p) : {};
  return useQuery({
    queryKey: queryKeys.attackPaths.details(domainId ?? '', query),
    queryFn: ({ signal }) =>
      call(attackPathOps.listDomainAttackPathsDetails, { params: { domain_id: domainId! }, query, signal }),
    enabled: domainId !== undefined && p !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v2/domains/{id}/sparkline: a type's counts and composite risk per analysis over a window. */
export function useSparkline(
  domainId: string | undefined,
  p: { finding: string; zoneId?: number; from?: string; to?: string } | undefined,
) {
  const query = p
    ? {
        finding: `eq:${p.finding}`,
        asset_group_tag_id: p.zoneId,
        from: p.from === undefined ? undefined : `gte:${p.from}`,
        to: p.to === undefined ? undefined : `lte:${p.to}`,
        sort_by: 'created_at',
      }
    : {};
  return useQuery({
    queryKey: queryKeys.attackPaths.sparkline(domainId ?? '', query),
    queryFn: ({ signal }) =>
      call(attackPathOps.listAttackPathSparklineValues, { params: { domain_id: domainId! }, query, signal }).then((r) => r.data),
    enabled: domainId !== undefined && p !== undefined,
  });
}

/** GET /api/v2/domains/{id}/attack-path-findings: a type's findings in an environment as a CSV file. */
export function exportDomainFindings(
  domainId: string,
  finding: string,
  filterAccepted: 'accepted' | 'unaccepted' | 'all' = 'all',
) {
  return download(attackPathOps.exportAttackPathFindings, {
    params: { domain_id: domainId },
    query: { finding, filterAccepted },
  });
}

/**
 * The unified findings list's query as the API takes it: repeated `environment_id`, `skip`, `limit`,
 * `sort_by` and a column filter per name with its predicate (`severity=eq:critical`, several values of one
 * column as repeated parameters).
 */
export type FindingsQuery = Record<string, QueryValue>;

/** GET /api/v2/attack-paths/findings: one page of findings of both kinds (the previous page stays while the next loads). */
export function useFindings(query: FindingsQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.attackPaths.findings(query),
    queryFn: ({ signal }) => call(attackPathOps.listAttackPathFindings, { query, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The same list, every row the filters keep, as the server's CSV (`Accept: text/csv`; paging left out). */
export function exportFindingsCsv(query: FindingsQuery) {
  const { skip: _skip, limit: _limit, ...rest } = query;
  return download(attackPathOps.listAttackPathFindings, { query: rest, headers: { Accept: 'text/csv' } });
}

/** A window of the posture figures: the environments, the zone (Tier Zero when none), and its two ends. */
export interface PostureWindow {
  environments: readonly string[];
  zoneId?: number;
  /** RFC 3339 instants; the server's default window (the last 30 days) when left out. */
  start?: string;
  end?: string;
}

const windowQuery = (w: PostureWindow) => ({
  environments: [...w.environments],
  asset_group_tag_id: w.zoneId,
  start: w.start,
  end: w.end,
});

/** GET /api/v2/posture-history/{data_type}: one figure per day over the window, summed over the environments. */
export function usePostureHistory(
  dataType: PostureHistoryType,
  w: PostureWindow,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const query = windowQuery(w);
  return useQuery({
    queryKey: queryKeys.attackPaths.postureHistory(dataType, query),
    queryFn: ({ signal }) =>
      call(attackPathOps.postureHistoryForEnvironments, { params: { data_type: dataType }, query, signal }),
    enabled: enabled && w.environments.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v2/attack-paths/finding-trends: each type's counts at the window's start and end, and what changed. */
export function useFindingTrends(w: PostureWindow, { enabled = true }: { enabled?: boolean } = {}) {
  const query = windowQuery(w);
  return useQuery({
    queryKey: queryKeys.attackPaths.trends(query),
    queryFn: ({ signal }) => call(attackPathOps.findingTrendsForEnvironment, { query, signal }),
    enabled: enabled && w.environments.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v2/posture-stats: the posture figures per environment and analysis (`from`/`to` RFC 3339). */
export function usePostureStats(
  { from, to, domainSid }: { from?: string; to?: string; domainSid?: string } = {},
  { enabled = true }: { enabled?: boolean } = {},
) {
  const query = {
    from,
    to,
    domain_sid: domainSid === undefined ? undefined : `eq:${domainSid}`,
    sort_by: 'created_at',
  };
  return useQuery({
    queryKey: queryKeys.attackPaths.postureStats(query),
    queryFn: ({ signal }) => call(attackPathOps.getPostureStats, { query, signal }),
    enabled,
  });
}

/** GET /api/v2/meta-trees/{id}: Tier Zero (or the zone) as one node and the principals with findings into it. */
export function useComboTree(domainId: string | undefined, zoneId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.attackPaths.comboTree(domainId ?? '', zoneId ?? null),
    queryFn: ({ signal }) =>
      call(attackPathOps.getComboTreeGraph, {
        params: { domain_id: domainId! },
        query: { asset_group_tag_id: zoneId },
        signal,
      }).then((r) => r.data),
    enabled: domainId !== undefined,
  });
}

/** What accepting (or no longer accepting) one finding's risk sends. */
export interface RiskAcceptanceInput {
  id: number;
  accepted: boolean;
  /** RFC 3339; for good when left out. */
  acceptUntil?: string;
  /** Why: kept in the audit log entry. */
  note?: string;
}

/** PUT /api/v2/attack-paths/{id}/acceptance; every attack-path read is read again after it. */
export function useRiskAcceptance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accepted, acceptUntil, note }: RiskAcceptanceInput) =>
      call(attackPathOps.updateAttackPathRisk, {
        params: { attack_path_id: id },
        body: {
          accepted,
          ...(accepted && acceptUntil ? { accept_until: acceptUntil } : {}),
          ...(accepted && note?.trim() ? { note: note.trim() } : {}),
        },
      }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.attackPaths.all() }),
  });
}

/** PUT /api/v2/attack-paths: ask for an analysis (the pipeline's status then shows it; its end refreshes these pages). */
export function useStartFindingsAnalysis() {
  return useMutation({
    mutationFn: () => call(attackPathOps.startAnalysisBhe),
    onSuccess: () => pipelineMayHaveStarted(),
  });
}

/** One finding of a type in an environment, as the details list answers it (relationship or list). */
export type DomainFinding = Awaited<ReturnType<typeof fetchDomainDetails>>['data'][number];

function fetchDomainDetails(domainId: string, p: DetailsParams, signal?: AbortSignal) {
  return call(attackPathOps.listDomainAttackPathsDetails, { params: { domain_id: domainId }, query: detailsQuery(p), signal });
}

/** What the graph view's list says of one type: its open findings and the worst among them. */
export interface TypeSummary {
  finding: string;
  /** Findings not accepted. */
  count: number;
  /** The most severe, or null when none has a severity. */
  severity: Severity | null;
  /** Highest shares (0 to 1) among them; exposure null for list findings. */
  impact: number | null;
  exposure: number | null;
}

const SEVERITY_ORDER: readonly Severity[] = ['critical', 'high', 'moderate', 'low'];

/** The more severe of two severities (an empty one counts as none). */
export function worseSeverity(a: Severity | '' | null, b: Severity | '' | null): Severity | null {
  const rank = (s: Severity | '' | null) => (s ? SEVERITY_ORDER.indexOf(s) : SEVERITY_ORDER.length);
  const best = rank(a) <= rank(b) ? a : b;
  return best ? best : null;
}

const SUMMARY_PAGE = 100;

/**
 * A type's open findings in an environment and zone, summed up: one page of up to 100 holds all of them
 * in most environments; beyond it, the highest impact, exposure and severity are each asked for as the
 * first row of the list sorted by them (severity from both ends of its order, whatever the server's
 * order of severities is).
 */
export async function fetchTypeSummary(
  domainId: string,
  finding: string,
  zoneId: number | undefined,
  signal?: AbortSignal,
): Promise<TypeSummary> {
  const base = { finding, zoneId, accepted: false } as const;
  const first = await fetchDomainDetails(domainId, { ...base, limit: SUMMARY_PAGE }, signal);
  const rows: readonly DomainFinding[] = first.data;
  const count = first.count ?? rows.length;
  const summed = (list: readonly DomainFinding[]) => ({
    severity: list.reduce<Severity | null>((worst, r) => worseSeverity(worst, r.Severity), null),
    impact: list.length === 0 ? null : Math.max(...list.map((r) => r.ImpactPercentage)),
    exposure: list.some((r) => 'ExposurePercentage' in r)
      ? Math.max(...list.map((r) => ('ExposurePercentage' in r ? r.ExposurePercentage : 0)))
      : null,
  });
  if (count <= rows.length) return { finding, count, ...summed(rows) };
  const top = (sortBy: string) =>
    fetchDomainDetails(domainId, { ...base, limit: 1, sortBy }, signal).then((r) => r.data as readonly DomainFinding[]);
  const [impact, exposure, severityUp, severityDown] = await Promise.all([
    top('-ImpactPercentage'),
    rows.some((r) => 'ExposurePercentage' in r) ? top('-ExposurePercentage') : Promise.resolve([]),
    top('Severity'),
    top('-Severity'),
  ]);
  return { finding, count, ...summed([...rows, ...impact, ...exposure, ...severityUp, ...severityDown]) };
}

/** Each type's summary (fetchTypeSummary), read side by side; in the order of `findings`. */
export function useTypeSummaries(domainId: string | undefined, zoneId: number | undefined, findings: readonly string[]) {
  return useQueries({
    queries: findings.map((finding) => ({
      queryKey: [...queryKeys.attackPaths.all(), 'type-summary', domainId ?? '', zoneId ?? null, finding] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchTypeSummary(domainId!, finding, zoneId, signal),
      enabled: domainId !== undefined,
    })),
  });
}

/** GET /api/v2/domains/{id}/details?id=eq:…: one finding of a type by its id (null when it is not there). */
export function useDomainFinding(
  domainId: string | undefined,
  finding: string | undefined,
  zoneId: number | undefined,
  id: number | null,
) {
  return useQuery({
    queryKey: [...queryKeys.attackPaths.all(), 'finding', domainId ?? '', finding ?? '', zoneId ?? null, id] as const,
    queryFn: ({ signal }) =>
      call(attackPathOps.listDomainAttackPathsDetails, {
        params: { domain_id: domainId! },
        query: { finding: finding!, asset_group_tag_id: zoneId, id: `eq:${id}`, limit: 1 },
        signal,
      }).then((r) => (r.data[0] as DomainFinding | undefined) ?? null),
    enabled: domainId !== undefined && finding !== undefined && id !== null,
  });
}

/**
 * GET /api/v2/graphs/shortest-path walking only `kind`: the relationship a finding names, as the graph holds
 * it now, with its two ends. Null when the graph no longer has it (404).
 */
export function useFindingPath(path: { from: string; to: string; kind: string } | null) {
  return useQuery({
    queryKey: [...queryKeys.attackPaths.all(), 'path', path?.from ?? '', path?.kind ?? '', path?.to ?? ''] as const,
    queryFn: ({ signal }): Promise<UnifiedGraph | null> =>
      call(graphOps.getShortestPath, {
        query: { start_node: path!.from, end_node: path!.to, relationship_kinds: `in:${path!.kind}` },
        signal,
      }).then(
        (r) => r.data,
        (error: unknown) => {
          if (isHttpStatus(error, 404)) return null;
          throw error;
        },
      ),
    enabled: path !== null,
  });
}

/**
 * GET /api/v2/domains/{id}/details with a table's own query (`skip`, `limit`, repeated `sort_by`) beside the
 * type, the zone and the acceptance filter: one page of the principals table (the previous page stays while
 * the next loads).
 */
export function useDomainDetailsPage(
  domainId: string | undefined,
  p: { finding: string; zoneId?: number; accepted?: boolean; table: Record<string, QueryValue> } | undefined,
) {
  const query: Record<string, QueryValue> = p
    ? { ...detailsQuery({ finding: p.finding, zoneId: p.zoneId, accepted: p.accepted }), ...p.table }
    : {};
  return useQuery({
    queryKey: queryKeys.attackPaths.details(domainId ?? '', query),
    queryFn: ({ signal }) =>
      call(attackPathOps.listDomainAttackPathsDetails, { params: { domain_id: domainId! }, query, signal }),
    enabled: domainId !== undefined && p !== undefined,
    placeholderData: keepPreviousData,
  });
}
/** Several posture figures over one window at once (one request each, the keys `usePostureHistory` uses), in the order asked for. */
export function usePostureHistories(
  dataTypes: readonly PostureHistoryType[],
  w: PostureWindow,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const query = windowQuery(w);
  return useQueries({
    queries: dataTypes.map((dataType) => ({
      queryKey: queryKeys.attackPaths.postureHistory(dataType, query),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(attackPathOps.postureHistoryForEnvironments, { params: { data_type: dataType }, query, signal }),
      enabled: enabled && w.environments.length > 0,
      placeholderData: keepPreviousData,
    })),
  });
}
