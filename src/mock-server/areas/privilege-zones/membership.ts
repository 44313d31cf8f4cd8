/**
 * How Privilege Zones membership is computed, as upstream's analysis does it
 * (cmd/api/src/daemons/datapipe/agt.go), over the live directory graph:
 *
 * 1. Seeds: an object-id seed is the node with that objectid (missing ones
 *    are ignored); a Cypher seed is every node its query returns (a query
 *    that does not parse or is too complex for a rule selects nothing, as
 *    upstream logs it and goes on).
 * 2. Expansion by tag type: zones both ways, labels children only, Owned
 *    none. Children, recursively: a group's members (MemberOf), what an OU or
 *    Container contains (Contains). Parents, of the seeds and their children:
 *    the OUs containing a node and the GPOs linked to it or to them (GPLink);
 *    the containers containing it when its `isaclprotected` is false.
 * 3. Zones in position order with one "seen" set: a node belongs only to the
 *    highest zone that takes it. Labels and Owned may overlap anything.
 * 4. With `require_certify`, pending and revoked nodes are not members (and
 *    stay free for a lower zone).
 * 5. Disabled rules select nothing; deleted tags hold nothing; a tag whose
 *    analysis is disabled is skipped and keeps the members it had, as
 *    upstream skips it in selection and tagging and leaves its nodes tagged.
 *
 * Zones keep a certification record per selected node (model.ts
 * StoredCertification), created when the node is first selected and dropped
 * when no enabled rule selects it any more; an automatic or pending value
 * follows the rules' `auto_certify`, a person's (certified or revoked) stays.
 *
 * It runs on the main thread, synchronously, at the end of an analysis
 * (datapipe/pipeline.ts): the pipeline's transitions are derived from the
 * clock whenever the state is read, so the members must be there when the
 * transition is applied; the work is a few Cypher seeds and linear walks
 * over indexes built once per graph (see `npm run bench zones`).
 */
import { MemberSource, SeedType, TagType, type SelectorSeed } from '../../../api/schemas/privilege-zones';
import { isTooComplex, SELECTOR_FITNESS_BOUND } from '../../cypher/complexity';
import { evaluate } from '../../cypher/evaluate';
import { cypherGraph, type CypherGraph } from '../../cypher/graph';
import { parseQuery } from '../../cypher/parser';
import { CypherPath, isNode, type Value } from '../../cypher/values';
import type { DirectoryGraph, GraphNode } from '../../seed/graph';
import { graphOf } from '../../seed/live-graph';
import type { DbState } from '../../store/db';
import { legacyTagOf, linkLegacySelectors } from './legacy';
import type { ComputedMember, ComputedMembership, StoredCertification, StoredSelector, StoredTag } from './model';

/** How a rule's seeds are expanded: 0 not at all, 1 both ways, 2 children, 3 parents (the preview's `expansion`). */
export const Expansion = { None: 0, All: 1, Children: 2, Parents: 3 } as const;
export type Expansion = (typeof Expansion)[keyof typeof Expansion];

/** Who certifies automatically (upstream `AssetGroupActorBloodHound`). */
export const AUTOMATIC_CERTIFIER = 'BloodHound';

/** The expansion of a tag's rules by the tag's type. */
export function expansionOf(type: StoredTag['type']): Expansion {
  if (type === TagType.Zone) return Expansion.All;
  if (type === TagType.Label) return Expansion.Children;
  return Expansion.None;
}

// ---------------------------------------------------------------------------
// Graph indexes (built once per live graph)
// ---------------------------------------------------------------------------

interface ExpansionIndex {
  /** Group → the nodes with a MemberOf edge to it. */
  memberOfIn: Map<string, string[]>;
  /** OU or container → what it contains. */
  containsOut: Map<string, string[]>;
  /** Node → what contains it. */
  containsIn: Map<string, string[]>;
  /** Node → the GPOs linked to it. */
  gpLinkIn: Map<string, string[]>;
}

const expansionIndexes = new WeakMap<DirectoryGraph, ExpansionIndex>();

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function expansionIndexOf(graph: DirectoryGraph): ExpansionIndex {
  let index = expansionIndexes.get(graph);
  if (!index) {
    index = { memberOfIn: new Map(), containsOut: new Map(), containsIn: new Map(), gpLinkIn: new Map() };
    for (const e of graph.edges) {
      if (e.kind === 'MemberOf') push(index.memberOfIn, e.target, e.source);
      else if (e.kind === 'Contains') {
        push(index.containsOut, e.source, e.target);
        push(index.containsIn, e.target, e.source);
      } else if (e.kind === 'GPLink') push(index.gpLinkIn, e.target, e.source);
    }
    expansionIndexes.set(graph, index);
  }
  return index;
}

