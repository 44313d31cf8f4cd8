/**
 * Cypher values and their semantics: integers are bigint and floats number
 * (so 7 / 2 is 3 and 7 / 2.0 is 3.5), maps are Map, lists arrays; nodes and
 * relationships are the graph's own objects; paths and temporal values are
 * classes here. Equality and comparison follow Cypher's three-valued logic
 * (null when either side is null or the two cannot be compared), ordering
 * (ORDER BY, min, max) Cypher's total order with null last.
 */
import type { CypherNode, CypherRel } from './graph';

export class CypherPath {
  constructor(
    readonly nodes: readonly CypherNode[],
    readonly rels: readonly CypherRel[],
  ) {}
}

/** date, localtime, localdatetime, datetime: `ms` is milliseconds since the epoch (of the day for localtime), UTC. */
export class Temporal {
  constructor(
    readonly type: 'date' | 'localtime' | 'localdatetime' | 'datetime',
    readonly ms: number,
  ) {}
}

/** A duration as months, days and seconds, as Cypher keeps it. */
export class Duration {
  constructor(
    readonly months: number,
    readonly days: number,
    readonly seconds: number,
  ) {}
}

export type Value =
  | null
  | boolean
  | bigint
  | number
  | string
  | Value[]
  | Map<string, Value>
  | CypherNode
  | CypherRel
  | CypherPath
  | Temporal
  | Duration;

export const isNode = (v: Value): v is CypherNode => typeof v === 'object' && v !== null && 'labels' in v && 'source' in v;
export const isRel = (v: Value): v is CypherRel =>
  typeof v === 'object' && v !== null && 'type' in v && 'start' in v && !(v instanceof Temporal);
export const isNumber = (v: Value): v is bigint | number => typeof v === 'bigint' || typeof v === 'number';

/** The name of a value's type, for messages. */
export function typeName(v: Value): string {
  if (v === null) return 'Null';
  if (typeof v === 'boolean') return 'Boolean';
  if (typeof v === 'bigint') return 'Integer';
  if (typeof v === 'number') return 'Float';
  if (typeof v === 'string') return 'String';
  if (Array.isArray(v)) return 'List';
  if (v instanceof Map) return 'Map';
  if (v instanceof CypherPath) return 'Path';
  if (v instanceof Temporal)
    return v.type === 'datetime'
      ? 'DateTime'
      : v.type === 'date'
        ? 'Date'
        : v.type === 'localtime'
          ? 'LocalTime'
          : 'LocalDateTime';
  if (v instanceof Duration) return 'Duration';
  if (isNode(v)) return 'Node';
  return 'Relationship';
}

/** A graph property as a Cypher value: whole numbers are integers, objects maps. */
export function fromProperty(raw: unknown): Value {
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'number') return Number.isInteger(raw) ? BigInt(raw) : raw;
  if (typeof raw === 'string' || typeof raw === 'boolean') return raw;
  if (Array.isArray(raw)) return raw.map(fromProperty);
  if (typeof raw === 'object') return new Map(Object.entries(raw).map(([k, v]) => [k, fromProperty(v)]));
  return null;
}

/** `a = b`: null when either side is null (or a list holds a null that decides it). */
export function equals(a: Value, b: Value): boolean | null {
  if (a === null || b === null) return null;
  if (isNumber(a) && isNumber(b)) return typeof a === typeof b ? a === b : Number(a) === Number(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    let unknown = false;
    for (let i = 0; i < a.length; i++) {
      const e = equals(a[i]!, b[i]!);
      if (e === false) return false;
      if (e === null) unknown = true;
    }
    return unknown ? null : true;
  }
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map) || !(b instanceof Map) || a.size !== b.size) return false;
    let unknown = false;
    for (const [k, v] of a) {
      if (!b.has(k)) return false;
      const e = equals(v, b.get(k)!);
      if (e === false) return false;
      if (e === null) unknown = true;
    }
    return unknown ? null : true;
  }
  if (a instanceof CypherPath || b instanceof CypherPath) {
    if (!(a instanceof CypherPath) || !(b instanceof CypherPath)) return false;
    return (
      a.nodes.length === b.nodes.length && a.nodes.every((n, i) => n === b.nodes[i]) && a.rels.every((r, i) => r === b.rels[i])
    );
  }
  if (a instanceof Temporal || b instanceof Temporal) {
    return a instanceof Temporal && b instanceof Temporal && a.type === b.type && a.ms === b.ms;
  }
  if (a instanceof Duration || b instanceof Duration) {
    return (
      a instanceof Duration && b instanceof Duration && a.months === b.months && a.days === b.days && a.seconds === b.seconds
    );
  }
  return a === b;
}

