/**
 * Attack paths and risk posture (enterprise only; 404 on community as upstream), over the findings each
 * analysis computes (analysis/findings/):
 *
 *   GET /api/v2/attack-path-types                        every finding type the analysis knows
 *   GET /api/v2/attack-paths/finding-types               the types found, by title (environment_id, asset_group_tag_id)
 *   GET /api/v2/attack-paths/findings                    the unified list (JSON, or CSV when only text/csv is accepted)
 *   GET /api/v2/attack-paths/details                     every found finding with each type's documentation
 *   GET /api/v2/attack-paths/finding-trends              each type's counts at the start and end of a window
 *   PUT /api/v2/attack-paths                             requests an analysis, as PUT /api/v2/analysis
 *   PUT /api/v2/attack-paths/{id}/acceptance             accepts a finding's risk (until a time) or stops accepting it
 *   GET /api/v2/domains/{domain_id}/available-types      the types found in a domain
 *   GET /api/v2/domains/{domain_id}/details              a domain's findings of one type (JSON or CSV)
 *   GET /api/v2/domains/{domain_id}/sparkline            a type's counts per analysis in a domain
 *   GET /api/v2/domains/{domain_id}/attack-path-findings a domain's findings of one type as CSV
 *   GET /api/v2/posture-stats                            each environment's posture per analysis
 *   GET /api/v2/posture-history/{data_type}              one posture figure per day over environments
 *   GET /api/v2/meta-trees/{domain_id}, /meta-nodes/…    the combo tree: Tier Zero and who has findings into it
 *
 * Reads first apply the pipeline's due transitions, so an analysis that has ended has its findings.
 */
import type { Context } from 'hono';
import { subDays } from 'date-fns';
import { attackPathOps as ops } from '../../../api/operations/attack-paths';
import { ZERO_TIME } from '../../../api/schemas/wire-format';
import type { Filter } from '../../../api/list-query';
import type { MockArea } from '../../area';
import { auditFields } from '../../audit';
import { currentUser, type MockEnv } from '../../auth';
import { nowOf } from '../../config';
import { badRequest, forbidden, notFound } from '../../errors';
import { server } from '../../serve';
import { graphOf } from '../../seed/live-graph';
import type { DbState } from '../../store/db';
import { nullTime } from '../../store/records';
import { advancePipeline, requestAnalysis } from '../datapipe/pipeline';
import { seedFindings } from '../../analysis/findings/seed';
import {
  attackPathsOf,
  emptyStore,
  severityRank,
  statusOf,
  type FindingStatus,
  type StoredFinding,
  type StoredPosture,
  type StoredRiskCount,
} from '../../analysis/findings/store';
import { FINDING_TYPE_BY_ID, FINDING_TYPES, titleOn } from '../../analysis/findings/types';
import { compareText } from '../../../shared/compare-text';
import { csvLine, selectRows, type TableColumn } from './select';

const WINDOW_DAYS = 30;
const FOUND = new Set<FindingStatus>(['active', 'accepted']);

interface Zone {
  id: number;
  name: string;
  tierZero: boolean;
}

function zonesOf(state: DbState): Map<number, Zone> {
  const out = new Map<number, Zone>();
  for (const t of state.privilegeZones?.tags ?? []) {
    if (t.type === 1) out.set(t.id, { id: t.id, name: t.name, tierZero: t.position === 1 });
  }
  return out;
}

function tierZeroId(state: DbState): number {
  for (const z of zonesOf(state).values()) if (z.tierZero) return z.id;
  return 1;
}

function domainNames(state: DbState): Map<string, string> {
  return new Map(graphOf(state).domains.map((d) => [d.objectid, d.name]));
}

/** The environments a person limited to some may read; null for everyone else. */
function allowedEnvironments(c: Context<MockEnv>): Set<string> | null {
  const principal = c.get('principal');
  if (principal?.kind !== 'user' || principal.user.all_environments) return null;
  return new Set(principal.user.environment_ids);
}

/** Refuses an environment outside a limited person's access (403, as upstream). */
function requireAccess(c: Context<MockEnv>, ids: readonly string[]): void {
  const allowed = allowedEnvironments(c);
  const outside = allowed ? ids.find((id) => !allowed.has(id)) : undefined;
  if (outside !== undefined) throw forbidden(`Your access does not include the environment ${outside}.`);
}

function requireDomain(state: DbState, sid: string): void {
  if (!graphOf(state).domains.some((d) => d.objectid === sid)) {
    throw notFound('domain_id', `No domain has the id ${sid}.`);
  }
}

function requireEnvironments(state: DbState, ids: readonly string[]): void {
  const names = domainNames(state);
  for (const id of ids) if (!names.has(id)) throw notFound('environments', `No environment has the id ${id}.`);
}

