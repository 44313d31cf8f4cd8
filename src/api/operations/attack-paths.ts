/**
 * Attack paths and risk posture (enterprise only, as upstream): the findings each analysis reports, their
 * risk acceptance, the posture figures per environment and their history, and the combo tree of an
 * environment. Reading needs graphdb.Read, as upstream's enterprise routes name it (the two lists of
 * finding names need a session only, as the reference documents no 403 for them); changing a finding's
 * acceptance needs risks.ManageRisks; starting the analysis graphdb.Write, as PUT /api/v2/analysis does.
 */
import { z } from 'zod';
import { defineOperations, file, needs, signedIn } from '../operation';
import { Permission as P } from '../../shared/permissions';
import { listQuery, predicateFilter, type FilterParam } from '../list-query';
import { STRING_FILTER_PREDICATES } from '../schemas/wire-format';
import {
  allFindingsResponse,
  attackPathFindingsResponse,
  attackPathIdParam,
  attackPathTypesResponse,
  comboTreeResponse,
  domainFindingsResponse,
  findingResponse,
  findingTrendsResponse,
  findingTypesResponse,
  postureHistoryResponse,
  postureHistoryTypeParam,
  postureStatsResponse,
  riskAcceptance,
  riskAcceptanceBody,
  sparklineResponse,
  tierZeroComboNodeResponse,
} from '../schemas/attack-paths';

const notAParameter = (name: string, known: readonly string[]) =>
  `"${name}" is not a parameter of this operation; use ${known.join(', ')}.`;

