/**
 * Attack paths and risk posture (enterprise): the findings an analysis reports, their risk acceptance, the
 * per-environment posture figures and their history, and the combo tree of an environment. Reference
 * shapes: `api.response.finding`, `model.relationship-finding`, `model.list-finding`,
 * `model.unified-finding`, `model.risk-counts`, `model.risk-posture-stat`, `api.response.time-window`,
 * `enum.risk-acceptance`, `enum.posture-history-type`, `model.bh-graph.*`.
 */
import { z } from 'zod';
import { dataEnvelope, paginationFields, timestamp, timestampFields } from './wire-format';

export const SEVERITIES = ['critical', 'high', 'moderate', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const FINDING_KINDS = ['relationship', 'list'] as const;

/** A finding's status over analyses (upstream's lifecycle). */
export const FINDING_STATUSES = ['active', 'accepted', 'remediated', 'deprecated', 'orphaned'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];

/** Reference `enum.risk-acceptance`: which findings a table or export holds by acceptance. */
export const RISK_ACCEPTANCE = ['accepted', 'unaccepted', 'all', ''] as const;
export const riskAcceptance = z.enum(RISK_ACCEPTANCE, { error: 'filterAccepted must be accepted, unaccepted, all or empty' });

/** Reference `enum.posture-history-type`. */
export const POSTURE_HISTORY_TYPES = [
  'findings',
  'exposure',
  'assets',
  'session-completeness',
  'group-completeness',
  'attack-paths',
  'archived-findings',
] as const;
export type PostureHistoryType = (typeof POSTURE_HISTORY_TYPES)[number];
export const postureHistoryTypeParam = z.enum(POSTURE_HISTORY_TYPES, {
  error: `data_type must be one of ${POSTURE_HISTORY_TYPES.join(', ')}`,
});

/** Reference `api.response.time-window`. */
export const timeWindowFields = { start: timestamp, end: timestamp };

/** A finding's id in a path. */
export const attackPathIdParam = z
  .string()
  .regex(/^\d{1,15}$/, { error: 'attack_path_id must be a whole number' })
  .transform((v) => Number(v));

/** GET /api/v2/attack-path-types and …/available-types: finding names. */
export const attackPathTypesResponse = z.object({ data: z.array(z.string()) });

/** GET /api/v2/attack-paths/finding-types: `{ finding, title }`, by title. */
export const findingTypesResponse = z.object({
  data: z.array(z.object({ finding: z.string(), title: z.string() })),
});

/** One row of the unified findings list (GET /api/v2/attack-paths/findings, JSON). */
export const attackPathFinding = z.object({
  /** The mock's row id; the reference's `model.unified-finding` has none. */
  id: z.int().optional(),
  severity: z.enum(SEVERITIES),
  finding_type: z.enum(FINDING_KINDS),
  finding: z.string(),
  title: z.string(),
  platform: z.string(),
  environment_id: z.string(),
  environment_name: z.string(),
  asset_group_tag_id: z.int(),
  zone_name: z.string(),
  source_principal_id: z.string(),
  source_principal_kind: z.string(),
  source_principal_name: z.string(),
  target_principal_id: z.string(),
  target_principal_kind: z.string(),
  target_principal_name: z.string(),
  status: z.enum(FINDING_STATUSES),
  first_seen: timestamp,
  last_seen: timestamp,
});
export type AttackPathFinding = z.infer<typeof attackPathFinding>;

export const attackPathFindingsResponse = z.object({ ...paginationFields, data: z.array(attackPathFinding) });

const props = z.record(z.string(), z.unknown());
const severityOrNone = z.enum([...SEVERITIES, '']);

/** Reference `model.relationship-finding` (with `Accepted`). */
export const relationshipFinding = z.object({
  id: z.int(),
  ...timestampFields,
  FromPrincipal: z.string(),
  ToPrincipal: z.string(),
  FromPrincipalProps: props,
  FromPrincipalKind: z.string(),
  ToPrincipalProps: props,
  ToPrincipalKind: z.string(),
  RelProps: props,
  ComboGraphRelationID: z.object({ int64: z.int(), valid: z.boolean() }),
  Finding: z.string(),
  DomainSID: z.string(),
  PrincipalHash: z.string(),
  AcceptedUntil: timestamp,
  ImpactPercentage: z.number(),
  ImpactCount: z.int(),
  ExposurePercentage: z.number(),
  ExposureCount: z.int(),
  Severity: severityOrNone,
  Accepted: z.boolean(),
});

/** Reference `model.list-finding` (with `Accepted`). */
export const listFinding = z.object({
  id: z.int(),
  ...timestampFields,
  Principal: z.string(),
  PrincipalKind: z.string(),
  Finding: z.string(),
  DomainSID: z.string(),
  Props: props,
  AcceptedUntil: timestamp,
  ImpactPercentage: z.number(),
  ImpactCount: z.int(),
  Severity: severityOrNone,
  Accepted: z.boolean(),
});

/** Reference `api.response.finding`: one finding after its acceptance changed. */
export const findingResponse = dataEnvelope(z.union([relationshipFinding, listFinding]));

/** GET /api/v2/domains/{domain_id}/details (JSON): one type's findings in a domain. */
export const domainFindingsResponse = z.object({
  ...paginationFields,
  data: z.union([z.array(relationshipFinding), z.array(listFinding)]),
});

/** PUT /api/v2/attack-paths/{attack_path_id}/acceptance. */
export const riskAcceptanceBody = z.object({
  risk_type: z.string({ error: 'risk_type must be text' }).optional(),
  accept_until: z.iso.datetime({ offset: true, error: 'accept_until must be an RFC 3339 date-time' }).optional(),
  accepted: z.boolean({ error: 'accepted is required: true or false' }),
  /** Why the risk is accepted: kept in the audit log entry (the console's addition; upstream ignores it). */
  note: z.string({ error: 'note must be text' }).trim().max(500, { error: 'note must be at most 500 characters' }).optional(),
});

/** Reference `model.unified-finding`, one of the two forms. */
export const unifiedFinding = z.object({
  target_id: z.string(),
  target_kind: z.string(),
  target_properties: z.unknown(),
  source_id: z.string().optional(),
  source_kind: z.string().optional(),
  source_properties: z.unknown().optional(),
  attack_path_edge_id: z.int().optional(),
  finding_name: z.string(),
  environment_id: props,
  impact_percentage: z.number(),
  impact_count: z.number(),
  exposure_percentage: z.number().optional(),
  exposure_count: z.number().optional(),
  accepted_until: z.int(),
  asset_group: z.string(),
});

/** GET /api/v2/attack-paths/details: every found finding, and each type's documentation as Base64 files. */
export const allFindingsResponse = z.object({
  findings: z.array(unifiedFinding),
  finding_assets: z.record(z.string(), z.record(z.string(), z.unknown())),
});

/** GET /api/v2/attack-paths/finding-trends. */
export const findingTrendsResponse = z.object({
  ...timeWindowFields,
  environments: z.array(z.string()),
  data: z.object({
    findings: z.array(
      z.object({
        environment_ids: z.array(z.string()),
        finding: z.string(),
        display_title: z.string(),
        display_type: z.string(),
        composite_risk: z.number(),
        finding_count_start: z.int(),
        finding_count_end: z.int(),
        finding_count_increase: z.int(),
        finding_count_decrease: z.int(),
        impact_count: z.int().nullable(),
        exposure_count: z.int().nullable(),
        archived_count: z.int(),
      }),
    ),
    total_finding_count_start: z.int(),
    total_finding_count_end: z.int(),
  }),
});

/** Reference `model.risk-counts`. */
export const riskCounts = z.object({
  id: z.int(),
  ...timestampFields,
  CompositeRisk: z.number(),
  FindingCount: z.int(),
  ImpactedAssetCount: z.int(),
  DomainSID: z.string(),
  Finding: z.string(),
});

/** GET /api/v2/domains/{domain_id}/sparkline. */
export const sparklineResponse = z.object({ ...timeWindowFields, data: z.array(riskCounts) });

/** Reference `model.risk-posture-stat`. */
export const riskPostureStat = z.object({
  id: z.int(),
  ...timestampFields,
  domain_sid: z.string(),
  exposure_index: z.number(),
  tier_zero_count: z.int(),
  critical_risk_count: z.int(),
});

/** GET /api/v2/posture-stats. */
export const postureStatsResponse = z.object({ ...paginationFields, ...timeWindowFields, data: z.array(riskPostureStat) });

/** GET /api/v2/posture-history/{data_type}. */
export const postureHistoryResponse = z.object({
  ...timeWindowFields,
  environments: z.array(z.string()),
  data_type: z.enum(POSTURE_HISTORY_TYPES),
  data: z.array(z.object({ date: timestamp, value: z.number() })),
});

/** Reference `model.bh-graph.node` and `.edge`, as the mock writes them. */
export const comboNode = z.looseObject({
  label: z.looseObject({ text: z.string() }).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export const comboEdge = z.looseObject({
  id1: z.string(),
  id2: z.string(),
  label: z.looseObject({ text: z.string() }).optional(),
});

/** GET /api/v2/meta-trees/{domain_id}: the combo graph's nodes and edges by id. */
export const comboTreeResponse = dataEnvelope(z.record(z.string(), z.union([comboEdge, comboNode])));

/** GET /api/v2/meta-nodes/{domain_id}: the environment's Tier Zero combo node by id. */
export const tierZeroComboNodeResponse = dataEnvelope(z.record(z.string(), comboNode));
