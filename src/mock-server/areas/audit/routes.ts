import { parseISO, subYears } from 'date-fns';
import { z } from 'zod';
import {
  AUDIT_DEFAULT_LIMIT,
  AUDIT_FILTER_PREDICATES,
  AUDIT_SORTABLE_COLUMNS,
  AUDIT_STATUSES,
  type AuditFilterColumn,
  type AuditLog,
} from '../../../api/schemas/audit';
import { timeFilterParam } from '../../../api/schemas/users';
import type { MockArea } from '../../area';
import type { StoredAuditLog } from '../../audit';
import { badRequest } from '../../errors';
import { defineList, number, predicateFilter, text, time, type FilterParam } from '../../list';
import { seedAuditLogs } from './seed';

/** `before` / `after`: an RFC 3339 time (as Go's time.RFC3339Nano reads it: a zone is required), as milliseconds. */
function rfc3339Param(name: string) {
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

const FILTERS: Record<AuditFilterColumn, FilterParam> = {
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

const FILTER_NAMES = Object.keys(FILTERS);

/**
 * GET /api/v2/audit (reference ListAuditLogs): the entries created between
 * `after` and `before` (both included; defaults: a year before `before`, and
 * now), filtered, sorted (newest first unless `sort_by` says otherwise; ties
 * newest first), paged. Sort columns as the reference lists them (`source` is
 * `source_ip_address`, accepted under both names); filter predicates as
 * upstream allows them.
 */
export const AUDIT_LIST = defineList<StoredAuditLog>()({
  columns: {
    id: number((l) => l.id),
    actor_id: text((l) => l.actor_id),
    actor_name: text((l) => l.actor_name),
    actor_email: text((l) => l.actor_email),
    action: text((l) => l.action),
    request_id: text((l) => l.request_id),
    created_at: time((l) => l.created_at),
    source: text((l) => l.source_ip_address),
    source_ip_address: text((l) => l.source_ip_address),
    status: text((l) => l.status),
  },
  paging: { defaultLimit: AUDIT_DEFAULT_LIMIT, overMax: 'cap' },
  params: { before: rfc3339Param('before').optional(), after: rfc3339Param('after').optional() },
  sortBy: [...AUDIT_SORTABLE_COLUMNS, 'source_ip_address'],
  filters: FILTERS,
  defaultSort: [{ column: 'created_at', descending: true }],
  tieBreak: [{ column: 'id', descending: true }],
  unknown: (name) =>
    `Audit logs cannot be filtered by "${name}"; the parameters are skip, limit, sort_by, before, after and the filters ${FILTER_NAMES.join(', ')}.`,
});

export function toAuditRecord(l: StoredAuditLog): AuditLog {
  return {
    id: l.id,
    created_at: l.created_at,
    actor_id: l.actor_id,
    actor_name: l.actor_name,
    actor_email: l.actor_email,
    action: l.action,
    fields: structuredClone(l.fields),
    request_id: l.request_id,
    source_ip_address: l.source_ip_address,
    commit_id: l.commit_id,
    status: l.status,
  };
}

/** The audit log: its seeded history and its list (the entries are written by src/mock-server/audit.ts). */
export const auditArea: MockArea = {
  name: 'audit',
  seed: (state) => seedAuditLogs(state),
  routes(app, { db }) {
    app.get('/api/v2/audit', (c) => {
      const req = AUDIT_LIST.parse(c);
      const before = req.params.before ?? Date.now();
      // Not given: a year before `before`, as upstream.
      const after = req.params.after ?? subYears(before, 1).getTime();
      if (after > before) {
        throw badRequest(
          'after',
          `after (${new Date(after).toISOString()}) is later than before (${new Date(before).toISOString()}): no entry can be in between.`,
        );
      }
      const inWindow = (db.state.auditLogs ?? []).filter((l) => {
        const t = parseISO(l.created_at).getTime();
        return t >= after && t <= before;
      });
      const page = AUDIT_LIST.page(AUDIT_LIST.select(inWindow, req), req, toAuditRecord);
      return c.json({ data: { logs: page.data, count: page.count, skip: page.skip, limit: page.limit } });
    });
  },
};
