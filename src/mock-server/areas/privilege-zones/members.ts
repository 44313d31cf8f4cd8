/**
 * The members of a tag or of a rule, as the last analysis computed them
 * (`state.privilegeZones.membership`), joined with the live graph for their
 * names, kinds and environments, and indexed for paging, sorting, filtering
 * and counting. An index is built once per membership (a new analysis gives
 * a new membership object) and live graph, then reused: a page of a
 * 100,000-member zone walks a sorted order built once, not a fresh sort.
 */
import type { AssetGroupTagMember } from '../../../api/schemas/privilege-zones';
import { graphIdOf } from '../../cypher/graph';
import type { DirectoryGraph, GraphNode } from '../../seed/graph';
import type { ComputedMember, ComputedMembership } from './model';

import { MEMBER_SORT_COLUMNS } from '../../../api/operations/privilege-zones';

export { MEMBER_SORT_COLUMNS };
export type MemberSortColumn = (typeof MEMBER_SORT_COLUMNS)[number];

export interface MemberFilter {
  column: 'name' | 'object_id' | 'primary_kind';
  predicate: 'eq' | 'neq' | '~eq';
  value: string;
}

export interface MemberQuery {
  skip: number;
  limit: number;
  sort: { column: MemberSortColumn; descending: boolean } | undefined;
  filters: readonly MemberFilter[];
  /** Environment ids (domain SIDs, tenant ids) the members must be in; all when empty. */
  environments: readonly string[];
}

/** One member row: the API's member plus the rules that select it. */
export interface MemberRow {
  node: GraphNode;
  member: AssetGroupTagMember;
  selectors: readonly number[];
}

export class MemberIndex {
  private readonly lowerNames: string[];
  private readonly lowerIds: string[];
  private readonly byGraphId = new Map<number, number>();
  private readonly orders = new Map<MemberSortColumn, Int32Array>();

  constructor(readonly rows: readonly MemberRow[]) {
    this.lowerNames = rows.map((r) => r.member.name.toLowerCase());
    this.lowerIds = rows.map((r) => r.member.object_id.toLowerCase());
    rows.forEach((r, i) => this.byGraphId.set(r.member.id, i));
  }

  get size(): number {
    return this.rows.length;
  }

  row(graphId: number): MemberRow | undefined {
    const i = this.byGraphId.get(graphId);
    return i === undefined ? undefined : this.rows[i];
  }

  /** Rows in `column`'s order (ties by graph id), built on first use. */
  private order(column: MemberSortColumn): Int32Array {
    let order = this.orders.get(column);
    if (!order) {
      const keys = column === 'name' ? this.lowerNames : column === 'objectid' ? this.lowerIds : null;
      const ids = this.rows.map((r) => r.member.id);
      order = Int32Array.from(this.rows.keys());
      order.sort((a, b) => {
        if (keys) {
          const x = keys[a]!;
          const y = keys[b]!;
          if (x !== y) return x < y ? -1 : 1;
        }
        return ids[a]! - ids[b]!;
      });
      this.orders.set(column, order);
    }
    return order;
  }

  private matcher(query: Pick<MemberQuery, 'filters' | 'environments'>): ((i: number) => boolean) | null {
    const tests: ((i: number) => boolean)[] = [];
    if (query.environments.length > 0) {
      const envs = new Set(query.environments);
      tests.push((i) => envs.has(this.rows[i]!.member.environment_id));
    }
    for (const f of query.filters) {
      const value = f.value.toLowerCase();
      const get =
        f.column === 'name'
          ? (i: number) => this.lowerNames[i]!
          : f.column === 'object_id'
            ? (i: number) => this.lowerIds[i]!
            : (i: number) => this.rows[i]!.member.primary_kind.toLowerCase();
      if (f.predicate === '~eq') tests.push((i) => get(i).includes(value));
      else if (f.predicate === 'eq') tests.push((i) => get(i) === value);
      else tests.push((i) => get(i) !== value);
    }
    if (tests.length === 0) return null;
    return (i) => tests.every((t) => t(i));
  }

