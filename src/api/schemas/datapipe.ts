/**
 * The data pipeline, analysis requests and clearing the database — reference
 * operations GetDatapipeStatus, GetAnalysisRequest, StartAnalysis,
 * CancelAnalysisRequest and DeleteBloodHoundDatabase.
 */
import { z } from 'zod';
import { labelsFor } from '../../shared/value-labels';
import { timestamp } from './wire-format';
import { fieldError } from './field-rules';

/**
 * Reference `enum.datapipe-status`. The console reads the status as open-ended
 * text: a server that adds a state (newer upstream versions do) shows it as it
 * came rather than failing the top bar.
 */
export const DATAPIPE_STATUSES = ['idle', 'ingesting', 'analyzing'] as const;
export type KnownDatapipeStatus = (typeof DATAPIPE_STATUSES)[number];

/** "Idle", "Ingesting", "Analyzing"; any other state as it came, unknown. */
export const datapipeStatusLabel = labelsFor({ idle: 'Idle', ingesting: 'Ingesting', analyzing: 'Analyzing' } satisfies Record<
  KnownDatapipeStatus,
  string
>);

/** GET /api/v2/datapipe/status `data`. `next_scheduled_analysis_at` is enterprise-only. */
export const datapipeStatus = z.object({
  status: z.string(),
  updated_at: timestamp,
  last_complete_analysis_at: timestamp,
  last_analysis_run_at: timestamp,
  next_scheduled_analysis_at: timestamp.optional(),
});
export type DatapipeStatus = z.infer<typeof datapipeStatus>;
export const datapipeStatusResponse = z.object({ data: datapipeStatus });

/**
 * GET /api/v2/analysis `data`: the pending analysis request, or its zero value
 * when none is pending (empty strings, false, null arrays, requested_at
 * 0001-01-01T00:00:00Z). `request_type` is `analysis` for "analyze now" and
 * `deletion` for the re-analysis a clear-database asks for.
 */
export const analysisRequest = z.object({
  requested_by: z.string(),
  request_type: z.string(),
  requested_at: timestamp,
  delete_all_graph: z.boolean(),
  delete_sourceless_graph: z.boolean(),
  delete_source_kinds: z.array(z.string()).nullable(),
  delete_relationships: z.array(z.string()).nullable(),
});
export type AnalysisRequest = z.infer<typeof analysisRequest>;
export const analysisRequestResponse = z.object({ data: analysisRequest });

/** Whether an analysis request is pending (its zero value has an empty `request_type`). */
export function isPendingAnalysis(request: AnalysisRequest): boolean {
  return request.request_type !== '';
}

/**
 * Source kinds a clear-database may name (`deleteSourceKinds`): upstream's
 * `source_kinds` table starts with these two; 0 is the special "sourceless"
 * value (nodes attributed to no source kind).
 */
export const SOURCE_KINDS = [
  { id: 1, name: 'Base', label: 'Active Directory' },
  { id: 2, name: 'AZBase', label: 'Azure' },
] as const;
export const SOURCELESS_SOURCE_KIND = 0;

/**
 * Upstream's Active Directory relationship kinds (`deleteRelationships` names them). The reference has
 * no operation listing a server's kinds: the console offers these (any other may be typed) and the mock
 * knows these plus the kinds in its graph.
 */
export const AD_RELATIONSHIP_KINDS: readonly string[] = [
  'HasSession',
  'MemberOf',
  'AdminTo',
  'CanRDP',
  'CanPSRemote',
  'ExecuteDCOM',
  'SQLAdmin',
  'AllowedToDelegate',
  'AllowedToAct',
  'HasSIDHistory',
  'GenericAll',
  'GenericWrite',
  'WriteOwner',
  'WriteDacl',
  'Owns',
  'AddMember',
  'AddSelf',
  'ForceChangePassword',
  'AllExtendedRights',
  'ReadLAPSPassword',
  'ReadGMSAPassword',
  'DCSync',
  'GetChanges',
  'GetChangesAll',
  'GetChangesInFilteredSet',
  'Contains',
  'GPLink',
  'TrustedBy',
  'AddKeyCredentialLink',
  'AddAllowedToAct',
  'WriteAccountRestrictions',
  'WriteSPN',
  'WriteGPLink',
  'DumpSMSAPassword',
  'SyncLAPSPassword',
  'CoerceToTGT',
  'LocalToComputer',
  'MemberOfLocalGroup',
  'RemoteInteractiveLogonRight',
  'ADCSESC1',
  'Enroll',
  'ManageCA',
  'ManageCertificates',
];

const intList = (label: string) =>
  z.array(z.int({ error: `${label} must list whole numbers` }), { error: fieldError(label, 'a list of whole numbers') });

/**
 * POST /api/v2/clear-database body (reference DeleteBloodHoundDatabase).
 * Each field optional; the mock and the console refuse a body that chooses
 * nothing, and `deleteCollectedGraphData` together with `deleteSourceKinds`
 * or `deleteRelationships`, as the reference says.
 */
export const clearDatabaseBody = z
  .object({
    deleteCollectedGraphData: z.boolean({ error: fieldError('deleteCollectedGraphData', 'true or false') }).optional(),
    deleteSourceKinds: intList('deleteSourceKinds').optional(),
    deleteRelationships: z
      .array(z.string({ error: 'deleteRelationships must list relationship kind names' }), {
        error: fieldError('deleteRelationships', 'a list of relationship kind names'),
      })
      .optional(),
    deleteFileIngestHistory: z.boolean({ error: fieldError('deleteFileIngestHistory', 'true or false') }).optional(),
    deleteDataQualityHistory: z.boolean({ error: fieldError('deleteDataQualityHistory', 'true or false') }).optional(),
    deleteAssetGroupSelectors: intList('deleteAssetGroupSelectors').optional(),
  })
  .strict();
export type ClearDatabaseBody = z.output<typeof clearDatabaseBody>;
