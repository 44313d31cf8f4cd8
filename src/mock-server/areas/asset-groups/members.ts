/**
 * Where asset-group members come from. None of them live in DbState (which is
 * JSON-cloned on every reset and written to MOCK_DB): a group stores its
 * selectors and, for the one big group, the size of its generated
 * population; the members are computed from those on demand, deterministically,
 * and their indexes are cached in memory here, outside the state.
 *
 * - Selector groups: each selector names a node of the directory graph
 *   (seed/graph.ts); the node is a member, and so is every node that belongs
 *   to it through MemberOf edges (nested groups too). A member is a custom
 *   member when a non-system selector brought it in.
 * - The fleet population: every node of the directory graph, then generated
 *   objects of several kinds over several domains and an Azure tenant, up to
 *   the requested size.
 *
 * - System groups with a Privilege Zones tag (Tier Zero, Owned): the tag's
 *   members as the last analysis computed them; a member is a custom member
 *   when a custom (non-default) rule selects it.
 *
 * All read the live graph (the seeded graph minus what clear-database
 * deleted; seed/graph.ts `graphOf`): a deleted node is no member, a deleted
 * MemberOf edge no longer brings members in, and the fleet loses the rows of
 * the deleted source kinds (all of them when the collected data was cleared).
 */
import {
  deletionKey,
  directoryGraph,
  nodeSurvives,
  type DirectoryGraph,
  type GraphDeletions,
  type GraphNode,
} from '../../seed/graph';
import { Rng } from '../../seed/random';
import { MemberIndex, type MemberRowsInput } from './engine';
import type { LegacyMembers } from '../privilege-zones/legacy';

export interface SelectorSpec {
  selector: string;
  system_selector: boolean;
}

/** A generated population (the big group). */
export interface PopulationSpec {
  kind: 'fleet';
  size: number;
}

/** Member source of a group: its selectors, or a generated population. */
export interface MemberSourceSpec {
  assetGroupId: number;
  selectors: readonly SelectorSpec[];
  population: PopulationSpec | null;
  /** The live graph the members come from; the seeded graph when absent. */
  graph?: DirectoryGraph;
  /** What was deleted from the graph (for the generated population); nothing when absent. */
  deletions?: GraphDeletions;
  /**
   * The members the last analysis computed, for a system group whose Privilege
   * Zones tag exists (privilege-zones/legacy.ts): they replace the selectors'.
   */
  computed?: LegacyMembers | null;
}

// ---------------------------------------------------------------------------
// Selector groups (graph nodes)
// ---------------------------------------------------------------------------

const memberOfIndex = new WeakMap<DirectoryGraph, Map<string, string[]>>();

/** For each group node: the nodes with a MemberOf edge to it. */
function directMembers(graph: DirectoryGraph): Map<string, string[]> {
  let idx = memberOfIndex.get(graph);
  if (!idx) {
    idx = new Map();
    for (const e of graph.edges) {
      if (e.kind !== 'MemberOf') continue;
      const list = idx.get(e.target);
      if (list) list.push(e.source);
      else idx.set(e.target, [e.source]);
    }
    memberOfIndex.set(graph, idx);
  }
  return idx;
}

/** The graph nodes a set of selectors selects, each with whether a custom (non-system) selector selected it. */
export function selectedNodes(
  selectors: readonly SelectorSpec[],
  graph: DirectoryGraph = directoryGraph(),
): Map<string, { node: GraphNode; custom: boolean }> {
  const members = directMembers(graph);
  const out = new Map<string, { node: GraphNode; custom: boolean }>();
  const add = (node: GraphNode, custom: boolean) => {
    const had = out.get(node.objectid);
    if (had) had.custom ||= custom;
    else out.set(node.objectid, { node, custom });
  };
  for (const s of selectors) {
    const root = graph.byId.get(s.selector);
    if (!root) continue;
    const custom = !s.system_selector;
    add(root, custom);
    // Everything that belongs to a selected group, through nested groups.
    const seen = new Set([root.objectid]);
    const queue = [root.objectid];
    while (queue.length > 0) {
      for (const id of members.get(queue.shift()!) ?? []) {
        if (seen.has(id)) continue;
        seen.add(id);
        const node = graph.byId.get(id);
        if (!node) continue;
        add(node, custom);
        queue.push(id);
      }
    }
  }
  return out;
}

