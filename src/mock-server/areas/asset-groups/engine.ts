/**
 * The member query engine of the mock's asset groups: filtering (eq, ~eq,
 * neq), multi-column sorting and skip/limit paging over tens of thousands to
 * millions of members, answered from indexes built once per member set.
 *
 * Layout (column store):
 * - every string column is dictionary-encoded: `values` holds the distinct
 *   values in sorted order (UTF-16 code-unit order, like a "C" collation), and
 *   `codes[row]` is the row's value's position there, so a code is also the
 *   row's dense rank in that column;
 * - every column has `perm`, the rows sorted by (code, object_id), and
 *   `starts[code]`, where each code's run begins in `perm`;
 * - a contains filter searches one lower-cased string of the column's
 *   distinct values (`indexOf` skips through it) instead of testing every row.
 *
 * A query builds the filter mask (one pass over the rows), walks the last
 * sort key's `perm` keeping the rows that pass (already ordered by that key
 * and then by object_id), and applies the earlier sort keys with stable
 * counting sorts on their codes. Every step is linear in the member count and
 * independent of `skip`, so a deep page costs what the first page costs; the
 * ordered row list is cached per (filters, sorts), so paging through one view
 * only slices it.
 *
 * The members route reads and checks the query as every list does (list.ts,
 * `listParams`); only the execution is this engine's, for speed.
 */
import type {
  AssetGroupMember,
  FilterPredicate,
  MemberFilterColumn,
  MemberSortableColumn,
} from '../../../api/schemas/asset-groups';

/** The members of one group as columns (row i of every array is one member). */
export interface MemberRowsInput {
  assetGroupId: number;
  objectId: readonly string[];
  name: readonly string[];
  primaryKind: readonly string[];
  /** Kinds of each row; rows of the same kind may share one array. */
  kinds: readonly (readonly string[])[];
  environmentId: readonly string[];
  environmentKind: readonly string[];
  customMember: ArrayLike<boolean>;
}

export interface MemberFilter {
  column: MemberFilterColumn;
  predicate: FilterPredicate;
  value: string;
}

export interface MemberSort {
  column: MemberSortableColumn;
  descending: boolean;
}

export interface MemberQuery {
  filters: readonly MemberFilter[];
  sorts: readonly MemberSort[];
  skip: number;
  limit: number;
}

export interface MemberPage {
  /** Members after filtering (all pages). */
  count: number;
  members: AssetGroupMember[];
}

/** A dictionary-encoded column with its sort permutation. */
class Column {
  private haystack: { text: string; starts: Int32Array } | null = null;

  constructor(
    /** Distinct values, sorted. */
    readonly values: string[],
    /** Per row: index into `values` (= dense rank). */
    readonly codes: Int32Array,
    /** Rows ordered by (code, object_id). */
    readonly perm: Int32Array,
    /** `perm[starts[c] .. starts[c+1])` are the rows whose code is c. */
    readonly starts: Int32Array,
  ) {}

  get distinct(): number {
    return this.values.length;
  }

  /** Which codes a filter accepts (1) or refuses (0). */
  matchTable(predicate: FilterPredicate, value: string): Uint8Array {
    const d = this.values.length;
    if (predicate === '~eq') return this.containsTable(value);
    const code = indexOfSorted(this.values, value);
    const table = new Uint8Array(d);
    if (predicate === 'eq') {
      if (code >= 0) table[code] = 1;
    } else {
      table.fill(1);
      if (code >= 0) table[code] = 0;
    }
    return table;
  }

  /** Case-insensitive contains over the distinct values, by jumping through one joined string. */
  private containsTable(value: string): Uint8Array {
    const d = this.values.length;
    const table = new Uint8Array(d);
    const needle = value.toLowerCase();
    if (needle.includes(SEPARATOR)) return table;
    const { text, starts } = this.joined();
    let code = 0;
    let pos = text.indexOf(needle, 0);
    while (pos !== -1) {
      while (starts[code + 1]! <= pos) code++;
      table[code] = 1;
      if (code + 1 >= d) break;
      pos = text.indexOf(needle, starts[code + 1]!);
    }
    return table;
  }

