/**
 * The audit log — reference ListAuditLogs (`model.audit-log`, `enum.audit-log-status`).
 */
import { parseISO } from 'date-fns';
import { z } from 'zod';
import { predicateFilter, type FilterParam } from '../list-query';
import { timestamp } from './wire-format';
import { timeFilterParam } from './users';

/**
 * Reference `enum.audit-log-status`: a change is written as `intent` before it
 * is made, then `success` or `failure` with the same `commit_id`. Read as
 * open-ended text.
 */
export const AUDIT_STATUSES = ['intent', 'success', 'failure'] as const;
export type KnownAuditStatus = (typeof AUDIT_STATUSES)[number];

/**
 * Action names: upstream's (`model.AuditLogAction`, cmd/api/src/model/auditlog.go)
 * where upstream has one, the mock's own in the same style where upstream
 * audits nothing (see docs/mock-server.md, "Audit log"). Read as open-ended text.
 */
export const AUDIT_ACTIONS = [
  'LoginAttempt',
  'UnauthorizedAccessAttempt',
  'CreateUser',
  'UpdateUser',
  'DeleteUser',
  'CreateAuthSecret',
  'UpdateAuthSecret',
  'DeleteAuthSecret',
  'CreateAuthToken',
  'DeleteAuthToken',
  'CreateSAMLIdentityProvider',
  'UpdateSAMLIdentityProvider',
  'CreateOIDCIdentityProvider',
  'UpdateOIDCIdentityProvider',
  'UpdateSSOIdentityProvider',
  'DeleteSSOIdentityProvider',
  'CreateAssetGroup',
  'UpdateAssetGroup',
  'DeleteAssetGroup',
  'DeleteAssetGroupSelector',
  'UpdateParameter',
  'ToggleEarlyAccessFeatureFlag',
  'DeleteBloodhoundData',
  'CreateClient',
  'ReplaceClientToken',
  'ImportSavedQueries',
  'ExportSavedQuery',
  'ExportSavedQueries',
  // The mock's own names, in upstream's style, for changes upstream does not audit (docs/mock-server.md, "Audit log").
  'Logout',
  'UpdateAssetGroupSelectors',
  'RequestAnalysis',
  'CancelAnalysis',
  'StartFileUploadJob',
  'UploadFile',
  'EndFileUploadJob',
  'CreateSavedQuery',
  'UpdateSavedQuery',
  'DeleteSavedQuery',
  'ShareSavedQuery',
  'UnshareSavedQuery',
  'UpdateClient',
  'DeleteClient',
  'CreateClientTask',
  'CreateClientJob',
  'StartClientJob',
  'EndClientJob',
  'CancelClientJob',
  'CreateScheduledEvent',
  'UpdateScheduledEvent',
  'DeleteScheduledEvent',
  'UpdateDomain',
  'UpdateRiskAcceptance',
] as const;

/** Reference `model.audit-log`. `fields` holds what the change carried, secrets redacted. */
export const auditLog = z.object({
  id: z.int(),
  created_at: timestamp,
  actor_id: z.string(),
  actor_name: z.string(),
  actor_email: z.string(),
  action: z.string(),
  fields: z.record(z.string(), z.unknown()).nullable(),
  request_id: z.string(),
  source_ip_address: z.string(),
  commit_id: z.string(),
  status: z.string(),
});
export type AuditLog = z.infer<typeof auditLog>;

/**
 * GET /api/v2/audit: `{ data: { logs, count, skip, limit } }`. The reference
 * shows `logs` only; upstream's answer carries the paging beside it, so those
 * are read when present.
 */
export const auditLogsResponse = z.object({
  data: z.object({
    logs: z.array(auditLog),
    count: z.int().min(0).optional(),
    skip: z.int().min(0).optional(),
    limit: z.int().min(0).optional(),
  }),
});
export type AuditLogsResponse = z.infer<typeof auditLogsResponse>;

