/**
 * The findings of one analysis over a directory graph and its zones' members, deterministic for a given
 * graph and membership (docs/mock-server.md, "Attack paths and risk posture"):
 *
 * - A relationship finding: a principal (user, computer or group) outside the zone and every zone above
 *   it, with a one-step relationship of the type's kind onto a member of the zone. The environment is the
 *   target's domain.
 * - A list finding: a member of Tier Zero for which the type's condition holds (its hygiene).
 * - Exposure (relationship findings): the users and computers of the environment, outside the zone and
 *   those above it, that are the source or members of it through nested groups (every principal for
 *   Everyone and Authenticated Users); its share is that count over all such users and computers.
 * - Impact: the zone members of the environment reachable from the target (itself included) over any
 *   relationship between zone members; its share is that count over the zone's members in the environment.
 * - Score and severity: a relationship finding's score is the geometric mean of its two shares, a list
 *   finding's its impact share, in percent; SEVERITY_THRESHOLDS turn the score into a severity.
 */
import type { DirectoryGraph, GraphNode } from '../../seed/graph';
import { isEveryoneOrAuthenticatedUsers } from '../graph-index';
import { LIST_TYPES, RELATIONSHIP_TYPES, type FindingKind, type ListContext } from './types';

export type Severity = 'critical' | 'high' | 'moderate' | 'low';

/** The lowest score (percent) of each severity; below the last, low. */
export const SEVERITY_THRESHOLDS: readonly [Severity, number][] = [
  ['critical', 40],
  ['high', 20],
  ['moderate', 5],
];

export function severityOf(score: number): Severity {
  for (const [severity, min] of SEVERITY_THRESHOLDS) if (score >= min) return severity;
  return 'low';
}

export interface ZoneInput {
  id: number;
  name: string;
  /** Tier Zero (its titles are upstream's own). */
  tierZero: boolean;
  members: ReadonlySet<string>;
}

export interface FindingPrincipal {
  id: string;
  kind: string;
  name: string;
}

export interface ComputedFinding {
  /** Identifies the condition across analyses: type, zone, source and target. */
  key: string;
  finding: string;
  finding_type: FindingKind;
  zone_id: number;
  domain_sid: string;
  source: FindingPrincipal | null;
  target: FindingPrincipal;
  exposure_count: number;
  exposure_share: number;
  impact_count: number;
  impact_share: number;
  /** Percent, two decimals. */
  score: number;
  severity: Severity;
}

/** One environment's figures on one zone. */
export interface EnvironmentFigures {
  domain_sid: string;
  zone_id: number;
  /** Zone members in the environment. */
  zone_count: number;
  /** Users and computers of the environment outside the zone and those above it. */
  principals: number;
  /** Of those, the ones exposed by at least one relationship finding. */
  exposed: number;
}

export interface FindingsResult {
  findings: ComputedFinding[];
  environments: EnvironmentFigures[];
}

const PRINCIPAL_KINDS = new Set(['User', 'Computer', 'Group']);
const isAccount = (n: GraphNode) => n.primaryKind === 'User' || n.primaryKind === 'Computer';
const round2 = (x: number) => Math.round(x * 100) / 100;

export const principalOf = (n: GraphNode): FindingPrincipal => ({ id: n.objectid, kind: n.primaryKind, name: n.name });

/** The graph's "now" for time conditions: its newest logon time (seconds). */
function graphNow(graph: DirectoryGraph): number {
  let max = 0;
  for (const n of graph.nodes) {
    const t = n.props.lastlogontimestamp;
    if (typeof t === 'number' && t > max) max = t;
  }
  return max;
}

