/**
 * Application config parameters and feature flags (`adminOps`); reference `model.app-config-param`, `model.feature-flag`,
 * operations ListAppConfigParams, SetAppConfigParam, ListFeatureFlags,
 * ToggleFeatureFlag.
 */
import { z } from 'zod';
import type { FilterParam } from '../list-query';
import { baseFields, intPathParam } from './wire-format';
import {
  CONFIG_KEY_MAX_LENGTH,
  CONFIG_TEXT_MAX_LENGTH,
  EULA_TEXT_MAX_LENGTH,
  fieldError,
  requiredText,
  tooLongMessage,
} from './field-rules';

/** A parameter's value: a free-form JSON object. */
export const configValue = z.record(z.string(), z.unknown());
export type ConfigValue = z.infer<typeof configValue>;

/** Application config parameter / reference `model.app-config-param`. */
export const configParameter = z.object({
  ...baseFields,
  key: z.string(),
  value: configValue,
  name: z.string(),
  description: z.string(),
});
export type ConfigParameter = z.infer<typeof configParameter>;

/** `adminOps.listAppConfigParams`: `{ data: configParameter[] }` (not paginated). */
export const configListResponse = z.object({ data: z.array(configParameter) });
export type ConfigListResponse = z.infer<typeof configListResponse>;

