/**
 * History and certification:
 *
 *   GET  /asset-group-tags-history            {count, skip, limit, data:{records}}; newest first; filters
 *   POST /asset-group-tags-history            the same with `{query}`: a case-insensitive search over
 *                                             actor, email, action and target
 *   GET  /asset-group-tags/certifications     enterprise; the certification records of selected objects
 *   POST /asset-group-tags/certifications     enterprise; `{member_ids, action: 1 revoke | 2 certify, note}`
 *
 * Certifying changes only the record of the object's highest zone and skips
 * automatic ones, as upstream; each change writes its history record, and a
 * zone that requires certification gets an analysis (its members depend on it).
 */
import type { Context } from 'hono';
import { privilegeZoneOps } from '../../../api/operations/privilege-zones';
import { Certification, CertifyAction, type CertificationRecord } from '../../../api/schemas/privilege-zones';
import { currentUser, type MockEnv } from '../../auth';
import type { MockConfig } from '../../config';
import { graphIdOf } from '../../cypher/graph';
import { badRequest } from '../../errors';
import { defineList, number, text, time } from '../../list';
import type { server } from '../../serve';
import { graphOf } from '../../seed/live-graph';
import type { MockDb } from '../../store/db';
import type { StoredHistoryRecord } from './model';
import { pzOf, requestMembershipAnalysis, requireAllEnvironments, writeHistory, zonesInOrder } from './store';

export const HISTORY_LIST = defineList<StoredHistoryRecord>()({
  query: privilegeZoneOps.getAssetGroupTagHistory.query,
  columns: {
    id: number((h) => h.id),
    created_at: time((h) => h.created_at),
    actor: text((h) => h.actor),
    email: text((h) => h.email),
    action: text((h) => h.action),
    target: text((h) => h.target),
    asset_group_tag_id: number((h) => h.asset_group_tag_id),
    environment_id: text((h) => h.environment_id),
  },
  defaultSort: [{ column: 'created_at', descending: true }],
  tieBreak: [{ column: 'id', descending: true }],
});

export const CERT_LIST = defineList<CertificationRecord>()({
  query: privilegeZoneOps.getAssetGroupTagsCertifications.query,
  columns: {
    id: number((r) => r.id),
    name: text((r) => r.name),
    object_id: text((r) => r.object_id),
    environment_id: text((r) => r.environment_id),
    primary_kind: text((r) => r.primary_kind),
    asset_group_tag_id: number((r) => r.asset_group_tag_id),
    created_at: time((r) => r.created_at),
    certified_by: text((r) => r.certified_by),
    certified: number((r) => r.certified),
  },
  defaultSort: [{ column: 'created_at', descending: true }],
  tieBreak: [{ column: 'id', descending: false }],
});

/** Whether a history record holds `needle` (lower case) in its actor, email, action or target. */
const matchesSearch = (h: StoredHistoryRecord, needle: string) =>
  [h.actor, h.email ?? '', h.action, h.target].some((v) => v.toLowerCase().includes(needle));

export function historyRoutes(route: ReturnType<typeof server>, db: MockDb, config: MockConfig): void {
  const history = (c: Context<MockEnv>, req: Parameters<typeof HISTORY_LIST.select>[1], query: string) => {
    const needle = query.trim().toLowerCase();
    const records = needle === '' ? pzOf(db.state).history : pzOf(db.state).history.filter((h) => matchesSearch(h, needle));
    const { data, ...paging } = HISTORY_LIST.page(HISTORY_LIST.select(records, req), req, (h) => ({ ...h }));
    return c.json({ ...paging, data: { records: data } });
  };
  // A user limited to some environments is refused before anything is read.
  const options = { guard: requireAllEnvironments };
  route(privilegeZoneOps.getAssetGroupTagHistory, (c, { query }) => history(c, query, ''), options);
  route(privilegeZoneOps.searchAssetGroupTagHistory, (c, { query, body }) => history(c, query, body.query), options);

  /** The records of objects in the live graph, as the API sends them. */
  const certificationRecords = (): CertificationRecord[] => {
    const graph = graphOf(db.state);
    const live = new Set(zonesInOrder(db.state).map((t) => t.id));
    const out: CertificationRecord[] = [];
    for (const r of pzOf(db.state).certifications) {
      const node = graph.byId.get(r.object_id);
      if (!node || !live.has(r.asset_group_tag_id)) continue;
      out.push({
        id: graphIdOf(node),
        object_id: node.objectid,
        environment_id: node.domainSid,
        primary_kind: node.primaryKind,
        name: node.name || node.objectid,
        asset_group_tag_id: r.asset_group_tag_id,
        created_at: r.created_at,
        certified_by: r.certified_by,
        certified: r.certified,
      });
    }
    return out;
  };

  route(
    privilegeZoneOps.getAssetGroupTagsCertifications,
    (c, { query: req }) => {
      const { data, ...paging } = CERT_LIST.page(CERT_LIST.select(certificationRecords(), req), req, (r) => r);
      return c.json({ ...paging, data: { members: data } });
    },
    options,
  );

  route(privilegeZoneOps.certifyOrRevokeObjects, (c, { body }) => {
    const graph = graphOf(db.state);
    const byGraphId = new Map([...graph.domains, ...graph.nodes].map((n) => [graphIdOf(n), n]));
    const unknown = body.member_ids.find((id) => !byGraphId.has(id));
    if (unknown !== undefined) throw badRequest('member_ids', `member_ids: no object has id ${unknown}.`);
    const zones = zonesInOrder(db.state);
    const rank = new Map(zones.map((z, i) => [z.id, i]));
    const pz = pzOf(db.state);
    const user = currentUser(c);
    const now = new Date().toISOString();
    const certified = body.action === CertifyAction.Certify ? Certification.Manual : Certification.Revoked;
    let requiresAnalysis = false;
    for (const id of body.member_ids) {
      const node = byGraphId.get(id)!;
      const highest = pz.certifications
        .filter((r) => r.object_id === node.objectid && rank.has(r.asset_group_tag_id))
        .sort((a, b) => rank.get(a.asset_group_tag_id)! - rank.get(b.asset_group_tag_id)!)[0];
      if (!highest || highest.certified === Certification.Auto) continue;
      highest.certified = certified;
      highest.certified_by = user.principal_name;
      highest.updated_at = now;
      highest.note = body.note ?? null;
      writeHistory(c, db, {
        action: certified === Certification.Manual ? 'CertifyNodeManual' : 'CertifyNodeRevoked',
        target: node.name || node.objectid,
        tagId: highest.asset_group_tag_id,
        note: body.note ?? null,
        environmentId: node.domainSid,
      });
      if (zones.find((z) => z.id === highest.asset_group_tag_id)?.require_certify) requiresAnalysis = true;
    }
    if (requiresAnalysis) requestMembershipAnalysis(c, db, config);
    return c.body(null, 200);
  });
}