/** The computed members still in the live graph, each with whether a custom rule selects it. */
function computedNodes(computed: LegacyMembers, graph: DirectoryGraph = directoryGraph()) {
  const out: { node: GraphNode; custom: boolean }[] = [];
  for (const m of computed.members) {
    const node = graph.byId.get(m.object_id);
    if (node) out.push({ node, custom: m.custom });
  }
  return out;
}

function rowsOfNodes(assetGroupId: number, entries: Iterable<{ node: GraphNode; custom: boolean }>): MemberRowsInput {
  const rows = emptyRows(assetGroupId);
  for (const { node, custom } of entries) pushNode(rows, node, custom);
  return rows;
}

interface MutableRows extends MemberRowsInput {
  objectId: string[];
  name: string[];
  primaryKind: string[];
  kinds: (readonly string[])[];
  environmentId: string[];
  environmentKind: string[];
  customMember: boolean[];
}

function emptyRows(assetGroupId: number): MutableRows {
  return {
    assetGroupId,
    objectId: [],
    name: [],
    primaryKind: [],
    kinds: [],
    environmentId: [],
    environmentKind: [],
    customMember: [],
  };
}

function pushNode(rows: MutableRows, node: GraphNode, custom: boolean): void {
  rows.objectId.push(node.objectid);
  rows.name.push(node.name);
  rows.primaryKind.push(node.primaryKind);
  rows.kinds.push(node.kinds);
  rows.environmentId.push(node.domainSid);
  rows.environmentKind.push('Domain');
  rows.customMember.push(custom);
}

// ---------------------------------------------------------------------------
// The fleet population (generated)
// ---------------------------------------------------------------------------

interface Environment {
  id: string;
  name: string;
  kind: 'Domain' | 'AZTenant';
  /** Share of generated rows. */
  weight: number;
}

/** Environments of the generated objects (the graph's own domains come with the graph's nodes). */
export const FLEET_ENVIRONMENTS: readonly Environment[] = [
  { id: 'S-1-5-21-1004336348-1177238915-682003330', name: 'GLOBEX.LOCAL', kind: 'Domain', weight: 0.12 },
  { id: 'S-1-5-21-2052111302-1935655697-839522115', name: 'EMEA.GLOBEX.LOCAL', kind: 'Domain', weight: 0.3 },
  { id: 'S-1-5-21-3623811015-3361044348-3030082032', name: 'AMER.GLOBEX.LOCAL', kind: 'Domain', weight: 0.28 },
  { id: 'S-1-5-21-1860283410-2710382913-1544317711', name: 'APAC.GLOBEX.LOCAL', kind: 'Domain', weight: 0.18 },
  { id: '6c12b0b0-b2cc-4a73-8252-0b94bfca2145', name: 'GLOBEX.ONMICROSOFT.COM', kind: 'AZTenant', weight: 0.12 },
];

const AD_KINDS: readonly [string, number][] = [
  ['User', 0.46],
  ['Computer', 0.3],
  ['Group', 0.12],
  ['OU', 0.05],
  ['Container', 0.04],
  ['GPO', 0.03],
];
const AZ_KINDS: readonly [string, number][] = [
  ['AZUser', 0.6],
  ['AZDevice', 0.25],
  ['AZGroup', 0.15],
];

const FIRST = [
  'ANNA',
  'BEN',
  'CHLOE',
  'DAVID',
  'EMMA',
  'FELIX',
  'GRETA',
  'HUGO',
  'IRIS',
  'JAKOB',
  'KIM',
  'LEA',
  'MAX',
  'NORA',
  'OSCAR',
  'PIA',
  'RAFAEL',
  'SOFIA',
  'TOM',
  'UMA',
  'VIKTOR',
  'WANDA',
  'YARA',
  'ZENO',
];
const LAST = [
  'MUELLER',
  'SMITH',
  'GARCIA',
  'ROSSI',
  'NGUYEN',
  'KIM',
  'SILVA',
  'COHEN',
  'OKAFOR',
  'SATO',
  'BERG',
  'DUPONT',
  'NOVAK',
  'KHAN',
  'LOPEZ',
  'WALSH',
  'IVANOV',
  'PATEL',
  'JONES',
  'BAUER',
];
const TEAMS = ['SALES', 'FINANCE', 'ENGINEERING', 'SUPPORT', 'MARKETING', 'LEGAL', 'HR', 'OPERATIONS', 'RESEARCH', 'IT'];
const HOST_PREFIXES = ['WS', 'LT', 'VDI', 'SRV'];
const POLICIES = ['DEFAULT DOMAIN POLICY', 'BITLOCKER', 'FIREWALL', 'PASSWORD POLICY', 'WSUS', 'AUDIT'];
const CONTAINERS = ['USERS', 'COMPUTERS', 'PROGRAM DATA', 'SYSTEM', 'MANAGED SERVICE ACCOUNTS'];

