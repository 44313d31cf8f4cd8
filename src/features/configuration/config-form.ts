import { rrulestr } from 'rrule';
import { z } from 'zod';
import {
  ConfigKey,
  PROTECTED_CONFIG_KEYS,
  USER_UPDATABLE_CONFIG_KEYS,
  isoDurationSeconds,
  knownConfigValues,
  type ConfigValue,
} from '@/api/schemas/config';
import { plural } from '@/shared/words';

/**
 * The known config parameters as forms: one field per value property, with
 * labels that match the shared schema's messages, so client and server speak
 * of the same field in the same words.
 */
export type FieldType = 'boolean' | 'int' | 'duration' | 'text' | 'multiline' | 'rrule';

export interface FieldSpec {
  name: string;
  label: string;
  type: FieldType;
  helper?: string;
}

const enabled = (label: string): FieldSpec[] => [{ name: 'enabled', label, type: 'boolean' }];

export const CONFIG_FIELDS: Record<string, FieldSpec[]> = {
  [ConfigKey.PasswordExpirationWindow]: [
    {
      name: 'duration',
      label: 'Password expiration window',
      type: 'duration',
      helper: 'An ISO 8601 duration: P90D is 90 days, P12W 12 weeks, P1Y a year.',
    },
  ],
  [ConfigKey.SessionTtlHours]: [{ name: 'hours', label: 'Session length in hours', type: 'int' }],
  [ConfigKey.Neo4jConfigs]: [
    { name: 'write_flush_size', label: 'Write flush size', type: 'int' },
    { name: 'batch_write_size', label: 'Batch write size', type: 'int' },
  ],
  [ConfigKey.CitrixRdpSupport]: enabled('Citrix RDP support'),
  [ConfigKey.PruneTtl]: [
    { name: 'base_ttl', label: 'Base TTL', type: 'duration', helper: 'From 4 to 30 days, e.g. P7D.' },
    { name: 'has_session_edge_ttl', label: 'Session edge TTL', type: 'duration', helper: 'From 2 to 7 days, e.g. P3D.' },
  ],
  [ConfigKey.Reconciliation]: enabled('Reconciliation'),
  [ConfigKey.ScheduledAnalysis]: [
    { name: 'enabled', label: 'Scheduled analysis', type: 'boolean' },
    {
      name: 'rrule',
      label: 'Schedule (RRULE)',
      type: 'rrule',
      helper:
        'An RFC 5545 recurrence rule, e.g. FREQ=DAILY;INTERVAL=1;BYHOUR=2;BYMINUTE=0. Required when scheduled analysis is on.',
    },
  ],
  [ConfigKey.TrustedProxies]: [{ name: 'trusted_proxies', label: 'Trusted proxies', type: 'int' }],
  [ConfigKey.FedEulaCustomText]: [{ name: 'custom_text', label: 'EULA text', type: 'multiline' }],
  [ConfigKey.Tiering]: [
    { name: 'tier_limit', label: 'Tier limit', type: 'int' },
    { name: 'label_limit', label: 'Label limit', type: 'int' },
    { name: 'multi_tier_analysis_enabled', label: 'Multi-tier analysis', type: 'boolean' },
  ],
  [ConfigKey.Tagging]: [
    { name: 'dawgs_worker_limit', label: 'DAWGS worker limit', type: 'int' },
    { name: 'expansion_worker_limit', label: 'Expansion worker limit', type: 'int' },
    { name: 'selector_worker_limit', label: 'Selector worker limit', type: 'int' },
  ],
  [ConfigKey.StaleClientUpdatedLogic]: enabled('Updated stale-client logic'),
  [ConfigKey.RetainIngestedFiles]: enabled('Retain ingested files'),
  [ConfigKey.ApiTokens]: enabled('API tokens'),
  [ConfigKey.TimeoutLimit]: enabled('Timeout limit'),
  [ConfigKey.EnvironmentTargetedAccessControl]: enabled('Environment targeted access control'),
};

export type Editability = { editable: true } | { editable: false; reason: string };

/** Whether the console offers to change a parameter: upstream refuses its protected keys. */
export function editabilityOf(key: string): Editability {
  if ((PROTECTED_CONFIG_KEYS as readonly string[]).includes(key)) {
    return { editable: false, reason: 'Managed by the server: the API does not accept changes to this parameter.' };
  }
  return { editable: true };
}

/** True for the keys upstream documents as changeable (the others that are not protected are unknown to this console). */
export function isKnownUpdatable(key: string): boolean {
  return (USER_UPDATABLE_CONFIG_KEYS as readonly string[]).includes(key);
}

