import { pluralWord } from '../../shared/words';
/**
 * The scalar functions the engine answers (upstream's supported list plus
 * labels, length, last, keys, toInteger and toFloat), and the temporal
 * values' construction, properties and arithmetic. A function not here is
 * refused by name.
 */
import { CypherError } from './errors';
import type { CypherNode, CypherRel } from './graph';
import { CypherPath, Duration, Temporal, isNode, isNumber, isRel, typeName, type Value } from './values';

const DAY_MS = 86_400_000;

type Fn = (args: Value[], at: number, now: number) => Value;

const fail = (at: number, message: string) => new CypherError('semantic', at, message);

function arity(name: string, min: number, max = min): (args: Value[], at: number) => void {
  return (args, at) => {
    if (args.length < min || args.length > max) {
      const count = min === max ? `${min}` : `${min} to ${max}`;
      throw fail(at, `${name}() takes ${count} ${pluralWord(max, 'argument')}, not ${args.length}`);
    }
  };
}

function expect<T extends Value>(name: string, v: Value, at: number, test: (v: Value) => v is T, what: string): T {
  if (!test(v)) throw fail(at, `${name}() expects ${what}, not ${typeName(v)}`);
  return v;
}

const isString = (v: Value): v is string => typeof v === 'string';
const isList = (v: Value): v is Value[] => Array.isArray(v);
const isPath = (v: Value): v is CypherPath => v instanceof CypherPath;
const isGraphElement = (v: Value): v is CypherNode | CypherRel => isNode(v) || isRel(v);

/** A one-argument function that answers null for null. */
function unary(name: string, body: (v: Exclude<Value, null>, at: number) => Value): [string, Fn] {
  const check = arity(name, 1);
  return [
    name.toLowerCase(),
    (args, at) => {
      check(args, at);
      const v = args[0]!;
      return v === null ? null : body(v, at);
    },
  ];
}

function toInteger(v: Value): Value {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? BigInt(Math.trunc(v)) : null;
  if (typeof v === 'boolean') return v ? 1n : 0n;
  if (typeof v === 'string') {
    const t = v.trim();
    if (/^[+-]?\d+$/.test(t)) return BigInt(t);
    const f = Number(t);
    return t !== '' && Number.isFinite(f) ? BigInt(Math.trunc(f)) : null;
  }
  return undefined as never;
}

export function valueToString(v: Value): string {
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(1) : String(v);
  if (v instanceof Temporal) {
    const iso = new Date(v.ms).toISOString();
    if (v.type === 'date') return iso.slice(0, 10);
    if (v.type === 'localtime') return iso.slice(11, 23);
    if (v.type === 'localdatetime') return iso.slice(0, 23);
    return iso;
  }
  if (v instanceof Duration) return `P${v.months ? `${v.months}M` : ''}${v.days}DT${v.seconds}S`;
  return String(v);
}

const FUNCTIONS = new Map<string, Fn>([
  unary('id', (v, at) => BigInt(expect('id', v, at, isGraphElement, 'a node or relationship').id)),
  unary('type', (v, at) => expect('type', v, at, isRel, 'a relationship').type),
  unary('labels', (v, at) => [...expect('labels', v, at, isNode, 'a node').labels]),
  unary('size', (v, at) => {
    if (typeof v === 'string') return BigInt([...v].length);
    return BigInt(expect('size', v, at, isList, 'a list or string').length);
  }),
  unary('length', (v, at) => {
    if (v instanceof CypherPath) return BigInt(v.rels.length);
    if (typeof v === 'string') return BigInt([...v].length);
    return BigInt(expect('length', v, at, isList, 'a path').length);
  }),
  unary('nodes', (v, at) => [...expect('nodes', v, at, isPath, 'a path').nodes]),
  unary('relationships', (v, at) => [...expect('relationships', v, at, isPath, 'a path').rels]),
  unary('startNode', (v, at) => expect('startNode', v, at, isRel, 'a relationship').start),
  unary('endNode', (v, at) => expect('endNode', v, at, isRel, 'a relationship').end),
  unary('head', (v, at) => expect('head', v, at, isList, 'a list')[0] ?? null),
  unary('last', (v, at) => expect('last', v, at, isList, 'a list').at(-1) ?? null),
  unary('tail', (v, at) => expect('tail', v, at, isList, 'a list').slice(1)),
  unary('keys', (v, at) => {
    if (v instanceof Map) return [...v.keys()];
    // The directory graph's relationships carry no properties.
    if (isRel(v)) return [];
    const props = expect('keys', v, at, isNode, 'a node, relationship or map').source.props;
    return Object.keys(props).filter((k) => props[k] !== undefined && props[k] !== null);
  }),
  unary('toLower', (v, at) => expect('toLower', v, at, isString, 'a string').toLowerCase()),
  unary('toUpper', (v, at) => expect('toUpper', v, at, isString, 'a string').toUpperCase()),
  unary('toString', (v, at) => {
    if (typeof v === 'string' || typeof v === 'boolean' || isNumber(v) || v instanceof Temporal || v instanceof Duration)
      return valueToString(v);
    throw fail(at, `toString() expects a string, number, boolean or temporal value, not ${typeName(v)}`);
  }),
  ...['toInt', 'toInteger'].map((name) =>
    unary(name, (v, at) => {
      if (typeof v === 'string' || typeof v === 'boolean' || isNumber(v)) return toInteger(v);
      throw fail(at, `${name}() expects a string, number or boolean, not ${typeName(v)}`);
    }),
  ),
  unary('toFloat', (v, at) => {
    if (isNumber(v)) return Number(v);
    if (typeof v === 'string') {
      const f = Number(v.trim());
      return v.trim() !== '' && !Number.isNaN(f) ? f : null;
    }
    throw fail(at, `toFloat() expects a string or number, not ${typeName(v)}`);
  }),
  [
    'split',
    (args, at) => {
      arity('split', 2)(args, at);
      const [s, d] = args as [Value, Value];
      if (s === null || d === null) return null;
      return expect('split', s, at, isString, 'a string').split(expect('split', d, at, isString, 'a string delimiter'));
    },
  ],
  ['coalesce', (args) => args.find((a) => a !== null) ?? null],
  ...(['date', 'localtime', 'localdatetime', 'datetime'] as const).map((type): [string, Fn] => [
    type,
    (args, at, now) => {
      arity(type, 0, 1)(args, at);
      if (args.length === 0) return truncate(type, now);
      const v = args[0]!;
      if (v === null) return null;
      if (v instanceof Temporal) return truncate(type, v.ms);
      const text = expect(type, v, at, isString, 'an ISO 8601 string');
      const ms =
        type === 'localtime'
          ? Date.parse(`1970-01-01T${text}Z`)
          : Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(text) || text.length <= 10 ? text : `${text}Z`);
      if (Number.isNaN(ms)) throw fail(at, `${type}() cannot read "${text}" as an ISO 8601 value`);
      return truncate(type, ms);
    },
  ]),
  [
    'duration',
    (args, at) => {
      arity('duration', 1)(args, at);
      const v = args[0]!;
      if (v === null) return null;
      if (typeof v === 'string') return parseDuration(v, at);
      if (v instanceof Map) {
        const n = (k: string) => {
          const x = v.get(k) ?? null;
          return x === null ? 0 : Number(expect('duration', x, at, isNumber, `a number for ${k}`));
        };
        return new Duration(
          n('years') * 12 + n('months'),
          n('weeks') * 7 + n('days'),
          n('hours') * 3600 + n('minutes') * 60 + n('seconds'),
        );
      }
      throw fail(at, `duration() expects an ISO 8601 string or a map, not ${typeName(v)}`);
    },
  ],
]);