/** Feature flag / reference `model.feature-flag`. */
export const featureFlag = z.object({
  ...baseFields,
  key: z.string(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  user_updatable: z.boolean(),
});
export type FeatureFlag = z.infer<typeof featureFlag>;

/** `adminOps.listFeatureFlags`: `{ data: featureFlag[] }` (not paginated). */
export const featuresListResponse = z.object({ data: z.array(featureFlag) });
export type FeaturesListResponse = z.infer<typeof featuresListResponse>;

/** PUT /api/v2/features/{feature_id}/toggle (reference ToggleFeatureFlag): `{ data: { enabled } }`. */
export const featureToggleResponse = z.object({ data: z.object({ enabled: z.boolean() }) });
export type FeatureToggleResponse = z.infer<typeof featureToggleResponse>;

// ---------------------------------------------------------------------------
// Known parameter values
// ---------------------------------------------------------------------------
//
// The reference documents `value` only as a free-form object and names no
// keys. The keys and value shapes below come from the upstream server source
// (BloodHound `cmd/api/src/model/appcfg/parameter.go`). Upstream rejects a PUT
// whose value has a different number of fields than the parameter's struct,
// so these are strict objects with every field required.

const ISO_DURATION =
  /^P(?!$)(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?=\d)(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/**
 * Seconds in an ISO 8601 duration such as "P90D" or "PT8H" (years count 365
 * days, months 30, like upstream's iso8601duration); null if malformed.
 */
export function isoDurationSeconds(s: string): number | null {
  const m = ISO_DURATION.exec(s);
  if (!m) return null;
  const n = (i: number) => (m[i] ? Number(m[i]) : 0);
  return n(1) * 365 * 86400 + n(2) * 30 * 86400 + n(3) * 7 * 86400 + n(4) * 86400 + n(5) * 3600 + n(6) * 60 + n(7);
}

/** Text inside a configuration value: at most {@link CONFIG_TEXT_MAX_LENGTH} characters (checked before anything else). */
function configText(text: z.ZodString, label: string, max = CONFIG_TEXT_MAX_LENGTH) {
  return text.max(max, { error: tooLongMessage(label, max), abort: true });
}

/** An ISO 8601 duration string, optionally bounded in days. */
function isoDuration(label: string, bounds?: { minDays: number; maxDays: number }) {
  return configText(z.string({ error: fieldError(label, 'an ISO 8601 duration such as "P90D"') }), label).superRefine(
    (s, ctx) => {
      const secs = isoDurationSeconds(s);
      if (secs === null) {
        ctx.addIssue({ code: 'custom', message: `${label} must be an ISO 8601 duration such as "P90D"` });
      } else if (bounds && (secs < bounds.minDays * 86400 || secs > bounds.maxDays * 86400)) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be between ${bounds.minDays} and ${bounds.maxDays} days`,
        });
      }
    },
  );
}

const enabledValue = (label: string) => z.strictObject({ enabled: z.boolean({ error: fieldError(label, 'true or false') }) });

const positiveInt = (label: string) =>
  z.int({ error: fieldError(label, 'a whole number') }).min(1, { error: `${label} must be at least 1` });

/** Upstream parameter keys. */
export const ConfigKey = {
  PasswordExpirationWindow: 'auth.password_expiration_window',
  SessionTtlHours: 'auth.session_ttl_hours',
  Neo4jConfigs: 'neo4j.configuration',
  CitrixRdpSupport: 'analysis.citrix_rdp_support',
  PruneTtl: 'prune.ttl',
  Reconciliation: 'analysis.reconciliation',
  ScheduledAnalysis: 'analysis.scheduled',
  TrustedProxies: 'http.trusted_proxies',
  FedEulaCustomText: 'eula.custom_text',
  Tiering: 'analysis.tiering',
  Tagging: 'analysis.tagging',
  StaleClientUpdatedLogic: 'pipeline.updated_stale_client',
  RetainIngestedFiles: 'analysis.retain_ingest_files',
  ApiTokens: 'auth.api_tokens',
  TimeoutLimit: 'api.timeout_limit',
  EnvironmentTargetedAccessControl: 'auth.environment_targeted_access_control',
} as const;
export type ConfigKeyValue = (typeof ConfigKey)[keyof typeof ConfigKey];

/** Keys upstream lets PUT /api/v2/config change (upstream `IsValidKey`). */
export const USER_UPDATABLE_CONFIG_KEYS = [
  ConfigKey.PasswordExpirationWindow,
  ConfigKey.Neo4jConfigs,
  ConfigKey.PruneTtl,
  ConfigKey.CitrixRdpSupport,
  ConfigKey.Reconciliation,
  ConfigKey.ScheduledAnalysis,
] as const;

/** Keys upstream refuses to change through the API (upstream `IsProtectedKey`). */
export const PROTECTED_CONFIG_KEYS = [
  ConfigKey.TrustedProxies,
  ConfigKey.FedEulaCustomText,
  ConfigKey.Tiering,
  ConfigKey.SessionTtlHours,
  ConfigKey.StaleClientUpdatedLogic,
  ConfigKey.RetainIngestedFiles,
  ConfigKey.Tagging,
  ConfigKey.TimeoutLimit,
  ConfigKey.ApiTokens,
  ConfigKey.EnvironmentTargetedAccessControl,
] as const;

/** `auth.password_expiration_window`: `{ duration }`, ISO 8601 (upstream default "P90D"). */
export const passwordExpirationValue = z.strictObject({
  duration: isoDuration('Password expiration window'),
});
/** `auth.session_ttl_hours`: `{ hours }` (upstream default 8). */
export const sessionTtlHoursValue = z.strictObject({ hours: positiveInt('Session length in hours') });
/** `neo4j.configuration`: `{ write_flush_size, batch_write_size }`. */
export const neo4jConfigurationValue = z.strictObject({
  write_flush_size: positiveInt('Write flush size'),
  batch_write_size: positiveInt('Batch write size'),
});
/** `prune.ttl`: `{ base_ttl (P4D–P30D), has_session_edge_ttl (P2D–P7D) }` (upstream defaults P7D, P3D). */
export const pruneTtlValue = z.strictObject({
  base_ttl: isoDuration('Base TTL', { minDays: 4, maxDays: 30 }),
  has_session_edge_ttl: isoDuration('Session edge TTL', { minDays: 2, maxDays: 7 }),
});
/** `analysis.scheduled`: `{ enabled, rrule }`. */
export const scheduledAnalysisValue = z.strictObject({
  enabled: z.boolean({ error: fieldError('Scheduled analysis', 'true or false') }),
  rrule: configText(z.string({ error: fieldError('Schedule (RRULE)', 'text') }), 'Schedule (RRULE)'),
});
/** `http.trusted_proxies`: `{ trusted_proxies }`. */
export const trustedProxiesValue = z.strictObject({
  trusted_proxies: z.int({ error: fieldError('Trusted proxies', 'a whole number') }).min(0),
});
/** `eula.custom_text`: `{ custom_text }`. */
export const eulaCustomTextValue = z.strictObject({
  custom_text: configText(z.string({ error: fieldError('EULA text', 'text') }), 'EULA text', EULA_TEXT_MAX_LENGTH),
});
/** `analysis.tiering`: `{ tier_limit, label_limit, multi_tier_analysis_enabled }`. */
export const tieringValue = z.strictObject({
  tier_limit: z.int({ error: fieldError('Tier limit', 'a whole number') }),
  label_limit: z.int({ error: fieldError('Label limit', 'a whole number') }),
  multi_tier_analysis_enabled: z.boolean({ error: fieldError('Multi-tier analysis', 'true or false') }),
});
/** `analysis.tagging`: worker limits. */
export const taggingValue = z.strictObject({
  dawgs_worker_limit: positiveInt('DAWGS worker limit'),
  expansion_worker_limit: positiveInt('Expansion worker limit'),
  selector_worker_limit: positiveInt('Selector worker limit'),
});

/** Typed value schema per known upstream config key. */
export const knownConfigValues: Record<string, z.ZodType> = {
  [ConfigKey.PasswordExpirationWindow]: passwordExpirationValue,
  [ConfigKey.SessionTtlHours]: sessionTtlHoursValue,
  [ConfigKey.Neo4jConfigs]: neo4jConfigurationValue,
  [ConfigKey.CitrixRdpSupport]: enabledValue('Citrix RDP support'),
  [ConfigKey.PruneTtl]: pruneTtlValue,
  [ConfigKey.Reconciliation]: enabledValue('Reconciliation'),
  [ConfigKey.ScheduledAnalysis]: scheduledAnalysisValue,
  [ConfigKey.TrustedProxies]: trustedProxiesValue,
  [ConfigKey.FedEulaCustomText]: eulaCustomTextValue,
  [ConfigKey.Tiering]: tieringValue,
  [ConfigKey.Tagging]: taggingValue,
  [ConfigKey.StaleClientUpdatedLogic]: enabledValue('Updated stale-client logic'),
  [ConfigKey.RetainIngestedFiles]: enabledValue('Retain ingested files'),
  [ConfigKey.ApiTokens]: enabledValue('API tokens'),
  [ConfigKey.TimeoutLimit]: enabledValue('Timeout limit'),
  [ConfigKey.EnvironmentTargetedAccessControl]: enabledValue('Environment targeted access control'),
};

/**
 * PUT /api/v2/config body (reference SetAppConfigParam; upstream reads only
 * `key` and `value`). `value` must be a non-empty object; for a known key it is
 * also checked against `knownConfigValues` (issues land under `value.*`).
 */
export const setConfigBody = z
  .object({
    key: requiredText('Parameter key', { max: CONFIG_KEY_MAX_LENGTH }),
    value: z
      .record(z.string(), z.unknown(), { error: fieldError('Value', 'an object') })
      .refine((v) => Object.keys(v).length > 0, { error: 'Value must not be empty' }),
  })
  .superRefine((body, ctx) => {
    const schema = knownConfigValues[body.key];
    if (!schema) return;
    const result = schema.safeParse(body.value);
    if (!result.success) {
      for (const issue of result.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['value', ...issue.path] });
      }
    }
  });
export type SetConfigBody = z.infer<typeof setConfigBody>;

/** PUT /api/v2/config response (reference SetAppConfigParam): `{ data: { key, value } }`. */
export const setConfigResponse = z.object({
  data: z.object({ key: z.string(), value: configValue }),
});
export type SetConfigResponse = z.infer<typeof setConfigResponse>;

/** `parameter=eq:<key>`: the only filter GET /api/v2/config takes (the predicate is required; only eq). */
export const configParameterFilter: FilterParam = z.string({ error: 'parameter may be given once.' }).transform((raw, ctx) => {
  const match = /^eq:(.+)$/.exec(raw);
  if (!match) {
    ctx.addIssue({
      code: 'custom',
      message: `parameter must be written eq:<key> (for example eq:${ConfigKey.PasswordExpirationWindow}), not "${raw}".`,
      input: raw,
    });
    return z.NEVER;
  }
  return { predicate: 'eq', value: match[1]! };
});

/** A feature flag's id in a path. */
export const featureIdParam = intPathParam('feature_id');
