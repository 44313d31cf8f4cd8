import { parseISO, subYears } from 'date-fns';
import { adminOps } from '../../../api/operations/admin';
import type { AuditLog } from '../../../api/schemas/audit';
import type { MockArea } from '../../area';
import type { StoredAuditLog } from '../../audit';
import { badRequest } from '../../errors';
import { defineList, number, text, time } from '../../list';
import { server } from '../../serve';
import { seedAuditLogs } from './seed';

/**
 * GET /api/v2/audit (reference ListAuditLogs): the entries created between
 * `after` and `before` (both included; defaults: a year before `before`, and
 * now), filtered, sorted (newest first unless `sort_by` says otherwise; ties
 * newest first), paged. Sort columns as the reference lists them (`source` is
 * `source_ip_address`, accepted under both names); filter predicates as
 * upstream allows them.
 */
export const AUDIT_LIST = defineList<StoredAuditLog>()({
  query: adminOps.listAuditLogs.query,
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
  defaultSort: [{ column: 'created_at', descending: true }],
  tieBreak: [{ column: 'id', descending: true }],
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
  // The seeded history is about the people, providers, tokens, parameters, flags, groups and clients seeded.
  seedsAfter: ['users', 'sso', 'tokens', 'config', 'asset-groups', 'collection'],
  seed: (state) => seedAuditLogs(state),
  routes(app, { db }) {
    server(app, db)(adminOps.listAuditLogs, (c, { query: req }) => {
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