const titleOf = (f: StoredFinding, zones: Map<number, Zone>) => {
  const type = FINDING_TYPE_BY_ID.get(f.finding);
  const zone = zones.get(f.zone_id);
  return type ? titleOn(type, zone?.name ?? '', zone?.tierZero ?? true) : f.finding;
};

/** A unified-list row. */
function toRow(f: StoredFinding, now: number, zones: Map<number, Zone>, names: Map<string, string>) {
  return {
    id: f.id,
    severity: f.severity,
    finding_type: f.finding_type,
    finding: f.finding,
    title: titleOf(f, zones),
    platform: 'Active Directory',
    environment_id: f.domain_sid,
    environment_name: names.get(f.domain_sid) ?? f.domain_sid,
    asset_group_tag_id: f.zone_id,
    zone_name: zones.get(f.zone_id)?.name ?? '',
    source_principal_id: f.source?.id ?? '',
    source_principal_kind: f.source?.kind ?? '',
    source_principal_name: f.source?.name ?? '',
    target_principal_id: f.target.id,
    target_principal_kind: f.target.kind,
    target_principal_name: f.target.name,
    status: statusOf(f, now),
    first_seen: f.first_seen,
    last_seen: f.last_seen,
  };
}

const acceptedUntilOf = (f: StoredFinding, now: number) =>
  statusOf(f, now) === 'accepted' ? (f.accept_until ?? ZERO_TIME) : ZERO_TIME;

/** Reference `model.relationship-finding` or `model.list-finding`. */
function toDetailRecord(f: StoredFinding, state: DbState, now: number) {
  const graph = graphOf(state);
  const base = { id: f.id, created_at: f.created_at, updated_at: f.updated_at, deleted_at: nullTime(null) };
  const accepted = statusOf(f, now) === 'accepted';
  const severity = f.severity;
  const propsOf = (id: string) => ({ ...(graph.byId.get(id)?.props ?? {}) });
  if (f.source) {
    return {
      ...base,
      FromPrincipal: f.source.id,
      ToPrincipal: f.target.id,
      FromPrincipalProps: propsOf(f.source.id),
      FromPrincipalKind: f.source.kind,
      ToPrincipalProps: propsOf(f.target.id),
      ToPrincipalKind: f.target.kind,
      RelProps: {},
      ComboGraphRelationID: { int64: 0, valid: false },
      Finding: f.finding,
      DomainSID: f.domain_sid,
      PrincipalHash: principalsHash(f),
      AcceptedUntil: acceptedUntilOf(f, now),
      ImpactPercentage: f.impact_share,
      ImpactCount: f.impact_count,
      ExposurePercentage: f.exposure_share,
      ExposureCount: f.exposure_count,
      Severity: severity,
      Accepted: accepted,
    };
  }
  return {
    ...base,
    Principal: f.target.id,
    PrincipalKind: f.target.kind,
    Finding: f.finding,
    DomainSID: f.domain_sid,
    Props: propsOf(f.target.id),
    AcceptedUntil: acceptedUntilOf(f, now),
    ImpactPercentage: f.impact_share,
    ImpactCount: f.impact_count,
    Severity: severity,
    Accepted: accepted,
  };
}

/** A short stable digest of a finding's two principals (upstream's `principals_hash`, Base64). */
function principalsHash(f: StoredFinding): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  const text = `${f.source?.id ?? ''}|${f.target.id}`;
  for (let i = 0; i < text.length; i++) {
    h1 = Math.imul(h1 ^ text.charCodeAt(i), 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ text.charCodeAt(i), 0x5bd1e995) >>> 0;
  }
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setUint32(0, h1);
  new DataView(bytes.buffer).setUint32(4, h2);
  return Buffer.from(bytes).toString('base64');
}

const wantsCsv = (c: Context<MockEnv>, asked?: string) => {
  if (asked) return asked === 'text/csv';
  const accept = c.req.header('Accept') ?? '';
  return accept.includes('text/csv') && !accept.includes('application/json');
};

const csv = (c: Context<MockEnv>, lines: string[], name: string) =>
  c.body(lines.map((l) => `${l}\n`).join(''), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${name}"`,
  });

/** The window a request names, else the last 30 days ending now. */
function windowOf(now: number, start?: string, end?: string): { start: number; end: number } {
  const to = end ? Date.parse(end) : now;
  const from = start ? Date.parse(start) : subDays(new Date(now), WINDOW_DAYS).getTime();
  if (from > to) throw badRequest('start', 'start must not be after end.');
  return { start: from, end: to };
}

/** From a `from`/`to` predicate filter: the bound it sets. */
function boundOf(f: { predicate: string; value: string | number } | undefined, fallback: number, name: string): number {
  if (!f) return fallback;
  const ms = Date.parse(String(f.value));
  if (Number.isNaN(ms)) throw badRequest(name, `${name} must be an RFC 3339 date-time such as 2026-11-01T00:00:00Z.`);
  return ms;
}