export function computeFindings(graph: DirectoryGraph, zones: readonly ZoneInput[]): FindingsResult {
  const environments = new Set(graph.domains.map((d) => d.objectid));
  const relationshipKinds = new Map(RELATIONSHIP_TYPES.map((t) => [t.edge!, t]));
  // Group → its direct members (MemberOf sources); kind → its edges.
  const members = new Map<string, string[]>();
  const byKind = new Map<string, { source: string; target: string }[]>();
  for (const e of graph.edges) {
    if (e.kind === 'MemberOf') {
      const list = members.get(e.target);
      if (list) list.push(e.source);
      else members.set(e.target, [e.source]);
    }
    if (relationshipKinds.has(e.kind)) {
      const list = byKind.get(e.kind);
      if (list) list.push(e);
      else byKind.set(e.kind, [e]);
    }
  }
  const accountsByEnv = new Map<string, GraphNode[]>();
  for (const n of graph.nodes) {
    if (!isAccount(n) || !environments.has(n.domainSid)) continue;
    const list = accountsByEnv.get(n.domainSid);
    if (list) list.push(n);
    else accountsByEnv.set(n.domainSid, [n]);
  }
  const context: ListContext = { graphNow: graphNow(graph) };

  const findings: ComputedFinding[] = [];
  const figures: EnvironmentFigures[] = [];
  const above = new Set<string>();
  for (const zone of zones) {
    const outside = (id: string) => !zone.members.has(id) && !above.has(id);
    // Relationships between zone members, for impact.
    const inner = new Map<string, string[]>();
    for (const e of graph.edges) {
      if (!zone.members.has(e.source) || !zone.members.has(e.target)) continue;
      const list = inner.get(e.source);
      if (list) list.push(e.target);
      else inner.set(e.source, [e.target]);
    }
    const zoneCount = new Map<string, number>();
    for (const id of zone.members) {
      const n = graph.byId.get(id);
      if (n && environments.has(n.domainSid)) zoneCount.set(n.domainSid, (zoneCount.get(n.domainSid) ?? 0) + 1);
    }
    const outsideAccounts = new Map<string, number>();
    for (const [env, list] of accountsByEnv) outsideAccounts.set(env, list.filter((n) => outside(n.objectid)).length);

    const impactMemo = new Map<string, number>();
    const impactOf = (target: GraphNode): number => {
      let count = impactMemo.get(target.objectid);
      if (count !== undefined) return count;
      const seen = new Set<string>([target.objectid]);
      const queue = [target.objectid];
      count = 0;
      for (let i = 0; i < queue.length; i++) {
        const at = queue[i]!;
        if (graph.byId.get(at)?.domainSid === target.domainSid) count++;
        for (const next of inner.get(at) ?? []) {
          if (!seen.has(next)) {
            seen.add(next);
            queue.push(next);
          }
        }
      }
      impactMemo.set(target.objectid, count);
      return count;
    };
    /** The outside accounts of `env` that are `sources` or nested members of them, marked in `into`. */
    const expose = (sources: Iterable<string>, env: string, into: Set<string>) => {
      const seen = new Set<string>();
      const queue: string[] = [];
      for (const s of sources) {
        if (isEveryoneOrAuthenticatedUsers(s)) {
          for (const n of accountsByEnv.get(env) ?? []) if (outside(n.objectid)) into.add(n.objectid);
          continue;
        }
        if (!seen.has(s)) {
          seen.add(s);
          queue.push(s);
        }
      }
      for (let i = 0; i < queue.length; i++) {
        const at = queue[i]!;
        const node = graph.byId.get(at);
        if (node && isAccount(node) && node.domainSid === env && outside(at)) into.add(at);
        for (const m of members.get(at) ?? []) {
          if (!seen.has(m)) {
            seen.add(m);
            queue.push(m);
          }
        }
      }
    };
    const exposureMemo = new Map<string, number>();
    const exposureOf = (source: string, env: string): number => {
      const key = `${env}|${source}`;
      let count = exposureMemo.get(key);
      if (count === undefined) {
        const into = new Set<string>();
        expose([source], env, into);
        count = into.size;
        exposureMemo.set(key, count);
      }
      return count;
    };
    const share = (count: number, of: number) => (of === 0 ? 0 : Math.min(1, count / of));

    const sourcesByEnv = new Map<string, Set<string>>();
    for (const type of RELATIONSHIP_TYPES) {
      const seenKeys = new Set<string>();
      for (const e of byKind.get(type.edge!) ?? []) {
        if (!zone.members.has(e.target) || !outside(e.source)) continue;
        const source = graph.byId.get(e.source);
        const target = graph.byId.get(e.target);
        if (!source || !target || !PRINCIPAL_KINDS.has(source.primaryKind) || !environments.has(target.domainSid)) continue;
        const key = `${type.id}|${zone.id}|${source.objectid}|${target.objectid}`;
        if (seenKeys.has(key)) continue;
        seenKeys.add(key);
        const env = target.domainSid;
        const exposureCount = exposureOf(source.objectid, env);
        const impactCount = impactOf(target);
        const exposureShare = share(exposureCount, outsideAccounts.get(env) ?? 0);
        const impactShare = share(impactCount, zoneCount.get(env) ?? 0);
        const score = round2(100 * Math.sqrt(exposureShare * impactShare));
        findings.push({
          key,
          finding: type.id,
          finding_type: 'relationship',
          zone_id: zone.id,
          domain_sid: env,
          source: principalOf(source),
          target: principalOf(target),
          exposure_count: exposureCount,
          exposure_share: round4(exposureShare),
          impact_count: impactCount,
          impact_share: round4(impactShare),
          score,
          severity: severityOf(score),
        });
        let set = sourcesByEnv.get(env);
        if (!set) sourcesByEnv.set(env, (set = new Set()));
        set.add(source.objectid);
      }
    }
    const memberNodes = [...zone.members]
      .map((id) => graph.byId.get(id))
      .filter((n): n is GraphNode => n !== undefined && environments.has(n.domainSid))
      .sort((a, b) => (a.objectid < b.objectid ? -1 : a.objectid > b.objectid ? 1 : 0));
    for (const type of zone.tierZero ? LIST_TYPES : []) {
      for (const n of memberNodes) {
        if (!type.holds!(n, context)) continue;
        const impactCount = impactOf(n);
        const impactShare = share(impactCount, zoneCount.get(n.domainSid) ?? 0);
        const score = round2(100 * impactShare);
        findings.push({
          key: `${type.id}|${zone.id}||${n.objectid}`,
          finding: type.id,
          finding_type: 'list',
          zone_id: zone.id,
          domain_sid: n.domainSid,
          source: null,
          target: principalOf(n),
          exposure_count: 0,
          exposure_share: 0,
          impact_count: impactCount,
          impact_share: round4(impactShare),
          score,
          severity: severityOf(score),
        });
      }
    }
    for (const d of graph.domains) {
      const exposed = new Set<string>();
      expose(sourcesByEnv.get(d.objectid) ?? [], d.objectid, exposed);
      figures.push({
        domain_sid: d.objectid,
        zone_id: zone.id,
        zone_count: zoneCount.get(d.objectid) ?? 0,
        principals: outsideAccounts.get(d.objectid) ?? 0,
        exposed: exposed.size,
      });
    }
    for (const id of zone.members) above.add(id);
  }
  return { findings, environments: figures };
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
