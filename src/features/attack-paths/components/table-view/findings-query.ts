/**
 * The findings table's filters that take several values at once, and how they read and write the page's URL
 * and the API's query. Both are spelled the API's way: one parameter per value, repeated
 * (`severity=eq:critical&severity=eq:high`: either), `environment_id` as bare ids. The table's page, page
 * size, sort and its text filters are the shared table state's (use-table-state.ts); these sit beside them in
 * the same query string.
 *
 * Status is the one with a default: the server answers active findings when it is given no status, so no
 * status in the URL reads as "Active", and "any status" is written `status=any`.
 */
import type { QueryValue } from '@/api/client';
import {
  FINDING_STATUSES,
  SEVERITIES,
  type AttackPathFinding,
  type FindingStatus,
  type Severity,
} from '@/api/schemas/attack-paths';
import type { TableSpec } from '@/components/table';

/** The platforms findings are reported for (upstream's `platform` values). */
export const PLATFORMS = ['Active Directory', 'Azure'] as const;

/** The zone of a Tier Zero hygiene finding in the graph view's link. */
export const HYGIENE_ZONE = 'hygiene';

export interface FindingsFilters {
  severity: Severity[];
  platform: string[];
  /** Environment (domain or tenant) ids. */
  environment: string[];
  /** Zone (asset group tag) ids. */
  zone: number[];
  /** Empty: any status. */
  status: FindingStatus[];
}

export type MultiFilterName = keyof FindingsFilters;

/** Each multi-value filter's parameter, in the URL as in the API. */
export const FILTER_PARAMS: Readonly<Record<MultiFilterName, string>> = {
  severity: 'severity',
  platform: 'platform',
  environment: 'environment_id',
  zone: 'asset_group_tag_id',
  status: 'status',
};

export const DEFAULT_STATUS: readonly FindingStatus[] = ['active'];
const ANY_STATUS = 'any';

/** The table's own state: sort, paging, and the two principal searches (one value each, `~eq`). */
export const FINDINGS_TABLE: TableSpec = {
  sortable: [
    'severity',
    'title',
    'finding_type',
    'platform',
    'environment_name',
    'zone_name',
    'source_principal_name',
    'target_principal_name',
    'status',
    'first_seen',
    'last_seen',
  ],
  // The server's own order: most severe first.
  defaultSort: [{ column: 'severity', descending: false }],
  descendingFirst: ['first_seen', 'last_seen'],
  filters: {
    source_principal_name: { predicates: ['~eq'] },
    target_principal_name: { predicates: ['~eq'] },
  },
};

/** A filter value as the URL holds it: `eq:value`, or a bare value from a hand-written link. */
function eqValue(raw: string): string {
  return (raw.startsWith('eq:') ? raw.slice(3) : raw).trim();
}

/** The allowed values among `raws`, once each, in the order of `allowed`. */
function picked<T extends string>(raws: readonly string[], allowed: readonly T[]): T[] {
  const wanted = new Set(raws.map((r) => eqValue(r).toLowerCase()));
  return allowed.filter((v) => wanted.has(v.toLowerCase()));
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

/** The filters a URL describes; values that are no choice are left out. */
export function readFilters(params: URLSearchParams): FindingsFilters {
  const all = (name: MultiFilterName) => params.getAll(FILTER_PARAMS[name]);
  const statuses = all('status');
  return {
    severity: picked(all('severity'), SEVERITIES),
    platform: picked(all('platform'), PLATFORMS),
    environment: unique(
      all('environment')
        .map((v) => v.trim())
        .filter((v) => v !== '' && !v.includes(':')),
    ),
    zone: unique(
      all('zone')
        .map(eqValue)
        .filter((v) => /^\d{1,9}$/.test(v))
        .map(Number),
    ),
    status:
      statuses.length === 0
        ? [...DEFAULT_STATUS]
        : statuses.some((s) => s === ANY_STATUS)
          ? []
          : // Nothing valid in a hand-edited link: the default.
            picked(statuses, FINDING_STATUSES).length > 0
            ? picked(statuses, FINDING_STATUSES)
            : [...DEFAULT_STATUS],
  };
}

const sameSet = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v) => b.includes(v));