type Parsed = { predicate: string; value: string | number };
/** A filter parameter given once. */
const one = (f: Parsed | Parsed[] | undefined): Parsed | undefined => (Array.isArray(f) ? f[0] : f);

const iso = (ms: number) => new Date(ms).toISOString();
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

export const attackPathsArea: MockArea = {
  name: 'attack-paths',
  seedsAfter: ['privilege-zones', 'data-quality', 'datapipe'],
  // MOCK_GRAPH=empty clears the generated directory after seeding: no findings nor history to start with.
  seed: (state, config) => (config.emptyGraph ? void (state.attackPaths = emptyStore()) : seedFindings(state, nowOf(config))),
  routes(app, { db, config }) {
    const route = server(app, db);
    const now = () => {
      const t = nowOf(config);
      if (advancePipeline(db.state, t, config)) db.changed();
      return t;
    };
    const all = () => attackPathsOf(db.state).findings;
    /** The findings the request's person may read (a person limited to some environments sees theirs). */
    const findings = (c: Context<MockEnv>) => {
      const allowed = allowedEnvironments(c);
      return allowed ? all().filter((f) => allowed.has(f.domain_sid)) : all();
    };

    const findingColumns = (at: number, zones: Map<number, Zone>, names: Map<string, string>) => {
      const text = (get: (f: StoredFinding) => string): TableColumn<StoredFinding> => ({ kind: 'text', get });
      const time = (get: (f: StoredFinding) => string): TableColumn<StoredFinding> => ({ kind: 'time', get });
      return {
        severity: { kind: 'text', get: (f) => f.severity, sortValue: (f) => severityRank(f.severity) },
        finding_type: text((f) => f.finding_type),
        finding: text((f) => f.finding),
        title: text((f) => titleOf(f, zones)),
        platform: text(() => 'Active Directory'),
        environment_id: text((f) => f.domain_sid),
        environment_name: text((f) => names.get(f.domain_sid) ?? f.domain_sid),
        asset_group_tag_id: { kind: 'number', get: (f) => f.zone_id },
        zone_name: text((f) => zones.get(f.zone_id)?.name ?? ''),
        source_principal_id: text((f) => f.source?.id ?? ''),
        source_principal_kind: text((f) => f.source?.kind ?? ''),
        source_principal_name: text((f) => f.source?.name ?? ''),
        target_principal_id: text((f) => f.target.id),
        target_principal_kind: text((f) => f.target.kind),
        target_principal_name: text((f) => f.target.name),
        status: text((f) => statusOf(f, at)),
        first_seen: time((f) => f.first_seen),
        last_seen: time((f) => f.last_seen),
      } satisfies Record<string, TableColumn<StoredFinding>>;
    };

    route(ops.listAttackPathTypes, (c, { query }) => {
      const rows = selectRows(
        FINDING_TYPES.map((t) => t.id),
        { finding: { kind: 'text', get: (id: string) => id } },
        query.filters,
        query.sorts.length > 0 ? query.sorts : [{ column: 'finding', descending: false }],
      );
      return c.json({ data: rows });
    });

    route(ops.listAttackPathFindingTypes, (c, { query }) => {
      const at = now();
      const zones = zonesOf(db.state);
      const envs = query.environment_id ? new Set(query.environment_id) : null;
      const tag = one(query.asset_group_tag_id);
      const titles = new Map<string, string>();
      for (const f of findings(c)) {
        if (!FOUND.has(statusOf(f, at))) continue;
        if (envs && !envs.has(f.domain_sid)) continue;
        if (tag && (tag.predicate === 'eq') !== (f.zone_id === tag.value)) continue;
        if (!titles.has(f.finding)) titles.set(f.finding, titleOf(f, zones));
      }
      const data = [...titles].map(([finding, title]) => ({ finding, title }));
      data.sort((a, b) => compareText(a.title, b.title));
      return c.json({ data });
    });

    route(ops.listAttackPathFindings, (c, { query }) => {
      const at = now();
      const zones = zonesOf(db.state);
      const names = domainNames(db.state);
      const columns = findingColumns(at, zones, names);
      const filters: Filter<keyof typeof columns>[] = [...query.filters];
      if (!filters.some((f) => f.column === 'status')) filters.push({ column: 'status', predicate: 'eq', value: 'active' });
      const envs = query.params.environment_id ? new Set(query.params.environment_id) : null;
      const rows = selectRows(findings(c), columns, filters, query.sorts, envs ? (f) => envs.has(f.domain_sid) : undefined);
      if (wantsCsv(c)) {
        const header = [
          'Severity',
          'Finding',
          'Title',
          'FindingType',
          'Platform',
          'EnvironmentID',
          'EnvironmentName',
          'AssetGroupTagID',
          'ZoneName',
          'SourcePrincipalID',
          'SourcePrincipalKind',
          'SourcePrincipalName',
          'TargetPrincipalID',
          'TargetPrincipalKind',
          'TargetPrincipalName',
          'Status',
          'FirstSeen',
          'LastSeen',
        ];
        const lines = rows.map((f) => {
          const r = toRow(f, at, zones, names);
          return csvLine([
            r.severity,
            r.finding,
            r.title,
            r.finding_type,
            r.platform,
            r.environment_id,
            r.environment_name,
            r.asset_group_tag_id,
            r.zone_name,
            r.source_principal_id,
            r.source_principal_kind,
            r.source_principal_name,
            r.target_principal_id,
            r.target_principal_kind,
            r.target_principal_name,
            r.status,
            r.first_seen,
            r.last_seen,
          ]);
        });
        return csv(c, [csvLine(header), ...lines], 'findings.csv');
      }
      const page = rows.slice(query.skip, query.skip + query.limit).map((f) => toRow(f, at, zones, names));
      return c.json({ count: rows.length, skip: query.skip, limit: query.limit, data: page });
    });

    route(ops.getAllAttackPathFindings, (c) => {
      const at = now();
      const zones = zonesOf(db.state);
      const names = domainNames(db.state);
      const graph = graphOf(db.state);
      const found = findings(c).filter((f) => FOUND.has(statusOf(f, at)));
      const types = new Set(found.map((f) => f.finding));
      const finding_assets: Record<string, Record<string, string>> = {};
      for (const id of [...types].sort()) {
        const t = FINDING_TYPE_BY_ID.get(id)!;
        finding_assets[id] = {
          'title.md': b64(t.title),
          'type.md': b64(t.kind),
          'short_description.md': b64(t.short),
          'long_description.md': b64(t.description),
          'short_remediation.md': b64(t.remediation),
          'long_remediation.md': b64(t.remediation),
          'references.md': b64(t.references.map((r) => `- ${r}`).join('\n')),
        };
      }
      const data = found.map((f) => {
        const accepted = statusOf(f, at) === 'accepted';
        const until = accepted && f.accept_until ? Math.floor(Date.parse(f.accept_until) / 1000) : 0;
        const common = {
          target_id: f.target.id,
          target_kind: f.target.kind,
          target_properties: { ...(graph.byId.get(f.target.id)?.props ?? {}) },
          finding_name: f.finding,
          environment_id: { id: f.domain_sid, name: names.get(f.domain_sid) ?? f.domain_sid },
          impact_percentage: f.impact_share,
          impact_count: f.impact_count,
          accepted_until: until,
          asset_group: zones.get(f.zone_id)?.name ?? '',
        };
        if (!f.source) return common;
        return {
          ...common,
          source_id: f.source.id,
          source_kind: f.source.kind,
          source_properties: { ...(graph.byId.get(f.source.id)?.props ?? {}) },
          attack_path_edge_id: f.id,
          exposure_percentage: f.exposure_share,
          exposure_count: f.exposure_count,
        };
      });
      return c.json({ findings: data, finding_assets });
    });

    route(ops.findingTrendsForEnvironment, (c, { query }) => {
      const at = now();
      requireEnvironments(db.state, query.environments);
      requireAccess(c, query.environments);
      const zones = zonesOf(db.state);
      const zoneId = query.asset_group_tag_id ?? tierZeroId(db.state);
      if (!zones.has(zoneId)) throw notFound('asset_group_tag_id', `No zone has id ${zoneId}.`);
      const w = windowOf(at, query.start, query.end);
      const envs = new Set(query.environments);
      const inWindow = attackPathsOf(db.state).risk_counts.filter((r) => {
        const t = Date.parse(r.created_at);
        return envs.has(r.domain_sid) && r.zone_id === zoneId && t >= w.start && t < w.end;
      });
      // Per environment, the first and the last analysis in the window.
      const firstAt = new Map<string, string>();
      const lastAt = new Map<string, string>();
      for (const r of inWindow) {
        if (!firstAt.has(r.domain_sid) || r.created_at < firstAt.get(r.domain_sid)!) firstAt.set(r.domain_sid, r.created_at);
        if (!lastAt.has(r.domain_sid) || r.created_at > lastAt.get(r.domain_sid)!) lastAt.set(r.domain_sid, r.created_at);
      }
      const byType = new Map<
        string,
        { start: number; end: number; archived: number; last: StoredRiskCount[]; envs: Set<string> }
      >();
      for (const r of inWindow) {
        const t = byType.get(r.finding) ?? { start: 0, end: 0, archived: 0, last: [], envs: new Set<string>() };
        byType.set(r.finding, t);
        t.envs.add(r.domain_sid);
        t.archived += r.archived_count;
        if (r.created_at === firstAt.get(r.domain_sid)) t.start += r.finding_count;
        if (r.created_at === lastAt.get(r.domain_sid)) {
          t.end += r.finding_count;
          t.last.push(r);
        }
      }
      const zone = zones.get(zoneId)!;
      const rows = [...byType].map(([finding, t]) => {
        const type = FINDING_TYPE_BY_ID.get(finding);
        const list = type?.kind === 'list';
        return {
          environment_ids: [...t.envs].sort(),
          finding,
          display_title: type ? titleOn(type, zone.name, zone.tierZero) : finding,
          display_type: type?.kind ?? '',
          composite_risk: t.last.reduce((m, r) => Math.max(m, r.composite_risk), 0),
          finding_count_start: t.start,
          finding_count_end: t.end,
          finding_count_increase: Math.max(0, t.end - t.start),
          finding_count_decrease: Math.max(0, t.start - t.end),
          impact_count: t.last.length === 0 ? null : t.last.reduce((m, r) => Math.max(m, r.impact_count), 0),
          exposure_count: list || t.last.length === 0 ? null : t.last.reduce((m, r) => Math.max(m, r.exposure_count), 0),
          archived_count: t.archived,
        };
      });
      rows.sort((a, b) => b.composite_risk - a.composite_risk || (a.finding < b.finding ? -1 : 1));
      return c.json({
        start: iso(w.start),
        end: iso(w.end),
        environments: query.environments,
        data: {
          findings: rows,
          total_finding_count_start: rows.reduce((n, r) => n + r.finding_count_start, 0),
          total_finding_count_end: rows.reduce((n, r) => n + r.finding_count_end, 0),
        },
      });
    });

    route(ops.startAnalysisBhe, (c) => {
      requestAnalysis(db.state, currentUser(c).id, nowOf(config), config);
      return c.body(null, 202);
    });

    route(ops.updateAttackPathRisk, (c, { params, body }) => {
      const at = now();
      const f = all().find((x) => x.id === params.attack_path_id);
      if (!f) throw notFound('attack_path_id', `No finding has id ${params.attack_path_id}.`);
      requireAccess(c, [f.domain_sid]);
      auditFields(c, {
        finding: f.finding,
        environment_id: f.domain_sid,
        target: f.target.name,
        ...(body.note ? { note: body.note } : {}),
      });
      if (
        body.risk_type !== undefined &&
        body.risk_type !== '' &&
        body.risk_type !== f.finding &&
        body.risk_type !== f.finding_type
      ) {
        throw badRequest(
          'risk_type',
          `risk_type is ${body.risk_type}, but finding ${f.id} is a ${f.finding} (${f.finding_type}) finding.`,
        );
      }
      const status = statusOf(f, at);
      if (!FOUND.has(status)) {
        throw badRequest(
          'attack_path_id',
          `Finding ${f.id} is ${status}; only an active or accepted finding's risk can be accepted.`,
        );
      }
      if (body.accepted) {
        if (body.accept_until !== undefined && Date.parse(body.accept_until) <= at) {
          throw badRequest('accept_until', 'accept_until must be in the future.');
        }
        f.accepted = true;
        f.accept_until = body.accept_until === undefined ? null : iso(Date.parse(body.accept_until));
      } else {
        f.accepted = false;
        f.accept_until = null;
      }
      f.updated_at = iso(at);
      return c.json({ data: toDetailRecord(f, db.state, at) });
    });

    /** The zone a read names, Tier Zero when it names none (404 for one that is not a zone). */
    const zoneFor = (given: number | undefined): Zone => {
      const zones = zonesOf(db.state);
      const zone = zones.get(given ?? tierZeroId(db.state));
      if (!zone) throw notFound('asset_group_tag_id', `No zone has id ${given}.`);
      return zone;
    };
    const foundInDomain = (sid: string, at: number, zone: number = tierZeroId(db.state)) =>
      all().filter((f) => f.domain_sid === sid && f.zone_id === zone && FOUND.has(statusOf(f, at)));

    route(ops.listAvailableAttackPathTypesForDomain, (c, { params, query }) => {
      const at = now();
      requireDomain(db.state, params.domain_id);
      requireAccess(c, [params.domain_id]);
      const zone = zoneFor(query.params.asset_group_tag_id);
      const types = [...new Set(foundInDomain(params.domain_id, at, zone.id).map((f) => f.finding))];
      const rows = selectRows(
        types,
        { finding: { kind: 'text', get: (id: string) => id } },
        query.filters,
        query.sorts.length > 0 ? query.sorts : [{ column: 'finding', descending: false }],
      );
      return c.json({ data: rows });
    });

    route(ops.listDomainAttackPathsDetails, (c, { params, query }) => {
      const at = now();
      requireDomain(db.state, params.domain_id);
      requireAccess(c, [params.domain_id]);
      const finding = query.params.finding;
      if (!FINDING_TYPE_BY_ID.has(finding))
        throw badRequest('finding', `${finding} is not a finding type; see GET /api/v2/attack-path-types.`);
      const text = (get: (f: StoredFinding) => string): TableColumn<StoredFinding> => ({ kind: 'text', get });
      const num = (get: (f: StoredFinding) => number): TableColumn<StoredFinding> => ({ kind: 'number', get });
      const time = (get: (f: StoredFinding) => string | null): TableColumn<StoredFinding> => ({ kind: 'time', get });
      const columns = {
        finding: text((f) => f.finding),
        FromPrincipal: text((f) => f.source?.id ?? ''),
        ToPrincipal: text((f) => f.target.id),
        from_principal: text((f) => f.source?.id ?? ''),
        to_principal: text((f) => f.target.id),
        Principal: text((f) => f.target.id),
        principals_hash: text((f) => principalsHash(f)),
        domain_sid: text((f) => f.domain_sid),
        Accepted: text((f) => String(statusOf(f, at) === 'accepted')),
        AcceptedUntil: time((f) => acceptedUntilOf(f, at)),
        accepted_until: time((f) => acceptedUntilOf(f, at)),
        ImpactPercentage: num((f) => f.impact_share),
        ImpactCount: num((f) => f.impact_count),
        ExposurePercentage: num((f) => f.exposure_share),
        ExposureCount: num((f) => f.exposure_count),
        Severity: { kind: 'text', get: (f) => f.severity, sortValue: (f) => severityRank(f.severity) },
        id: num((f) => f.id),
        created_at: time((f) => f.created_at),
        updated_at: time((f) => f.updated_at),
        deleted_at: time(() => null),
      } satisfies Record<string, TableColumn<StoredFinding>>;
      const zone = zoneFor(query.params.asset_group_tag_id);
      const rows = selectRows(
        foundInDomain(params.domain_id, at, zone.id).filter((f) => f.finding === finding),
        columns,
        query.filters,
        query.sorts,
      );
      if (wantsCsv(c, query.params.Accept)) return csv(c, detailCsv(rows, at, db.state), `${finding}.csv`);
      const page = rows.slice(query.skip, query.skip + query.limit).map((f) => toDetailRecord(f, db.state, at));
      return c.json({ count: rows.length, skip: query.skip, limit: query.limit, data: page });
    });

    route(ops.listAttackPathSparklineValues, (c, { params, query }) => {
      const at = now();
      requireDomain(db.state, params.domain_id);
      requireAccess(c, [params.domain_id]);
      const from = boundOf(one(query.params.from), subDays(new Date(at), WINDOW_DAYS).getTime(), 'from');
      const to = boundOf(one(query.params.to), at, 'to');
      if (from > to) throw badRequest('from', 'from must not be after to.');
      const zone = zoneFor(query.params.asset_group_tag_id).id;
      const f = one(query.params.finding)!;
      const num = (get: (r: StoredRiskCount) => number): TableColumn<StoredRiskCount> => ({ kind: 'number', get });
      const time = (get: (r: StoredRiskCount) => string | null): TableColumn<StoredRiskCount> => ({ kind: 'time', get });
      const columns = {
        finding: { kind: 'text', get: (r) => r.finding },
        CompositeRisk: num((r) => r.composite_risk),
        FindingCount: num((r) => r.finding_count),
        ImpactedAssetCount: num((r) => r.impacted_asset_count),
        domain_sid: { kind: 'text', get: (r) => r.domain_sid },
        id: num((r) => r.id),
        created_at: time((r) => r.created_at),
        updated_at: time((r) => r.created_at),
        deleted_at: time(() => null),
      } satisfies Record<string, TableColumn<StoredRiskCount>>;
      const rows = selectRows(
        attackPathsOf(db.state).risk_counts,
        columns,
        [{ column: 'finding', predicate: f.predicate as Filter['predicate'], value: f.value }],
        query.sorts.length > 0 ? query.sorts : [{ column: 'created_at', descending: false }],
        (r) =>
          r.domain_sid === params.domain_id &&
          r.zone_id === zone &&
          Date.parse(r.created_at) >= from &&
          Date.parse(r.created_at) < to,
      );
      return c.json({
        start: iso(from),
        end: iso(to),
        data: rows.map((r) => ({
          id: r.id,
          created_at: r.created_at,
          updated_at: r.created_at,
          deleted_at: nullTime(null),
          CompositeRisk: r.composite_risk,
          FindingCount: r.finding_count,
          ImpactedAssetCount: r.impacted_asset_count,
          DomainSID: r.domain_sid,
          Finding: r.finding,
        })),
      });
    });

    route(ops.exportAttackPathFindings, (c, { params, query }) => {
      const at = now();
      requireDomain(db.state, params.domain_id);
      requireAccess(c, [params.domain_id]);
      if (!FINDING_TYPE_BY_ID.has(query.finding)) {
        throw badRequest('finding', `${query.finding} is not a finding type; see GET /api/v2/attack-path-types.`);
      }
      const which = query.filterAccepted ?? '';
      const rows = foundInDomain(params.domain_id, at).filter((f) => {
        if (f.finding !== query.finding) return false;
        const accepted = statusOf(f, at) === 'accepted';
        return which === 'accepted' ? accepted : which === 'unaccepted' ? !accepted : true;
      });
      return csv(c, detailCsv(rows, at, db.state), `${query.finding}.csv`);
    });

    route(ops.getPostureStats, (c, { query }) => {
      const at = now();
      const zone = tierZeroId(db.state);
      const from = query.params.from ? Date.parse(query.params.from) : -Infinity;
      const to = query.params.to ? Date.parse(query.params.to) : Infinity;
      if (from > to) throw badRequest('from', 'from must not be after to.');
      const num = (get: (p: StoredPosture) => number): TableColumn<StoredPosture> => ({ kind: 'number', get });
      const time = (get: (p: StoredPosture) => string | null): TableColumn<StoredPosture> => ({ kind: 'time', get });
      const columns = {
        domain_sid: { kind: 'text', get: (p) => p.domain_sid },
        exposure_index: num((p) => p.exposure_index),
        asset_group_tag_id: num((p) => p.zone_id),
        tier_zero_count: num((p) => p.tier_zero_count),
        critical_risk_count: num((p) => p.critical_risk_count),
        id: num((p) => p.id),
        created_at: time((p) => p.created_at),
        updated_at: time((p) => p.created_at),
        deleted_at: time(() => null),
      } satisfies Record<string, TableColumn<StoredPosture>>;
      const byZone = query.filters.some((f) => f.column === 'asset_group_tag_id');
      const allowed = allowedEnvironments(c);
      const rows = selectRows(
        attackPathsOf(db.state).posture,
        columns,
        query.filters,
        query.sorts.length > 0 ? query.sorts : [{ column: 'created_at', descending: false }],
        (p) =>
          (byZone || p.zone_id === zone) &&
          (!allowed || allowed.has(p.domain_sid)) &&
          Date.parse(p.created_at) >= from &&
          Date.parse(p.created_at) < to,
      );
      const times = rows.map((p) => Date.parse(p.created_at));
      const start = Number.isFinite(from) ? from : times.length > 0 ? Math.min(...times) : at;
      const end = Number.isFinite(to) ? to : at;
      return c.json({
        count: rows.length,
        skip: 0,
        limit: rows.length,
        start: iso(start),
        end: iso(end),
        data: rows.map((p) => ({
          id: p.id,
          created_at: p.created_at,
          updated_at: p.created_at,
          deleted_at: nullTime(null),
          domain_sid: p.domain_sid,
          exposure_index: p.exposure_index,
          tier_zero_count: p.tier_zero_count,
          critical_risk_count: p.critical_risk_count,
        })),
      });
    });

    route(ops.postureHistoryForEnvironments, (c, { params, query }) => {
      const at = now();
      requireEnvironments(db.state, query.environments);
      requireAccess(c, query.environments);
      const w = windowOf(at, query.start, query.end);
      const zone = zoneFor(query.asset_group_tag_id).id;
      const envs = new Set(query.environments);
      const value: Record<typeof params.data_type, (p: StoredPosture) => number> = {
        findings: (p) => p.findings,
        exposure: (p) => p.exposure_index,
        assets: (p) => p.tier_zero_count,
        'session-completeness': (p) => p.session_completeness,
        'group-completeness': (p) => p.group_completeness,
        'attack-paths': (p) => p.attack_paths,
        'archived-findings': (p) => p.archived,
      };
      const averaged = ['exposure', 'session-completeness', 'group-completeness'].includes(params.data_type);
      // The last analysis of each day per environment, then summed (counts) or averaged (shares) over them.
      const lastOfDay = new Map<string, StoredPosture>();
      for (const p of attackPathsOf(db.state).posture) {
        const t = Date.parse(p.created_at);
        if (!envs.has(p.domain_sid) || p.zone_id !== zone || t < w.start || t >= w.end) continue;
        const key = `${p.created_at.slice(0, 10)}|${p.domain_sid}`;
        const had = lastOfDay.get(key);
        if (!had || had.created_at < p.created_at) lastOfDay.set(key, p);
      }
      const days = new Map<string, number[]>();
      for (const [key, p] of lastOfDay) {
        const day = key.slice(0, 10);
        days.set(day, [...(days.get(day) ?? []), value[params.data_type](p)]);
      }
      const data = [...days]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([day, values]) => {
          const sum = values.reduce((n, v) => n + v, 0);
          return { date: `${day}T00:00:00.000Z`, value: averaged ? Math.round((100 * sum) / values.length) / 100 : sum };
        });
      return c.json({
        start: iso(w.start),
        end: iso(w.end),
        environments: query.environments,
        data_type: params.data_type,
        data,
      });
    });

    const zoneNode = (sid: string, at: number, zone: Zone) => {
      const posture = attackPathsOf(db.state)
        .posture.filter((p) => p.domain_sid === sid && p.zone_id === zone.id)
        .at(-1);
      const name = domainNames(db.state).get(sid) ?? sid;
      return {
        label: { text: `${zone.name} · ${name}` },
        data: {
          nodetype: 'Meta',
          name: zone.name,
          domainsid: sid,
          asset_group_tag_id: zone.id,
          tier_zero_count: posture?.tier_zero_count ?? 0,
          findings: foundInDomain(sid, at, zone.id).length,
        },
      };
    };

    route(ops.getLatestTierZeroComboNode, (c, { params, query }) => {
      const at = now();
      requireDomain(db.state, params.domain_id);
      requireAccess(c, [params.domain_id]);
      return c.json({ data: { '1': zoneNode(params.domain_id, at, zoneFor(query.asset_group_tag_id)) } });
    });

    route(ops.getComboTreeGraph, (c, { params, query }) => {
      const at = now();
      requireDomain(db.state, params.domain_id);
      requireAccess(c, [params.domain_id]);
      const zone = zoneFor(query.asset_group_tag_id);
      const graph: Record<string, unknown> = { '1': zoneNode(params.domain_id, at, zone) };
      const sources = new Map<string, { id: string; name: string; kind: string; findings: Set<string> }>();
      for (const f of foundInDomain(params.domain_id, at, zone.id)) {
        if (!f.source) continue;
        const s = sources.get(f.source.id) ?? {
          id: f.source.id,
          name: f.source.name,
          kind: f.source.kind,
          findings: new Set<string>(),
        };
        s.findings.add(f.finding);
        sources.set(f.source.id, s);
      }
      const ordered = [...sources.values()].sort((a, b) => compareText(a.name, b.name));
      const ids = new Map(ordered.map((s, i) => [s.id, String(i + 2)]));
      if (query.node_id !== undefined && query.node_id !== 1 && ![...ids.values()].includes(String(query.node_id))) {
        throw badRequest('node_id', `No combo node has id ${query.node_id} in this domain.`);
      }
      ordered.forEach((s) => {
        const id = ids.get(s.id)!;
        if (query.node_id !== undefined && query.node_id !== 1 && String(query.node_id) !== id) return;
        graph[id] = { label: { text: s.name }, data: { nodetype: s.kind, objectid: s.id, name: s.name } };
        graph[`rel_${id}_1`] = { id1: id, id2: '1', label: { text: [...s.findings].sort().join(', ') } };
      });
      return c.json({ data: graph });
    });
  },
};