function weighted<T>(rng: Rng, items: readonly [T, number][]): T {
  let x = rng.next();
  for (const [item, w] of items) {
    if (x < w) return item;
    x -= w;
  }
  return items[items.length - 1]![0];
}

function word(rng: Rng): string {
  return Math.floor(rng.next() * 0x100000000)
    .toString(16)
    .padStart(8, '0');
}

/** A GUID whose last group carries the row number, so generated GUIDs never collide. */
function guid(rng: Rng, seq: number): string {
  const h = (word(rng) + word(rng) + word(rng)).toUpperCase();
  const variant = '89AB'[parseInt(h[16]!, 16) & 3];
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${seq.toString(16).toUpperCase().padStart(12, '0')}`;
}

const kindsCache = new Map<string, readonly string[]>();
function kindsOf(primary: string, azure: boolean): readonly string[] {
  const key = `${azure}:${primary}`;
  let k = kindsCache.get(key);
  if (!k) {
    k = Object.freeze([azure ? 'AZBase' : 'Base', primary]);
    kindsCache.set(key, k);
  }
  return k;
}

/**
 * The fleet: every node of the directory graph, then generated objects up to
 * `size` members in all. The same `size` always gives the same members.
 */
export function fleetRows(
  assetGroupId: number,
  size: number,
  graph: DirectoryGraph = directoryGraph(),
  deletions?: GraphDeletions,
): MemberRowsInput {
  if (deletions && deletionKey(deletions) !== '') return survivingRows(fleetRows(assetGroupId, size), deletions);
  const rows = emptyRows(assetGroupId);
  const rng = new Rng(0xf1ee7 ^ 0x5eed);
  for (const node of [...graph.domains, ...graph.nodes]) {
    if (rows.objectId.length >= size) break;
    pushNode(rows, node, rng.bool(0.02));
  }
  const envs = FLEET_ENVIRONMENTS.map((e) => [e, e.weight] as [Environment, number]);
  const rids = new Map<string, number>(FLEET_ENVIRONMENTS.map((e) => [e.id, 10_000]));
  for (let seq = rows.objectId.length; seq < size; seq++) {
    const env = weighted(rng, envs);
    const azure = env.kind === 'AZTenant';
    const primary = weighted(rng, azure ? AZ_KINDS : AD_KINDS);
    const n = String(seq).padStart(6, '0');
    let objectId: string;
    let name: string;
    const principal = primary === 'User' || primary === 'Computer' || primary === 'Group';
    if (principal) {
      const rid = rids.get(env.id)! + 1;
      rids.set(env.id, rid);
      objectId = `${env.id}-${rid}`;
    } else {
      objectId = guid(rng, seq);
    }
    switch (primary) {
      case 'User':
        name = `${rng.pick(FIRST)}.${rng.pick(LAST)}${n}@${env.name}`;
        break;
      case 'Computer':
        name = `${rng.pick(HOST_PREFIXES)}-${n}.${env.name}`;
        break;
      case 'Group':
        name = `${rng.pick(TEAMS)} ${rng.pick(['USERS', 'ADMINS', 'READERS', 'OPERATORS'])} ${n}@${env.name}`;
        break;
      case 'OU':
        name = `${rng.pick(TEAMS)} ${n}@${env.name}`;
        break;
      case 'Container':
        name = `${rng.pick(CONTAINERS)} ${n}@${env.name}`;
        break;
      case 'GPO':
        name = `${rng.pick(POLICIES)} ${n}@${env.name}`;
        break;
      case 'AZUser':
        name = `${rng.pick(FIRST)}.${rng.pick(LAST)}${n}@${env.name}`;
        break;
      case 'AZDevice':
        name = `DEVICE-${n}`;
        break;
      default:
        name = `${rng.pick(TEAMS)} TEAM ${n}`;
    }
    rows.objectId.push(objectId);
    rows.name.push(name);
    rows.primaryKind.push(primary);
    rows.kinds.push(kindsOf(primary, azure));
    rows.environmentId.push(env.id);
    rows.environmentKind.push(env.kind);
    rows.customMember.push(rng.bool(0.015));
  }
  return rows;
}

/** The rows whose objects survive `deletions` (the same rows, so a clear never reshuffles the fleet). */
function survivingRows(rows: MemberRowsInput, deletions: GraphDeletions): MemberRowsInput {
  const out = emptyRows(rows.assetGroupId);
  if (deletions.all) return out;
  for (let i = 0; i < rows.objectId.length; i++) {
    if (!nodeSurvives(rows.kinds[i]!, deletions)) continue;
    out.objectId.push(rows.objectId[i]!);
    out.name.push(rows.name[i]!);
    out.primaryKind.push(rows.primaryKind[i]!);
    out.kinds.push(rows.kinds[i]!);
    out.environmentId.push(rows.environmentId[i]!);
    out.environmentKind.push(rows.environmentKind[i]!);
    out.customMember.push(rows.customMember[i]!);
  }
  return out;
}

// ---------------------------------------------------------------------------
// Cache of built indexes
// ---------------------------------------------------------------------------

const indexes = new Map<string, MemberIndex>();
const MAX_INDEXES = 32;

function sourceKey(spec: MemberSourceSpec): string {
  const source = spec.computed
    ? spec.computed.key
    : spec.population
      ? `${spec.population.kind}:${spec.population.size}:${deletionKey(spec.deletions)}`
      : spec.selectors.map((s) => `${s.system_selector ? 's' : 'c'}:${s.selector}`).join(',');
  // The graph the members come from (live graphs are memoized per set of deletions, so the version names one).
  return `${spec.graph?.version ?? ''}#${source}`;
}