/** Sortable columns (reference ListAuditLogs). */
export const AUDIT_SORTABLE_COLUMNS = [
  'id',
  'actor_id',
  'actor_name',
  'actor_email',
  'action',
  'request_id',
  'created_at',
  'source',
  'status',
] as const;

/**
 * Filter parameters of GET /api/v2/audit and the predicates each takes:
 * upstream's (`AuditLogs.ValidFilters`): `eq`/`neq` on text, the comparisons
 * on `id` and `created_at`. `source` is the reference's name of
 * `source_ip_address` (both are accepted). A filter may be repeated, each
 * applying (`created_at=gte:…&created_at=lt:…`).
 */
export const AUDIT_FILTER_PREDICATES = {
  id: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'],
  actor_id: ['eq', 'neq'],
  actor_name: ['eq', 'neq'],
  actor_email: ['eq', 'neq'],
  action: ['eq', 'neq'],
  request_id: ['eq', 'neq'],
  source: ['eq', 'neq'],
  source_ip_address: ['eq', 'neq'],
  status: ['eq', 'neq'],
  created_at: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'],
} as const;
export type AuditFilterColumn = keyof typeof AUDIT_FILTER_PREDICATES;

/** `limit` of GET /api/v2/audit when none is given (upstream's default; also the most one page holds). */
export const AUDIT_DEFAULT_LIMIT = 1000;

/** What a secret in `fields` reads as (the mock's redaction; see docs/mock-server.md, "Audit log"). */
export const REDACTED = '[redacted]';

/** `before` / `after`: an RFC 3339 time (as Go's time.RFC3339Nano reads it: a zone is required), as milliseconds. */
export function rfc3339Param(name: string) {
  return z.string({ error: `${name} must be given once` }).transform((raw, ctx) => {
    const text = raw.toUpperCase();
    const ms = z.iso.datetime({ offset: true }).safeParse(text).success ? parseISO(text).getTime() : NaN;
    if (Number.isNaN(ms)) {
      ctx.addIssue({
        code: 'custom',
        message: `${name} must be an RFC 3339 time such as 2026-11-01T09:00:00Z, not "${raw}"`,
        input: raw,
      });
      return z.NEVER;
    }
    return ms;
  });
}

/** A filter that may be given several times, every one applying (`created_at=gte:…&created_at=lt:…`, `action=neq:A&action=neq:B`). */
function repeatable(one: FilterParam): FilterParam {
  return z.union([one, z.array(one)]).transform((v) => (Array.isArray(v) ? v.flat() : v)) as FilterParam;
}

const stringFilter = (name: AuditFilterColumn) => repeatable(predicateFilter(name, AUDIT_FILTER_PREDICATES[name]));

/** A status filter takes the statuses there are, so a typo is a 400 rather than an empty page. */
const statusFilter = repeatable(
  predicateFilter('status', AUDIT_FILTER_PREDICATES.status).refine(
    (f) => f === undefined || Array.isArray(f) || (AUDIT_STATUSES as readonly string[]).includes(String(f.value)),
    { error: `The status filter takes ${AUDIT_STATUSES.join(', ')}` },
  ),
);

/** The filter parameters of GET /api/v2/audit (`adminOps.listAuditLogs`). */
export const AUDIT_FILTERS: Record<AuditFilterColumn, FilterParam> = {
  id: repeatable(predicateFilter('id', AUDIT_FILTER_PREDICATES.id, { integer: true })),
  actor_id: stringFilter('actor_id'),
  actor_name: stringFilter('actor_name'),
  actor_email: stringFilter('actor_email'),
  action: stringFilter('action'),
  request_id: stringFilter('request_id'),
  source: stringFilter('source'),
  source_ip_address: stringFilter('source_ip_address'),
  status: statusFilter,
  // The reference's time filter (RFC 3339 with a zone).
  created_at: repeatable(timeFilterParam('created_at')),
};