/** `a < b` and friends: the sign of a - b, or null when they cannot be compared (or either is null). */
export function compare(a: Value, b: Value): number | null {
  if (a === null || b === null) return null;
  if (isNumber(a) && isNumber(b)) {
    if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
    const x = Number(a);
    const y = Number(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return null;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (a instanceof Temporal && b instanceof Temporal && a.type === b.type) return Math.sign(a.ms - b.ms);
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = compare(a[i]!, b[i]!);
      if (c === null) return null;
      if (c !== 0) return c;
    }
    return Math.sign(a.length - b.length);
  }
  return null;
}

/** Cypher's orderability classes, ascending: maps, nodes, relationships, lists, paths, temporals, strings, booleans, numbers, null. */
function orderClass(v: Value): number {
  if (v === null) return 10;
  if (isNumber(v)) return 9;
  if (typeof v === 'boolean') return 8;
  if (typeof v === 'string') return 7;
  if (v instanceof Duration) return 6;
  if (v instanceof Temporal) return 5;
  if (v instanceof CypherPath) return 4;
  if (Array.isArray(v)) return 3;
  if (v instanceof Map) return 0;
  return isNode(v) ? 1 : 2;
}

/** A total order of all values (ORDER BY, min, max): by class, then within it; null last. */
export function order(a: Value, b: Value): number {
  const ca = orderClass(a);
  const cb = orderClass(b);
  if (ca !== cb) return ca - cb;
  if (a === null) return 0;
  if (isNumber(a) && isNumber(b)) {
    const x = Number(a);
    const y = Number(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return Number(Number.isNaN(x)) - Number(Number.isNaN(y));
    return compare(a, b) ?? 0;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = order(a[i]!, b[i]!);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  if (a instanceof Temporal && b instanceof Temporal)
    return a.type === b.type ? Math.sign(a.ms - b.ms) : a.type < b.type ? -1 : 1;
  if (a instanceof Duration && b instanceof Duration) return a.months - b.months || a.days - b.days || a.seconds - b.seconds;
  if (isNode(a) && isNode(b)) return a.id - b.id;
  if (isRel(a) && isRel(b)) return a.id - b.id;
  if (a instanceof CypherPath && b instanceof CypherPath)
    return order(
      a.nodes.map((n) => n.id.toString()),
      b.nodes.map((n) => n.id.toString()),
    );
  if (a instanceof Map && b instanceof Map) return order(mapKey(a), mapKey(b));
  return compare(a, b) ?? 0;
}

function mapKey(m: Map<string, Value>): string {
  return keyOf(m);
}

/** A text that two values share exactly when they are the same for DISTINCT and grouping (null equals null there). */
export function keyOf(v: Value): string {
  if (v === null) return 'null';
  if (typeof v === 'bigint' || typeof v === 'number') return `n:${Number(v)}`;
  if (typeof v === 'string') return `s:${JSON.stringify(v)}`;
  if (typeof v === 'boolean') return `b:${v}`;
  if (Array.isArray(v)) return `[${v.map(keyOf).join(',')}]`;
  if (v instanceof Map)
    return `{${[...v.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, x]) => `${JSON.stringify(k)}:${keyOf(x)}`)
      .join(',')}}`;
  if (v instanceof CypherPath) return `p:${v.nodes.map((n) => n.id).join('-')}/${v.rels.map((r) => r.id).join('-')}`;
  if (v instanceof Temporal) return `t:${v.type}:${v.ms}`;
  if (v instanceof Duration) return `d:${v.months}:${v.days}:${v.seconds}`;
  if (isNode(v)) return `node:${v.id}`;
  return `rel:${v.id}`;
}