function cacheKey(spec: MemberSourceSpec): string {
  return `${spec.assetGroupId}|${sourceKey(spec)}`;
}

/** Member counts by selector set, kept apart from the indexes (they do not depend on the group). */
const counts = new Map<string, number>();
const MAX_COUNTS = 10_000;

/** The member index of a group (built on first use, then reused while the group's selectors stay the same). */
export function memberIndexOf(spec: MemberSourceSpec): MemberIndex {
  const key = cacheKey(spec);
  let index = indexes.get(key);
  if (index) {
    indexes.delete(key);
    indexes.set(key, index);
    return index;
  }
  index = new MemberIndex(
    spec.computed
      ? rowsOfNodes(spec.assetGroupId, computedNodes(spec.computed, spec.graph))
      : spec.population
        ? fleetRows(spec.assetGroupId, spec.population.size, undefined, spec.deletions)
        : rowsOfNodes(spec.assetGroupId, selectedNodes(spec.selectors, spec.graph).values()),
  );
  indexes.set(key, index);
  while (indexes.size > MAX_INDEXES) indexes.delete(indexes.keys().next().value!);
  return index;
}

/**
 * How many members a group has, without building an index: listing groups
 * must not push the indexes of the groups being paged out of the cache (with
 * more than MAX_INDEXES groups, every list evicted the big group's index and
 * its next page rebuilt 100,000 rows).
 */
export function memberCountOf(spec: MemberSourceSpec): number {
  if (spec.population && deletionKey(spec.deletions) === '') return spec.population.size;
  const built = indexes.get(cacheKey(spec));
  if (built) return built.size;
  const key = sourceKey(spec);
  let count = counts.get(key);
  if (count === undefined) {
    count = spec.computed
      ? computedNodes(spec.computed, spec.graph).length
      : spec.population
        ? fleetRows(spec.assetGroupId, spec.population.size, undefined, spec.deletions).objectId.length
        : selectedNodes(spec.selectors, spec.graph).size;
    if (counts.size >= MAX_COUNTS) counts.clear();
    counts.set(key, count);
  }
  return count;
}