/** One filter's URL values (none for the default). */
function urlValues<K extends MultiFilterName>(name: K, values: FindingsFilters[K]): string[] {
  switch (name) {
    case 'environment':
      return values.map(String);
    case 'status':
      if (sameSet(values, DEFAULT_STATUS)) return [];
      if (values.length === 0) return [ANY_STATUS];
      return values.map((v) => `eq:${v}`);
    default:
      return values.map((v) => `eq:${v}`);
  }
}

/**
 * The URL with one filter set to `values` (its default: left out), and back on page 1; every other
 * parameter kept.
 */
export function writeFilter<K extends MultiFilterName>(
  params: URLSearchParams,
  name: K,
  values: FindingsFilters[K],
): URLSearchParams {
  const key = FILTER_PARAMS[name];
  const out = new URLSearchParams();
  for (const [k, v] of params) if (k !== key && k !== 'page') out.append(k, v);
  for (const v of urlValues(name, values)) out.append(key, v);
  return out;
}

/** The URL without any filter (the principal searches too; status back to its default), on page 1. */
export function clearFilters(params: URLSearchParams): URLSearchParams {
  const own = new Set([...Object.values(FILTER_PARAMS), ...Object.keys(FINDINGS_TABLE.filters ?? {}), 'page']);
  const out = new URLSearchParams();
  for (const [k, v] of params) if (!own.has(k)) out.append(k, v);
  return out;
}

/** Whether any multi-value filter differs from its default. */
export function hasFilters(f: FindingsFilters): boolean {
  return (
    f.severity.length > 0 ||
    f.platform.length > 0 ||
    f.environment.length > 0 ||
    f.zone.length > 0 ||
    !sameSet(f.status, DEFAULT_STATUS)
  );
}

/**
 * The API query of the view: the table's (skip, limit, sort_by, the principal searches) with each
 * multi-value filter as a repeated parameter. Any status is every status, as the server reads none as
 * active only.
 */
export function findingsApiQuery(table: Readonly<Record<string, QueryValue>>, f: FindingsFilters): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = { ...table };
  const eq = (values: readonly (string | number)[]) => values.map((v) => `eq:${v}`);
  if (f.severity.length > 0) query.severity = eq(f.severity);
  if (f.platform.length > 0) query.platform = eq(f.platform);
  if (f.environment.length > 0) query.environment_id = [...f.environment];
  if (f.zone.length > 0) query.asset_group_tag_id = eq(f.zone);
  query.status = eq(f.status.length > 0 ? f.status : FINDING_STATUSES);
  return query;
}

/** What a row of the table needs for its link into the graph view. */
export interface FindingLinkFields {
  id?: number;
  finding: string;
  finding_type: 'relationship' | 'list';
  environment_id: string;
  asset_group_tag_id: number;
}

/**
 * The graph view with this finding picked: its environment, its zone (a hygiene finding's is `hygiene`),
 * its type and the finding itself.
 */
export function graphViewHref(f: FindingLinkFields): string {
  const params = new URLSearchParams({
    environment: f.environment_id,
    zone: f.finding_type === 'list' ? HYGIENE_ZONE : String(f.asset_group_tag_id),
    finding: f.finding,
  });
  // The mock numbers its rows; the reference's unified row carries no id, and then the type alone is picked.
  if (f.id !== undefined) params.set('selected', String(f.id));
  return `/attack-paths?${params.toString()}`;
}

/**
 * A row's key: the mock's id, or for a row without one (the reference's unified finding) what makes it that
 * finding: its environment, zone, type and principals.
 */
export function findingRowKey(f: AttackPathFinding): string | number {
  return f.id ?? [f.environment_id, f.asset_group_tag_id, f.finding, f.source_principal_id, f.target_principal_id].join('|');
}