const text = (name: string) => predicateFilter(name, STRING_FILTER_PREDICATES);
const integer = (name: string, predicates: Parameters<typeof predicateFilter>[1] = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte']) =>
  predicateFilter(name, predicates, { integer: true });
/** A filter that may repeat: the rows matching any of its values (as `environment_id`'s union). */
const anyOf = (name: string): FilterParam => {
  const one = text(name);
  return z.union([one, z.array(one)]) as FilterParam;
};
const timeFilter = (name: string) => predicateFilter(name, ['eq', 'neq', 'gt', 'gte', 'lt', 'lte']);

/** A domain's object id in a path. */
export const environmentIdParam = z
  .string()
  .trim()
  .min(1, { error: 'domain_id is required' })
  .max(256, { error: 'domain_id is too long' });

/** A repeatable environment id parameter, as a list. */
const environmentList = (name: string) =>
  z
    .union([z.string(), z.array(z.string())], { error: `${name} must be environment ids` })
    .transform((v) => (Array.isArray(v) ? v : [v]));

/** An RFC 3339 date-time query parameter. */
const dateTime = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name} must be an RFC 3339 date-time such as 2026-11-01T00:00:00Z` });

/** The zone a read is about (Tier Zero when not given). */
const tagIdQuery = z
  .string()
  .regex(/^\d{1,9}$/, { error: 'asset_group_tag_id must be a whole number' })
  .transform((v) => Number(v));
const zoneParam = { asset_group_tag_id: tagIdQuery.optional() };

/** Upstream's columns of the unified findings list. */
export const FINDING_COLUMNS = [
  'severity',
  'finding_type',
  'finding',
  'title',
  'platform',
  'environment_id',
  'environment_name',
  'asset_group_tag_id',
  'zone_name',
  'source_principal_id',
  'source_principal_kind',
  'source_principal_name',
  'target_principal_id',
  'target_principal_kind',
  'target_principal_name',
  'status',
  'first_seen',
  'last_seen',
] as const;
type FindingColumn = (typeof FINDING_COLUMNS)[number];
const FINDING_FILTERS = FINDING_COLUMNS.filter((c) => c !== 'environment_id');

const findingsQuery = listQuery({
  paging: { defaultLimit: 100, overMax: 'cap' },
  params: { environment_id: environmentList('environment_id').optional() },
  sortBy: FINDING_COLUMNS,
  filters: Object.fromEntries(FINDING_FILTERS.map((c) => [c, anyOf(c)])) as Record<
    Exclude<FindingColumn, 'environment_id'>,
    FilterParam
  >,
  unknown: notAParameter,
});

const typesQuery = listQuery({ sortBy: ['finding'], filters: { finding: text('finding') }, unknown: notAParameter });
const domainTypesQuery = listQuery({
  params: zoneParam,
  sortBy: ['finding'],
  filters: { finding: text('finding') },
  unknown: notAParameter,
});

/** The detail columns of one domain's findings of one type (reference ListDomainAttackPathsDetails). */
export const DETAIL_SORT_COLUMNS = [
  'finding',
  'FromPrincipal',
  'ToPrincipal',
  'from_principal',
  'to_principal',
  'Principal',
  'principals_hash',
  'domain_sid',
  'accepted_until',
  'ImpactPercentage',
  'ImpactCount',
  'ExposurePercentage',
  'ExposureCount',
  'Severity',
  'id',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;

const detailsQuery = listQuery({
  paging: { defaultLimit: 100, overMax: 'cap' },
  params: {
    ...zoneParam,
    Accept: z.enum(['application/json', 'text/csv'], { error: 'Accept must be application/json or text/csv' }).optional(),
    finding: z.string({ error: 'finding is required: the finding type, such as T0GenericAll' }).trim().min(1, {
      error: 'finding is required: the finding type, such as T0GenericAll',
    }),
  },
  sortBy: DETAIL_SORT_COLUMNS,
  filters: {
    FromPrincipal: text('FromPrincipal'),
    ToPrincipal: text('ToPrincipal'),
    from_principal: text('from_principal'),
    to_principal: text('to_principal'),
    principals_hash: text('principals_hash'),
    Accepted: text('Accepted'),
    AcceptedUntil: timeFilter('AcceptedUntil'),
    accepted_until: timeFilter('accepted_until'),
    Principal: text('Principal'),
    domain_sid: text('domain_sid'),
    id: integer('id'),
    created_at: timeFilter('created_at'),
    updated_at: timeFilter('updated_at'),
    deleted_at: timeFilter('deleted_at'),
  },
  unknown: notAParameter,
});

export const SPARKLINE_SORT_COLUMNS = [
  'CompositeRisk',
  'FindingCount',
  'ImpactedAssetCount',
  'domain_sid',
  'id',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;

const sparklineQuery = listQuery({
  params: {
    ...zoneParam,
    finding: text('finding'),
    from: timeFilter('from').optional(),
    to: timeFilter('to').optional(),
  },
  sortBy: SPARKLINE_SORT_COLUMNS,
  unknown: notAParameter,
});

export const POSTURE_SORT_COLUMNS = [
  'domain_sid',
  'exposure_index',
  'tier_zero_count',
  'critical_risk_count',
  'id',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;

const postureQuery = listQuery({
  params: { from: dateTime('from').optional(), to: dateTime('to').optional() },
  sortBy: POSTURE_SORT_COLUMNS,
  filters: {
    domain_sid: text('domain_sid'),
    exposure_index: integer('exposure_index'),
    asset_group_tag_id: integer('asset_group_tag_id'),
    tier_zero_count: integer('tier_zero_count'),
    critical_risk_count: integer('critical_risk_count'),
    id: integer('id'),
    created_at: timeFilter('created_at'),
    updated_at: timeFilter('updated_at'),
    deleted_at: timeFilter('deleted_at'),
  },
  unknown: notAParameter,
});

const windowQuery = z.object({
  environments: environmentList('environments'),
  start: dateTime('start').optional(),
  end: dateTime('end').optional(),
});

export const attackPathOps = defineOperations('Attack paths and risk posture (enterprise)', {
  listAttackPathTypes: {
    method: 'GET',
    path: '/api/v2/attack-path-types',
    access: signedIn,
    enterprise: true,
    summary: 'List the finding types the analysis knows',
    query: typesQuery,
    answer: attackPathTypesResponse,
  },
  listAttackPathFindingTypes: {
    method: 'GET',
    path: '/api/v2/attack-paths/finding-types',
    access: signedIn,
    enterprise: true,
    summary: 'List the finding types found, by title',
    query: z.object({
      environment_id: environmentList('environment_id').optional(),
      asset_group_tag_id: integer('asset_group_tag_id', ['eq', 'neq']).optional(),
    }),
    answer: findingTypesResponse,
  },
  listAttackPathFindings: {
    method: 'GET',
    path: '/api/v2/attack-paths/findings',
    access: needs(P.GraphDbRead),
    enterprise: true,
    summary: 'List findings',
    description:
      'Active findings of both kinds unless filtered otherwise; CSV when the request accepts text/csv only. A column filter may repeat: the rows matching any of its values.',
    query: findingsQuery,
    answer: attackPathFindingsResponse,
  },
  getAllAttackPathFindings: {
    method: 'GET',
    path: '/api/v2/attack-paths/details',
    access: needs(P.GraphDbRead),
    enterprise: true,
    summary: 'Every found finding with its documentation',
    answer: allFindingsResponse,
  },
  findingTrendsForEnvironment: {
    method: 'GET',
    path: '/api/v2/attack-paths/finding-trends',
    access: needs(P.GraphDbRead),
    enterprise: true,
    summary: "Findings' changes between two dates",
    query: windowQuery.extend(zoneParam),
    answer: findingTrendsResponse,
    errors: [404],
  },
  startAnalysisBhe: {
    method: 'PUT',
    path: '/api/v2/attack-paths',
    access: needs(P.GraphDbWrite),
    enterprise: true,
    summary: 'Start generating attack paths',
    status: 202,
  },
  updateAttackPathRisk: {
    method: 'PUT',
    path: '/api/v2/attack-paths/{attack_path_id}/acceptance',
    access: needs(P.RisksManageRisks),
    enterprise: true,
    summary: "Accept a finding's risk, or stop accepting it",
    params: { attack_path_id: attackPathIdParam },
    body: riskAcceptanceBody,
    answer: findingResponse,
    errors: [404],
  },
  listAvailableAttackPathTypesForDomain: {
    method: 'GET',
    path: '/api/v2/domains/{domain_id}/available-types',
    access: needs(P.GraphDbRead),
    enterprise: true,
    summary: 'List the finding types found in a domain',
    params: { domain_id: environmentIdParam },
    query: domainTypesQuery,
    answer: attackPathTypesResponse,
    errors: [404],
  },
  listDomainAttackPathsDetails: {
    method: 'GET',
    path: '/api/v2/domains/{domain_id}/details',
    access: needs(P.GraphDbRead),
    enterprise: true,
    summary: "A domain's findings of one type",
    params: { domain_id: environmentIdParam },
    query: detailsQuery,
    answer: domainFindingsResponse,
    errors: [404],
  },
  listAttackPathSparklineValues: {
    method: 'GET',
    path: '/api/v2/domains/{domain_id}/sparkline',
    access: needs(P.GraphDbRead),
    enterprise: true,
    summary: "A finding type's counts over time in a domain",
    params: { domain_id: environmentIdParam },
    query: sparklineQuery,
    answer: sparklineResponse,
    errors: [404],
  },
  exportAttackPathFindings: {
    method: 'GET',
    path: '/api/v2/domains/{domain_id}/attack-path-findings',
    access: needs(P.GraphDbRead),
    enterprise: true,
    summary: "Export a domain's findings of one type as CSV",
    params: { domain_id: environmentIdParam },
    query: z.object({
      finding: z.string({ error: 'finding is required: the finding type, such as T0GenericAll' }).trim().min(1, {
        error: 'finding is required: the finding type, such as T0GenericAll',
      }),
      filterAccepted: riskAcceptance.optional(),
      sort_by: z.enum(['finding', '-finding'], { error: 'The only sortable column is finding' }).optional(),
    }),
    answer: file('text/csv'),
    errors: [404],
  },
  getPostureStats: {
    method: 'GET',
    path: '/api/v2/posture-stats',
    access: needs(P.GraphDbRead),
    enterprise: true,
    summary: 'Posture figures per environment over time',
    query: postureQuery,
    answer: postureStatsResponse,
  },
  postureHistoryForEnvironments: {
    method: 'GET',
    path: '/api/v2/posture-history/{data_type}',
    access: needs(P.GraphDbRead),
    enterprise: true,
    summary: 'One posture figure over time',
    params: { data_type: postureHistoryTypeParam },
    query: windowQuery.extend(zoneParam),
    answer: postureHistoryResponse,
    errors: [404],
  },
  getComboTreeGraph: {
    method: 'GET',
    path: '/api/v2/meta-trees/{domain_id}',
    access: needs(P.GraphDbRead),
    enterprise: true,
    summary: "A domain's combo tree: Tier Zero and the principals with findings into it",
    params: { domain_id: environmentIdParam },
    query: z.object({
      ...zoneParam,
      node_id: z
        .string()
        .regex(/^\d{1,15}$/, { error: 'node_id must be a whole number' })
        .transform((v) => Number(v))
        .optional(),
    }),
    answer: comboTreeResponse,
    errors: [404],
  },
  getLatestTierZeroComboNode: {
    method: 'GET',
    path: '/api/v2/meta-nodes/{domain_id}',
    access: needs(P.GraphDbRead),
    enterprise: true,
    summary: "A domain's Tier Zero combo node",
    params: { domain_id: environmentIdParam },
    query: z.object(zoneParam),
    answer: tierZeroComboNodeResponse,
    errors: [404],
  },
});
