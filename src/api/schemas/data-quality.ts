/**
 * Domains and data quality — reference GetAvailableDomains (`model.domain-selector`)
 * and GetAdDomainDataQualityStats (`model.ad-data-quality-stat`).
 */
import { z } from 'zod';
import { paginationFields, timestamp, timestampFields, uuidString } from './wire-format';

/**
 * Reference `model.domain-selector`. `type` is open-ended text (`active-directory`
 * and `azure` upstream; OpenGraph environments add more). `impactValue` and
 * `exposures` are enterprise-only.
 */
export const domainSelector = z.object({
  type: z.string(),
  name: z.string(),
  id: z.string(),
  collected: z.boolean(),
  environment_kind_id: z.int().optional(),
  environment_kind_name: z.string().optional(),
  environment_kind_display_name: z.string().optional(),
  impactValue: z.int().optional(),
  hygiene_attack_paths: z.int().optional(),
});
export type DomainSelector = z.infer<typeof domainSelector>;

/** GET /api/v2/available-domains: `{ data: DomainSelector[] }`. */
export const availableDomainsResponse = z.object({ data: z.array(domainSelector) });

/** The counts a data-quality point holds, in the order the console shows them. */
export const AD_DATA_QUALITY_COUNTS = [
  'users',
  'groups',
  'computers',
  'ous',
  'containers',
  'gpos',
  'aiacas',
  'rootcas',
  'enterprisecas',
  'ntauthstores',
  'certtemplates',
  'acls',
  'sessions',
  'relationships',
] as const;
export type AdDataQualityCount = (typeof AD_DATA_QUALITY_COUNTS)[number];

/** Reference `model.ad-data-quality-stat`: one domain's counts after one analysis run. Completeness is a 0–1 share. */
export const adDataQualityStat = z.object({
  id: z.int(),
  ...timestampFields,
  domain_sid: z.string(),
  ...(Object.fromEntries(AD_DATA_QUALITY_COUNTS.map((k) => [k, z.int()])) as Record<AdDataQualityCount, z.ZodInt>),
  session_completeness: z.number(),
  local_group_completeness: z.number(),
  run_id: uuidString,
});
export type AdDataQualityStat = z.infer<typeof adDataQualityStat>;

/** GET /api/v2/ad-domains/{domain_id}/data-quality-stats: paged, with the time window it covers. */
export const adDataQualityStatsResponse = z.object({
  ...paginationFields,
  start: timestamp,
  end: timestamp,
  data: z.array(adDataQualityStat),
});
export type AdDataQualityStatsResponse = z.infer<typeof adDataQualityStatsResponse>;

/** Sortable columns of the data-quality statistics (reference: created_at, updated_at). */
export const DATA_QUALITY_SORTABLE_COLUMNS = ['created_at', 'updated_at'] as const;