function truncate(type: Temporal['type'], ms: number): Temporal {
  if (type === 'date') return new Temporal(type, Math.floor(ms / DAY_MS) * DAY_MS);
  if (type === 'localtime') return new Temporal(type, ((ms % DAY_MS) + DAY_MS) % DAY_MS);
  return new Temporal(type, ms);
}

function parseDuration(text: string, at: number): Duration {
  const m = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(text);
  if (!m || text === 'P' || text.endsWith('T')) throw fail(at, `duration() cannot read "${text}" as an ISO 8601 duration`);
  const n = (i: number) => Number(m[i] ?? 0);
  return new Duration(n(1) * 12 + n(2), n(3) * 7 + n(4), n(5) * 3600 + n(6) * 60 + n(7));
}

/** Whether `name` (lower case) is a scalar function the engine answers. */
export const isFunction = (name: string) => FUNCTIONS.has(name);

export function callFunction(name: string, args: Value[], at: number, now: number): Value {
  const fn = FUNCTIONS.get(name);
  if (!fn) throw new CypherError('unsupported', at, `the function ${name}() is not supported`);
  return fn(args, at, now);
}

/** A temporal value's or duration's property (`datetime().epochSeconds`); null for an unknown one, as Cypher. */
export function temporalProperty(v: Temporal | Duration, key: string): Value {
  const k = key.toLowerCase();
  if (v instanceof Duration) {
    const table: Record<string, number> = {
      months: v.months,
      years: Math.trunc(v.months / 12),
      days: v.days,
      seconds: v.seconds,
      hours: Math.trunc(v.seconds / 3600),
      minutes: Math.trunc(v.seconds / 60),
    };
    return k in table ? BigInt(table[k]!) : null;
  }
  const d = new Date(v.ms);
  const table: Record<string, number | undefined> = {
    year: v.type === 'localtime' ? undefined : d.getUTCFullYear(),
    month: v.type === 'localtime' ? undefined : d.getUTCMonth() + 1,
    day: v.type === 'localtime' ? undefined : d.getUTCDate(),
    hour: v.type === 'date' ? undefined : d.getUTCHours(),
    minute: v.type === 'date' ? undefined : d.getUTCMinutes(),
    second: v.type === 'date' ? undefined : d.getUTCSeconds(),
    millisecond: v.type === 'date' ? undefined : d.getUTCMilliseconds(),
    epochseconds: v.type === 'datetime' ? Math.floor(v.ms / 1000) : undefined,
    epochmillis: v.type === 'datetime' ? v.ms : undefined,
  };
  const x = table[k];
  return x === undefined ? null : BigInt(x);
}

/** temporal ± duration (months by calendar, days as 24 hours, seconds); undefined when the operands are not that. */
export function temporalArithmetic(op: '+' | '-', a: Value, b: Value): Value | undefined {
  const sign = op === '+' ? 1 : -1;
  if (a instanceof Temporal && b instanceof Duration) return shift(a, b, sign);
  if (op === '+' && a instanceof Duration && b instanceof Temporal) return shift(b, a, 1);
  if (a instanceof Duration && b instanceof Duration) {
    return new Duration(a.months + sign * b.months, a.days + sign * b.days, a.seconds + sign * b.seconds);
  }
  return undefined;
}

function shift(t: Temporal, d: Duration, sign: number): Temporal {
  const date = new Date(t.ms);
  if (d.months) date.setUTCMonth(date.getUTCMonth() + sign * d.months);
  const ms = date.getTime() + sign * (d.days * DAY_MS + d.seconds * 1000);
  return truncate(t.type, ms);
}