  private joined(): { text: string; starts: Int32Array } {
    if (!this.haystack) {
      const lower = this.values.map((v) => v.toLowerCase());
      const starts = new Int32Array(lower.length + 1);
      let at = 0;
      for (let i = 0; i < lower.length; i++) {
        starts[i] = at;
        at += lower[i]!.length + 1;
      }
      starts[lower.length] = at;
      this.haystack = { text: lower.join(SEPARATOR) + SEPARATOR, starts };
    }
    return this.haystack;
  }
}

/** Never part of a value the engine indexes; a needle holding it matches nothing. */
const SEPARATOR = '\u0000';

/** Sorted distinct values and each row's code. */
function encode(raw: readonly string[]): { values: string[]; codes: Int32Array } {
  const n = raw.length;
  const seen = new Map<string, number>();
  const firstCodes = new Int32Array(n);
  const distinct: string[] = [];
  for (let i = 0; i < n; i++) {
    const v = raw[i]!;
    let c = seen.get(v);
    if (c === undefined) {
      c = distinct.length;
      seen.set(v, c);
      distinct.push(v);
    }
    firstCodes[i] = c;
  }
  const values = distinct.slice().sort();
  const rankOfFirst = new Int32Array(distinct.length);
  for (let r = 0; r < values.length; r++) rankOfFirst[seen.get(values[r]!)!] = r;
  const codes = new Int32Array(n);
  for (let i = 0; i < n; i++) codes[i] = rankOfFirst[firstCodes[i]!]!;
  return { values, codes };
}