  /** One page and the number of rows that pass the filters. */
  query(q: MemberQuery): { count: number; rows: MemberRow[] } {
    const order = this.order(q.sort?.column ?? 'id');
    const descending = q.sort?.descending ?? false;
    const match = this.matcher(q);
    const n = order.length;
    const at = (k: number) => order[descending ? n - 1 - k : k]!;
    if (!match) {
      const rows: MemberRow[] = [];
      for (let k = q.skip; k < Math.min(n, q.skip + q.limit); k++) rows.push(this.rows[at(k)]!);
      return { count: n, rows };
    }
    const rows: MemberRow[] = [];
    let count = 0;
    for (let k = 0; k < n; k++) {
      const i = at(k);
      if (!match(i)) continue;
      if (count >= q.skip && rows.length < q.limit) rows.push(this.rows[i]!);
      count++;
    }
    return { count, rows };
  }

  /** The number of members by primary kind, in the given environments. */
  counts(environments: readonly string[]): { total_count: number; counts: Record<string, number> } {
    const match = this.matcher({ filters: [], environments });
    const counts: Record<string, number> = {};
    let total = 0;
    for (let i = 0; i < this.rows.length; i++) {
      if (match && !match(i)) continue;
      const kind = this.rows[i]!.member.primary_kind;
      counts[kind] = (counts[kind] ?? 0) + 1;
      total++;
    }
    return { total_count: total, counts };
  }
}

/** A member as the API sends it. */
export function memberRecord(node: GraphNode, tagId: number, source: number | undefined): AssetGroupTagMember {
  return {
    id: graphIdOf(node),
    object_id: node.objectid,
    environment_id: node.domainSid,
    primary_kind: node.primaryKind,
    name: node.name || node.objectid,
    source,
    asset_group_tag_id: tagId,
  };
}

function buildIndex(tagId: number, members: readonly ComputedMember[], graph: DirectoryGraph): MemberIndex {
  const rows: MemberRow[] = [];
  for (const m of members) {
    const node = graph.byId.get(m.object_id);
    if (!node) continue;
    rows.push({ node, member: memberRecord(node, tagId, m.source), selectors: m.selectors });
  }
  return new MemberIndex(rows);
}

const EMPTY = new MemberIndex([]);
const cache = new WeakMap<ComputedMembership, { graph: DirectoryGraph; indexes: Map<string, MemberIndex> }>();

function indexes(membership: ComputedMembership, graph: DirectoryGraph): Map<string, MemberIndex> {
  let entry = cache.get(membership);
  if (!entry || entry.graph !== graph) {
    entry = { graph, indexes: new Map() };
    cache.set(membership, entry);
  }
  return entry.indexes;
}

/** The member index of a tag (empty before the first analysis). */
export function tagMemberIndex(membership: ComputedMembership | null, graph: DirectoryGraph, tagId: number): MemberIndex {
  if (!membership) return EMPTY;
  const built = indexes(membership, graph);
  const key = `t${tagId}`;
  let index = built.get(key);
  if (!index) {
    index = buildIndex(tagId, membership.tags[tagId] ?? [], graph);
    built.set(key, index);
  }
  return index;
}

/** The member index of one rule of a tag: the tag's members the rule selects. */
export function selectorMemberIndex(
  membership: ComputedMembership | null,
  graph: DirectoryGraph,
  tagId: number,
  selectorId: number,
): MemberIndex {
  if (!membership) return EMPTY;
  const built = indexes(membership, graph);
  const key = `s${selectorId}`;
  let index = built.get(key);
  if (!index) {
    index = new MemberIndex(tagMemberIndex(membership, graph, tagId).rows.filter((r) => r.selectors.includes(selectorId)));
    built.set(key, index);
  }
  return index;
}