/** Fields of a parameter's value, or null when the value should be shown and edited as JSON. */
export function fieldsFor(key: string, value: ConfigValue): FieldSpec[] | null {
  const fields = CONFIG_FIELDS[key];
  if (!fields) return null;
  // A server whose value has other properties than this console knows: fall back to JSON rather than drop any.
  const names = new Set(fields.map((f) => f.name));
  const valueKeys = Object.keys(value);
  if (valueKeys.length !== names.size || valueKeys.some((k) => !names.has(k))) return null;
  return fields;
}

export type FormValues = Record<string, string | boolean>;

/** The form's starting values from a parameter's value. */
export function toFormValues(fields: FieldSpec[], value: ConfigValue): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = value[f.name];
    out[f.name] = f.type === 'boolean' ? v === true : v === undefined || v === null ? '' : String(v);
  }
  return out;
}

/** A schema from the form's values to the parameter's value, checked by the shared value schema. */
export function valueSchemaFor(key: string, fields: FieldSpec[]): z.ZodType<ConfigValue, FormValues> {
  const shape: Record<string, z.ZodType> = {};
  for (const f of fields) {
    if (f.type === 'boolean') shape[f.name] = z.boolean();
    else if (f.type === 'int') {
      shape[f.name] = z
        .string()
        .trim()
        .min(1, { error: `${f.label} is required`, abort: true })
        .regex(/^-?\d+$/, { error: `${f.label} must be a whole number` })
        .transform(Number);
    } else if (f.type === 'duration') {
      shape[f.name] = z
        .string()
        .trim()
        .toUpperCase()
        .min(1, { error: `${f.label} is required` });
    } else shape[f.name] = f.type === 'rrule' ? z.string().trim() : z.string();
  }
  const known = knownConfigValues[key] ?? z.record(z.string(), z.unknown());
  let schema: z.ZodType = z.object(shape).transform((v, ctx) => {
    const result = known.safeParse(v);
    if (result.success) return result.data as ConfigValue;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });
  if (key === ConfigKey.ScheduledAnalysis) {
    schema = schema.superRefine((v, ctx) => {
      const value = v as { enabled: boolean; rrule: string };
      if (!value.enabled && value.rrule === '') return;
      const problem = rruleProblem(value.rrule);
      if (value.enabled && value.rrule === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['rrule'],
          message: 'A schedule (RRULE) is required when scheduled analysis is on',
        });
      } else if (problem) ctx.addIssue({ code: 'custom', path: ['rrule'], message: problem });
    });
  }
  return schema as z.ZodType<ConfigValue, FormValues>;
}

/** Why a recurrence rule does not parse, or null if it does. */
export function rruleProblem(rule: string): string | null {
  try {
    rrulestr(rule);
    return /FREQ=/i.test(rule) ? null : 'The schedule needs a FREQ, e.g. FREQ=DAILY';
  } catch (e) {
    return `The schedule is not a valid RRULE: ${(e as Error).message}`;
  }
}

/** "every day at 2 AM"-style words for a rule, or null. */
export function rruleText(rule: string): string | null {
  if (!rule || rruleProblem(rule)) return null;
  try {
    return rrulestr(rule).toText();
  } catch {
    return null;
  }
}

/** "90 days", "8 hours", "1 year" for an ISO 8601 duration, or null if malformed. */
export function durationText(iso: string): string | null {
  const secs = isoDurationSeconds(iso.trim().toUpperCase());
  if (secs === null) return null;
  const units: [number, string][] = [
    [365 * 86400, 'year'],
    [7 * 86400, 'week'],
    [86400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  if (secs === 0) return '0 seconds';
  // Days read best for week multiples under a year too (P14D → 14 days), so weeks only when written as weeks.
  const days = secs / 86400;
  if (Number.isInteger(days) && !/W/i.test(iso) && secs < 365 * 86400) return plural(days, 'day');
  for (const [size, name] of units) {
    if (secs % size === 0) {
      const n = secs / size;
      return plural(n, name);
    }
  }
  return `${secs} seconds`;
}

/** The JSON editor's schema for values this console has no form for: a non-empty JSON object. */
export const jsonValueSchema = z.object({
  json: z.string().transform((text, ctx): ConfigValue => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: `The value is not valid JSON: ${(e as Error).message}` });
      return z.NEVER;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      ctx.addIssue({ code: 'custom', message: 'The value must be a JSON object, such as {"enabled": true}' });
      return z.NEVER;
    }
    if (Object.keys(parsed).length === 0) {
      ctx.addIssue({ code: 'custom', message: 'The value must not be an empty object' });
      return z.NEVER;
    }
    return parsed as ConfigValue;
  }),
});