/** Position of `value` in the sorted `values`, or -1. */
function indexOfSorted(values: readonly string[], value: string): number {
  let lo = 0;
  let hi = values.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = values[mid]!;
    if (v === value) return mid;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * Stable counting sort of the first `length` rows of `order` by `codes` into
 * `out`. `counts` (at least `distinct + 1` long) is scratch; on return,
 * `counts[c]` is where code c's run ends in `out`.
 */
function countingSort(
  order: Int32Array,
  length: number,
  codes: Int32Array,
  distinct: number,
  descending: boolean,
  out: Int32Array,
  counts: Int32Array = new Int32Array(distinct + 1),
): void {
  counts.fill(0, 0, distinct + 1);
  const top = distinct - 1;
  if (descending) for (let i = 0; i < length; i++) counts[top - codes[order[i]!]! + 1]!++;
  else for (let i = 0; i < length; i++) counts[codes[order[i]!]! + 1]!++;
  for (let k = 1; k <= distinct; k++) counts[k]! += counts[k - 1]!;
  if (descending) {
    for (let i = 0; i < length; i++) {
      const r = order[i]!;
      out[counts[top - codes[r]!]!++] = r;
    }
  } else {
    for (let i = 0; i < length; i++) {
      const r = order[i]!;
      out[counts[codes[r]!]!++] = r;
    }
  }
}

/** Stable sort of a few rows by codes (when the rows are far fewer than the distinct values). */
function smallSort(order: Int32Array, length: number, codes: Int32Array, descending: boolean, out: Int32Array): void {
  const rows = Array.from(order.subarray(0, length));
  rows.sort(descending ? (a, b) => codes[b]! - codes[a]! : (a, b) => codes[a]! - codes[b]!);
  out.set(rows);
}

/** Every indexed column (all but kinds and the constant asset_group_id). */
type IndexedColumn = 'object_id' | 'name' | 'primary_kind' | 'environment_id' | 'environment_kind' | 'custom_member';

/** Largest number of cached row orders, and of rows across them. */
const CACHE_ENTRIES = 16;
const CACHE_ROWS = 4_000_000;

/** Indexes over one group's members; answers member queries. Immutable once built. */
export class MemberIndex {
  readonly size: number;
  readonly assetGroupId: number;
  /** Milliseconds the build took. */
  readonly buildMs: number;
  private readonly columns: Record<IndexedColumn, Column>;
  private readonly kindsCodes: Int32Array;
  private readonly kindsValues: (readonly string[])[];
  private readonly cache = new Map<string, Int32Array>();
  private cachedRows = 0;
  /** Working arrays of `compute`, allocated on first use and reused (queries run one at a time). */
  private scratch: { mask: Uint8Array; a: Int32Array; b: Int32Array; counts: Int32Array } | null = null;

  constructor(input: MemberRowsInput) {
    const started = performance.now();
    const n = input.objectId.length;
    for (const [label, column] of [
      ['name', input.name],
      ['primaryKind', input.primaryKind],
      ['kinds', input.kinds],
      ['environmentId', input.environmentId],
      ['environmentKind', input.environmentKind],
      ['customMember', input.customMember],
    ] as const) {
      if (column.length !== n) throw new Error(`MemberIndex: ${label} has ${column.length} rows, object_id has ${n}`);
    }
    this.size = n;
    this.assetGroupId = input.assetGroupId;

    // object_id first: it is unique, and its order breaks every tie.
    const objectId = encode(input.objectId);
    if (objectId.values.length !== n) throw new Error('MemberIndex: object ids must be unique within a group');
    const objectPerm = new Int32Array(n);
    for (let r = 0; r < n; r++) objectPerm[objectId.codes[r]!] = r;
    const objectStarts = new Int32Array(n + 1);
    for (let c = 0; c <= n; c++) objectStarts[c] = c;

    const custom = new Array<string>(n);
    for (let r = 0; r < n; r++) custom[r] = input.customMember[r] ? 'true' : 'false';

    const build = (raw: readonly string[]): Column => {
      const { values, codes } = encode(raw);
      const perm = new Int32Array(n);
      const ends = new Int32Array(values.length + 1);
      countingSort(objectPerm, n, codes, values.length, false, perm, ends);
      // After the sort, ends[c] is where code c's run ends, which is where code c + 1's begins.
      const starts = new Int32Array(values.length + 1);
      starts.set(ends.subarray(0, values.length), 1);
      return new Column(values, codes, perm, starts);
    };
    this.columns = {
      object_id: new Column(objectId.values, objectId.codes, objectPerm, objectStarts),
      name: build(input.name),
      primary_kind: build(input.primaryKind),
      environment_id: build(input.environmentId),
      environment_kind: build(input.environmentKind),
      custom_member: build(custom),
    };

    const kindsKey = new Map<string, number>();
    this.kindsValues = [];
    this.kindsCodes = new Int32Array(n);
    for (let r = 0; r < n; r++) {
      const kinds = input.kinds[r]!;
      const key = kinds.join('\u0001');
      let c = kindsKey.get(key);
      if (c === undefined) {
        c = this.kindsValues.length;
        kindsKey.set(key, c);
        this.kindsValues.push([...kinds]);
      }
      this.kindsCodes[r] = c;
    }
    this.buildMs = performance.now() - started;
  }

  /** One page of members, and how many match in all. */
  query(q: MemberQuery): MemberPage {
    const order = this.order(q.filters, q.sorts);
    const end = Math.min(order.length, q.skip + q.limit);
    const members: AssetGroupMember[] = [];
    for (let i = q.skip; i < end; i++) members.push(this.member(order[i]!));
    return { count: order.length, members };
  }

  /** The member in row `row`. */
  member(row: number): AssetGroupMember {
    const value = (c: IndexedColumn) => {
      const col = this.columns[c];
      return col.values[col.codes[row]!]!;
    };
    return {
      asset_group_id: this.assetGroupId,
      object_id: value('object_id'),
      primary_kind: value('primary_kind'),
      kinds: [...this.kindsValues[this.kindsCodes[row]!]!],
      environment_id: value('environment_id'),
      environment_kind: value('environment_kind'),
      name: value('name'),
      custom_member: this.columns.custom_member.codes[row] === this.columns.custom_member.values.indexOf('true'),
    };
  }

  /** Whether the object is a member (object ids are unique, so a binary search of the column's values). */
  has(objectId: string): boolean {
    return indexOfSorted(this.columns.object_id.values, objectId) >= 0;
  }

  /** How many members a custom (non-system) selector brought in. */
  get customCount(): number {
    const col = this.columns.custom_member;
    const code = col.values.indexOf('true');
    if (code < 0) return 0;
    return col.starts[code + 1]! - col.starts[code]!;
  }

  /** Distinct values of a column, sorted (for tests and diagnostics). */
  distinctValues(column: IndexedColumn): readonly string[] {
    return this.columns[column].values;
  }

  /** Rows matching every filter, in sort order (ties by object_id ascending). Cached per (filters, sorts). */
  order(filters: readonly MemberFilter[], sorts: readonly MemberSort[]): Int32Array {
    const keys = this.effectiveSorts(sorts);
    const key = JSON.stringify([
      [...filters].map((f) => [f.column, f.predicate, f.value]).sort(),
      keys.map((k) => (k.descending ? `-${k.column}` : k.column)),
    ]);
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const order = this.compute(filters, keys);
    this.remember(key, order);
    return order;
  }

  /**
   * The sorts that change the order: constant columns (asset_group_id, or any
   * column with one value) and repeats are dropped; a unique column ends the
   * list; object_id ascending is the implicit last key.
   */
  private effectiveSorts(sorts: readonly MemberSort[]): { column: IndexedColumn; descending: boolean }[] {
    const out: { column: IndexedColumn; descending: boolean }[] = [];
    const seen = new Set<string>();
    for (const s of sorts) {
      if (s.column === 'asset_group_id' || seen.has(s.column)) continue;
      seen.add(s.column);
      const col = this.columns[s.column];
      if (col.distinct <= 1) continue;
      out.push({ column: s.column, descending: s.descending });
      if (col.distinct === this.size) return out;
    }
    out.push({ column: 'object_id', descending: false });
    return out;
  }

  private compute(filters: readonly MemberFilter[], keys: { column: IndexedColumn; descending: boolean }[]): Int32Array {
    const n = this.size;
    this.scratch ??= { mask: new Uint8Array(n), a: new Int32Array(n), b: new Int32Array(n), counts: new Int32Array(n + 1) };
    const scratch = this.scratch;
    // 1. Which rows pass every filter.
    let mask: Uint8Array | null = null;
    for (const f of filters) {
      const col = this.columns[f.column];
      const table = col.matchTable(f.predicate, f.value);
      const codes = col.codes;
      if (!mask) {
        mask = scratch.mask;
        for (let r = 0; r < n; r++) mask[r] = table[codes[r]!]!;
      } else {
        for (let r = 0; r < n; r++) if (mask[r]) mask[r] = table[codes[r]!]!;
      }
    }

    // 2. Walk the last key's permutation: rows come out ordered by that key, then object_id.
    const last = keys[keys.length - 1]!;
    const lastCol = this.columns[last.column];
    let order = scratch.a;
    let m = 0;
    const perm = lastCol.perm;
    if (!last.descending) {
      if (!mask) {
        if (keys.length === 1) return perm;
        order.set(perm);
        m = n;
      } else {
        for (let p = 0; p < n; p++) {
          const r = perm[p]!;
          if (mask[r]) order[m++] = r;
        }
      }
    } else if (last.column === 'object_id') {
      for (let p = n - 1; p >= 0; p--) {
        const r = perm[p]!;
        if (!mask || mask[r]) order[m++] = r;
      }
    } else {
      const starts = lastCol.starts;
      for (let c = lastCol.distinct - 1; c >= 0; c--) {
        for (let p = starts[c]!, end = starts[c + 1]!; p < end; p++) {
          const r = perm[p]!;
          if (!mask || mask[r]) order[m++] = r;
        }
      }
    }

    // 3. Earlier keys, last to first, each a stable sort.
    if (keys.length > 1 && m > 1) {
      let spare = scratch.b;
      for (let k = keys.length - 2; k >= 0; k--) {
        const { column, descending } = keys[k]!;
        const col = this.columns[column];
        if (m * 8 < col.distinct) smallSort(order, m, col.codes, descending, spare);
        else countingSort(order, m, col.codes, col.distinct, descending, spare, scratch.counts);
        const t = order;
        order = spare;
        spare = t;
      }
    }
    // A copy of its own: the scratch arrays serve the next query.
    return order.slice(0, m);
  }

  private remember(key: string, order: Int32Array): void {
    if (order.length > CACHE_ROWS) return;
    this.cache.set(key, order);
    this.cachedRows += order.length;
    while (this.cache.size > CACHE_ENTRIES || this.cachedRows > CACHE_ROWS) {
      const [oldest, rows] = this.cache.entries().next().value as [string, Int32Array];
      this.cache.delete(oldest);
      this.cachedRows -= rows.length;
    }
  }

  /** Forget cached orders (benchmarks measure the uncached path with it). */
  clearCache(): void {
    this.cache.clear();
    this.cachedRows = 0;
  }
}