/** Only Active Directory objects are expanded or reached by expansion (upstream's `ad.Entity`). */
const isEntity = (node: GraphNode) => node.kinds.includes('Base');
const hasKind = (node: GraphNode, kind: string) => node.kinds.includes(kind);

/** The nodes one step down from `node`: a group's members, what an OU or container contains. */
function childrenOf(node: GraphNode, index: ExpansionIndex): readonly string[] {
  if (!isEntity(node)) return [];
  if (hasKind(node, 'Group')) return index.memberOfIn.get(node.objectid) ?? [];
  if (hasKind(node, 'OU') || hasKind(node, 'Container')) return index.containsOut.get(node.objectid) ?? [];
  return [];
}

/**
 * Visits the parents of `nodes`: the OUs containing each (recursively) and the
 * GPOs linked to the node or to them; the containers containing it
 * (recursively) when its ACL is not protected. A node whose ancestors were
 * climbed once is not climbed again, so nodes sharing OUs cost one walk.
 */
function visitParents(
  graph: DirectoryGraph,
  index: ExpansionIndex,
  nodes: readonly GraphNode[],
  visit: (parent: GraphNode) => void,
): void {
  const climbed = { OU: new Set<string>(), Container: new Set<string>() };
  const climb = (start: GraphNode, kind: 'OU' | 'Container') => {
    const done = climbed[kind];
    const stack = [start];
    while (stack.length > 0) {
      const at = stack.pop()!;
      if (done.has(at.objectid)) continue;
      done.add(at.objectid);
      if (kind === 'OU') {
        for (const id of index.gpLinkIn.get(at.objectid) ?? []) {
          const gpo = graph.byId.get(id);
          if (gpo && hasKind(gpo, 'GPO')) visit(gpo);
        }
      }
      for (const id of index.containsIn.get(at.objectid) ?? []) {
        const parent = graph.byId.get(id);
        if (!parent || !hasKind(parent, kind)) continue;
        visit(parent);
        stack.push(parent);
      }
    }
  };
  for (const node of nodes) {
    if (!isEntity(node)) continue;
    climb(node, 'OU');
    if (node.props.isaclprotected === false) climb(node, 'Container');
  }
}

// ---------------------------------------------------------------------------
// Seeds
// ---------------------------------------------------------------------------

/** Why a Cypher seed cannot select: its `line L:C` syntax error, or that it is too complex for a rule. */
export class SeedQueryError extends Error {}

/** The nodes a Cypher seed returns (every node in any returned value: nodes, paths, lists); throws SeedQueryError for a query a rule may not run. */
export function cypherSeedNodes(graph: CypherGraph, query: string): GraphNode[] {
  const cached = seedResults.get(graph)?.get(query);
  if (cached) return cached;
  const parsed = parseCypherSeed(query);
  const out: GraphNode[] = [];
  const collect = (v: Value): void => {
    if (v === null || typeof v !== 'object') return;
    if (isNode(v)) out.push(v.source);
    else if (v instanceof CypherPath) v.nodes.forEach((n) => out.push(n.source));
    else if (Array.isArray(v)) v.forEach(collect);
    else if (v instanceof Map) v.forEach(collect);
  };
  try {
    for (const row of evaluate(graph, parsed).rows) row.forEach(collect);
  } catch (e) {
    throw new SeedQueryError((e as Error).message, { cause: e });
  }
  if (!READS_CLOCK.test(query)) {
    let results = seedResults.get(graph);
    if (!results) seedResults.set(graph, (results = new Map()));
    results.set(query, out);
  }
  return out;
}

/**
 * What each Cypher seed returned, per engine graph: a graph never changes (a changed live graph is another
 * object), so an analysis runs only the seeds it has not run on this graph yet. A query that reads the clock
 * (date(), datetime(), localtime(), localdatetime() with no argument) may answer differently later: it is always run.
 */
const seedResults = new WeakMap<CypherGraph, Map<string, GraphNode[]>>();
const READS_CLOCK = /\b(date|datetime|localtime|localdatetime)\s*\(\s*\)/i;

/** Parses a Cypher seed as a rule's (reads only, the stricter complexity bound); throws SeedQueryError naming what is wrong. */
export function parseCypherSeed(query: string) {
  let parsed;
  try {
    parsed = parseQuery(query);
  } catch (e) {
    const describe = (e as { describe?: (q: string) => string }).describe;
    throw new SeedQueryError(describe ? describe.call(e, query) : (e as Error).message, { cause: e });
  }
  if (isTooComplex(parsed, SELECTOR_FITNESS_BOUND)) {
    throw new SeedQueryError('cypher query is too complex and is likely to result in poor or unstable database performance');
  }
  return parsed;
}