function detailCsv(rows: readonly StoredFinding[], at: number, state: DbState): string[] {
  const names = domainNames(state);
  const relationship = rows.some((f) => f.source !== null) || rows.length === 0;
  if (relationship) {
    const header = csvLine([
      'id',
      'finding_type',
      'exposure_count',
      'exposure_percentage',
      'impact_count',
      'impact_percentage',
      'domain_sid',
      'from_principal_name',
      'from_principal',
      'from_principal_kind',
      'to_principal_name',
      'to_principal',
      'to_principal_kind',
      'combo_graph_relation_id',
      'domain',
      'accepted',
      'accepted_until',
      'principals_hash',
      'created_at',
      'updated_at',
    ]);
    return [
      header,
      ...rows.map((f) =>
        csvLine([
          f.id,
          FINDING_TYPE_BY_ID.get(f.finding)?.title ?? f.finding,
          f.exposure_count,
          f.exposure_share,
          f.impact_count,
          f.impact_share,
          f.domain_sid,
          f.source?.name ?? '',
          f.source?.id ?? '',
          f.source?.kind ?? '',
          f.target.name,
          f.target.id,
          f.target.kind,
          0,
          names.get(f.domain_sid) ?? f.domain_sid,
          statusOf(f, at) === 'accepted',
          acceptedUntilOf(f, at),
          principalsHash(f),
          f.created_at,
          f.updated_at,
        ]),
      ),
    ];
  }
  const header = csvLine([
    'id',
    'finding_type',
    'impact_count',
    'impact_percentage',
    'domain',
    'domain_sid',
    'principal_name',
    'principal_kind',
    'principal',
    'accepted',
    'accepted_until',
    'created_at',
    'updated_at',
  ]);
  return [
    header,
    ...rows.map((f) =>
      csvLine([
        f.id,
        f.finding,
        f.impact_count,
        f.impact_share,
        names.get(f.domain_sid) ?? f.domain_sid,
        f.domain_sid,
        f.target.name,
        f.target.kind,
        f.target.id,
        statusOf(f, at) === 'accepted',
        acceptedUntilOf(f, at),
        f.created_at,
        f.updated_at,
      ]),
    ),
  ];
}