/** What a set of seeds selects, in the order found, with how each node came in. */
export type Selection = Map<string, { node: GraphNode; source: MemberSource }>;

/**
 * The nodes a rule's seeds select with an expansion (upstream FetchNodesFromSeeds):
 * the seeds, then their children (recursively), then the parents of seeds and
 * children. `limit` stops the walk once that many nodes are found (the preview).
 * A Cypher seed that cannot run throws SeedQueryError when `strict`, else selects nothing.
 */
export function selectFromSeeds(
  graph: DirectoryGraph,
  cypher: (marks: boolean) => CypherGraph,
  seeds: readonly SelectorSeed[],
  expansion: Expansion,
  options: { limit?: number; strict?: boolean } = {},
): Selection {
  const limit = options.limit ?? Infinity;
  const out: Selection = new Map();
  const full = () => out.size >= limit;
  const add = (node: GraphNode, source: MemberSource): boolean => {
    if (out.has(node.objectid) || full()) return false;
    out.set(node.objectid, { node, source });
    return true;
  };
  for (const seed of seeds) {
    if (seed.type === SeedType.ObjectId) {
      const node = graph.byId.get(seed.value);
      if (node) add(node, MemberSource.Seed);
    } else {
      let nodes: GraphNode[] = [];
      try {
        nodes = cypherSeedNodes(cypher(readsTagMarks(seed.value)), seed.value);
      } catch (e) {
        if (options.strict || !(e instanceof SeedQueryError)) throw e;
      }
      for (const node of nodes) add(node, MemberSource.Seed);
    }
  }
  if (expansion === Expansion.None || out.size === 0) return out;
  const index = expansionIndexOf(graph);
  const reached = [...out.values()].map((m) => m.node);
  if (expansion === Expansion.All || expansion === Expansion.Children) {
    for (let i = 0; i < reached.length && !full(); i++) {
      for (const id of childrenOf(reached[i]!, index)) {
        const child = graph.byId.get(id);
        if (child && isEntity(child) && add(child, MemberSource.Child)) reached.push(child);
      }
    }
  }
  if (expansion === Expansion.All || expansion === Expansion.Parents) {
    visitParents(graph, index, reached, (parent) => add(parent, MemberSource.Parent));
  }
  return out;
}

// ---------------------------------------------------------------------------
// Membership of every tag
// ---------------------------------------------------------------------------

/** Per live graph: the engine's graph without tag marks (built once), and the last one with marks. */
const seedGraphs = new WeakMap<DirectoryGraph, { plain?: CypherGraph; marked?: { signature: string; cypher: CypherGraph } }>();

/** Whether a Cypher seed can see tag marks: only one naming a tag kind (`Tag_…`) can tell them apart. */
export const readsTagMarks = (query: string) => /tag_/i.test(query);

/**
 * The engine's view of the live graph for rule seeds. With `marks`, nodes
 * carry the Tier Zero and Owned kinds of the last analysis (as upstream's
 * selectors see the graph the previous tagging left); that graph is rebuilt
 * when those members change, so it is asked for only by seeds that name a tag
 * kind (`readsTagMarks`); every other seed reads the graph without marks,
 * built once per live graph.
 */
export function seedCypherGraph(state: DbState, graph: DirectoryGraph = graphOf(state), marks = false): CypherGraph {
  let cached = seedGraphs.get(graph);
  if (!cached) seedGraphs.set(graph, (cached = {}));
  if (!marks) return (cached.plain ??= cypherGraph(graph, () => ''));
  const tagged = new Map<string, string[]>();
  const last = state.privilegeZones?.membership;
  if (last) {
    for (const tag of state.privilegeZones.tags) {
      const legacy = legacyTagOf(tag);
      if (!legacy) continue;
      for (const m of last.tags[tag.id] ?? []) {
        const tags = tagged.get(m.object_id);
        if (tags) tags.push(legacy);
        else tagged.set(m.object_id, [legacy]);
      }
    }
  }
  const signature = [...tagged].map(([id, tags]) => `${id}=${tags.join(' ')}`).join('|');
  if (cached.marked?.signature !== signature) {
    cached.marked = { signature, cypher: cypherGraph(graph, (objectid) => tagged.get(objectid)?.join(' ') ?? '') };
  }
  return cached.marked.cypher;
}

/** Selections of one tag's enabled rules, merged per node: the best source, every selecting rule, whether any rule certifies it. */
interface TagSelection {
  object_id: string;
  source: MemberSource;
  selectors: number[];
  automatic: boolean;
}

function selectTag(
  graph: DirectoryGraph,
  cypher: (marks: boolean) => CypherGraph,
  tag: StoredTag,
  selectors: readonly StoredSelector[],
): Map<string, TagSelection> {
  const merged = new Map<string, TagSelection>();
  for (const rule of selectors) {
    if (rule.asset_group_tag_id !== tag.id || rule.disabled_at !== null) continue;
    for (const { node, source } of selectFromSeeds(graph, cypher, rule.seeds, expansionOf(tag.type)).values()) {
      const automatic = rule.auto_certify === 1 || (rule.auto_certify === 2 && source === MemberSource.Seed);
      const had = merged.get(node.objectid);
      if (had) {
        had.source = Math.min(had.source, source) as MemberSource;
        had.selectors.push(rule.id);
        had.automatic ||= automatic;
      } else merged.set(node.objectid, { object_id: node.objectid, source, selectors: [rule.id], automatic });
    }
  }
  return merged;
}

/** The analysis step: computes the membership and keeps it in the state (nothing before Privilege Zones were seeded). */
export function analyzePrivilegeZones(state: DbState, at: string): void {
  if (!state.privilegeZones) return;
  state.privilegeZones.membership = computeMembership(state, at);
}

const isCertified = (c: StoredCertification | undefined) => c !== undefined && c.certified >= 2;

/**
 * Computes every tag's members over the live graph of `state`. On the way it
 * brings `state` up to date: the rules standing for the legacy system groups'
 * custom selectors (legacy.ts), and the zones' certification records (records
 * for newly selected nodes, automatic values that follow the rules, records of
 * nodes no longer selected dropped). `at` stamps the records and the membership.
 */
export function computeMembership(state: DbState, at: string = new Date().toISOString()): ComputedMembership {
  const zones = state.privilegeZones;
  linkLegacySelectors(state, at);
  const graph = graphOf(state);
  // Tag marks are those of the membership before this analysis (it is stored once every tag is computed).
  const cypherOf = (marks: boolean) => seedCypherGraph(state, graph, marks);
  const previous = zones.membership;
  const live = zones.tags.filter((t) => t.deleted_at === null);
  const ordered = [
    ...live.filter((t) => t.type === TagType.Zone).sort((a, b) => (a.position ?? 0) - (b.position ?? 0)),
    ...live.filter((t) => t.type !== TagType.Zone),
  ];

  const certifications = new Map<string, StoredCertification>();
  for (const c of zones.certifications) certifications.set(`${c.asset_group_tag_id}|${c.object_id}`, c);
  const kept: StoredCertification[] = [];
  const skippedZones = new Set<number>();

  const seen = new Set<string>();
  const tags: Record<number, ComputedMember[]> = {};
  for (const tag of ordered) {
    if (tag.analysis_enabled === false) {
      tags[tag.id] = previous?.tags[tag.id] ?? [];
      skippedZones.add(tag.id);
      continue;
    }
    const selected = selectTag(graph, cypherOf, tag, zones.selectors);
    const members: ComputedMember[] = [];
    for (const s of selected.values()) {
      if (tag.type === TagType.Zone) {
        const key = `${tag.id}|${s.object_id}`;
        const record = updatedCertification(certifications.get(key), tag.id, s, at);
        kept.push(record);
        if (seen.has(s.object_id)) continue;
        if (tag.require_certify === true && !isCertified(record)) continue;
        seen.add(s.object_id);
      }
      members.push({ object_id: s.object_id, source: s.source, selectors: s.selectors });
    }
    tags[tag.id] = members;
  }
  // Records of zones this analysis skipped stay as they were.
  for (const c of zones.certifications) if (skippedZones.has(c.asset_group_tag_id)) kept.push(c);
  zones.certifications = kept;
  return { computed_at: at, tags };
}

/** A node's record in a zone after selection: new ones pending or automatic; automatic and pending values follow the rules; a person's stays. */
function updatedCertification(
  record: StoredCertification | undefined,
  tagId: number,
  s: TagSelection,
  at: string,
): StoredCertification {
  const certified = s.automatic ? 3 : 0;
  const certified_by = s.automatic ? AUTOMATIC_CERTIFIER : '';
  if (!record) {
    return {
      object_id: s.object_id,
      asset_group_tag_id: tagId,
      certified,
      certified_by,
      created_at: at,
      updated_at: at,
      note: null,
    };
  }
  if (record.certified === 1 || record.certified === 2 || record.certified === certified) return record;
  return { ...record, certified, certified_by, updated_at: at };
}
