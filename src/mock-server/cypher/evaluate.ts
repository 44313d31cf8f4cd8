/**
 * Runs a parsed query over a CypherGraph: clause by clause, each turning a
 * list of rows (variable → value) into the next. MATCH enumerates pattern
 * matches (a relationship at most once per MATCH, as Cypher), OPTIONAL MATCH
 * keeps a row with nulls when nothing matches, shortestPath and
 * allShortestPaths search breadth first; WITH and RETURN project, group and
 * aggregate, order, skip and limit. A construct the engine cannot answer
 * exactly is refused (CypherError) rather than answered approximately.
 */
import {
  AGGREGATES,
  type Clause,
  type Expr,
  type NodePattern,
  type PatternPart,
  type Projection,
  type ProjectionBody,
  type Query,
  type RelPattern,
} from './ast';
import { CypherError, unsupported } from './errors';
import { checkScope } from './scope';
import { callFunction, isFunction, temporalArithmetic, temporalProperty } from './functions';
import type { CypherGraph, CypherNode, CypherRel } from './graph';
import type { GraphUpdater } from './update';
import {
  CypherPath,
  Duration,
  Temporal,
  compare,
  equals,
  fromProperty,
  isNode,
  isNumber,
  isRel,
  keyOf,
  order,
  typeName,
  type Value,
} from './values';

export type Row = ReadonlyMap<string, Value>;

export interface QueryResult {
  columns: string[];
  rows: Value[][];
}

export interface EvaluateOptions {
  /** The time datetime() and friends answer, in ms since the epoch (default: now). */
  now?: number;
  /** How many pattern steps a query may take before it is refused as too complex. */
  maxSteps?: number;
  /** How many rows one clause may produce before the query is refused as too complex. */
  maxRows?: number;
  /** Runs the updating clauses (a mutation); without it they are refused. */
  updates?: GraphUpdater;
}

/**
 * The default bounds, sized for the generated directory (MOCK_GRAPH_SCALE: a million relationships), so a
 * query over all of it (`MATCH ()-[r]->() RETURN count(r)`) answers: the time a query takes is bounded by
 * `Prefer: wait` in its worker thread; these bound a runaway query's pattern steps and the memory its rows take.
 */
export const DEFAULT_MAX_STEPS = 100_000_000;
export const DEFAULT_MAX_ROWS = 2_000_000;

const TOO_COMPLEX =
  'the query is too complex: it would examine too much of the graph; narrow it (labels, LIMIT, shorter variable lengths)';

/** Each graph's relationships by type, built when a query first needs them. */
const relationshipsByType = new WeakMap<CypherGraph, Map<string, CypherRel[]>>();

/** A relationship's direction as read from its other end. */
const REVERSED = { out: 'in', in: 'out', both: 'both' } as const;

/** Variables the engine names itself (anonymous pattern elements) start with a space, which no user variable can. */
const ANONYMOUS = ' ';

export function evaluate(graph: CypherGraph, query: Query, options: EvaluateOptions = {}): QueryResult {
  const { now = Date.now(), maxSteps = DEFAULT_MAX_STEPS, maxRows = DEFAULT_MAX_ROWS, updates } = options;
  checkScope(query);
  return new Evaluator(graph, now, maxSteps, maxRows, updates).run(query);
}

class Evaluator {
  private steps = 0;
  private anonymous = 0;
  private readonly names = new WeakMap<object, string>();
  /** The WHERE conditions tested as soon as a node pattern binds (see pushDown). */
  private readonly nodeConditions = new Map<NodePattern, Expr[]>();
  /** The row the last node conditions were tested against, and its copy they read (see nodeFits). */
  private conditionScope: { row: Row; scope: Map<string, Value> } | undefined;
  /** The nodes and relationships of lists `IN` searched (a list never changes once made). */
  private readonly listEntities = new WeakMap<readonly Value[], { entities: Set<Value>; hasNull: boolean }>();
  /** Relationship patterns' types as sets, by the pattern's list (a turned pattern shares its original's). */
  private readonly typeSets = new WeakMap<readonly string[], ReadonlySet<string>>();
  /** Patterns written end to start, for matching from their last node (see matchBackwards). */
  private readonly turnedParts = new WeakMap<PatternPart, PatternPart>();
  private text = '';

  constructor(
    private readonly graph: CypherGraph,
    private readonly now: number,
    private readonly maxSteps: number,
    private readonly maxRows: number,
    private readonly updates?: GraphUpdater,
  ) {}

  run(query: Query): QueryResult {
    this.text = query.text;
    let rows: Row[] = [new Map()];
    query.clauses.forEach((clause, i) => {
      if (clause.kind !== 'return') rows = this.clause(clause, rows, this.enough(query.clauses[i + 1]));
    });
    const last = query.clauses[query.clauses.length - 1];
    if (last?.kind !== 'return') return { columns: [], rows: [] };
    const { columns, rows: out } = this.project(last, rows);
    return { columns, rows: out.map((r) => columns.map((c) => r.get(c) ?? null)) };
  }

  /**
   * How many rows a clause needs to produce when the next one is a RETURN that
   * keeps its first rows as they come (LIMIT without ORDER BY, DISTINCT or
   * aggregation): SKIP + LIMIT of them; otherwise all.
   */
  private enough(next: Clause | undefined): number {
    if (next?.kind !== 'return' || !next.limit || next.distinct || next.orderBy.length > 0) return Infinity;
    if (next.items.some((i) => containsAggregate(i.expr))) return Infinity;
    return (next.skip ? this.count(next.skip, 'SKIP') : 0) + this.count(next.limit, 'LIMIT');
  }

  private step(at: number): void {
    if (++this.steps > this.maxSteps) throw new CypherError('semantic', at, TOO_COMPLEX);
  }

  /** Adds a row to a clause's output, refusing the query when the rows would take too much memory. */
  private keep(out: Row[], row: Row, at: number): void {
    out.push(row);
    if (out.length > this.maxRows) throw new CypherError('semantic', at, TOO_COMPLEX);
  }

  private clause(clause: Exclude<Clause, { kind: 'return' }>, rows: Row[], enough: number): Row[] {
    switch (clause.kind) {
      case 'match': {
        const out: Row[] = [];
        const introduced = this.introducedBy(clause.patterns);
        if (clause.where && rows.length > 0) this.pushDown(clause.patterns, clause.where, new Set(rows[0]!.keys()));
        for (const row of rows) {
          let matched = false;
          for (const m of this.matchAll(clause.patterns, row)) {
            if (clause.where && truth(this.evaluate(clause.where, m), clause.where) !== true) continue;
            matched = true;
            this.keep(out, m, clause.at);
            if (out.length >= enough) return out;
          }
          if (!matched && clause.optional) {
            const padded = new Map(row);
            for (const name of introduced) if (!padded.has(name)) padded.set(name, null);
            this.keep(out, padded, clause.at);
            if (out.length >= enough) return out;
          }
        }
        return out;
      }
      case 'unwind': {
        const out: Row[] = [];
        for (const row of rows) {
          const list = this.evaluate(clause.expr, row);
          const items = list === null ? [] : Array.isArray(list) ? list : [list];
          for (const item of items) this.keep(out, new Map(row).set(clause.variable, item), clause.at);
        }
        return out;
      }
      case 'with': {
        const { rows: out } = this.project(clause, rows);
        return clause.where ? out.filter((r) => truth(this.evaluate(clause.where!, r), clause.where!) === true) : out;
      }
      default:
        if (!this.updates) throw new CypherError('mutation', clause.at, 'updating clauses need a server that runs mutations');
        return this.updates.apply(clause, rows, (expr, row) => this.evaluate(expr, row));
    }
  }

  // --- patterns -------------------------------------------------------------

  private nameOf(element: NodePattern | RelPattern | PatternPart): string {
    if (element.variable !== undefined) return element.variable;
    let name = this.names.get(element);
    if (!name) this.names.set(element, (name = `${ANONYMOUS}${this.anonymous++}`));
    return name;
  }

  private introducedBy(patterns: readonly PatternPart[]): string[] {
    const names: string[] = [];
    for (const p of patterns) {
      if (p.variable) names.push(p.variable);
      for (const n of p.nodes) names.push(this.nameOf(n));
      for (const r of p.rels) names.push(this.nameOf(r));
    }
    return names;
  }

  /** Every way the patterns match, extending `row`; a relationship is used at most once across them. */
  private *matchAll(patterns: readonly PatternPart[], row: Row): Generator<Row> {
    const used = new Set<CypherRel>();
    const go = function* (this: Evaluator, i: number, current: Map<string, Value>): Generator<Row> {
      if (i === patterns.length) {
        yield new Map(current);
        return;
      }
      for (const next of this.matchPart(patterns[i]!, current, used)) yield* go.call(this, i + 1, next);
    };
    yield* go.call(this, 0, new Map(row));
  }

  /**
   * Hands the conditions of a MATCH's WHERE (its AND-ed parts) that read one node variable the
   * patterns bind, and otherwise only variables bound before the MATCH, to that node's pattern: the
   * match then tests them as soon as it binds the node, as a query planner pushes a filter down,
   * so a pattern grows only from nodes that can answer. The whole WHERE is still applied to every
   * match; this only drops early what it would drop.
   */
  private pushDown(patterns: readonly PatternPart[], where: Expr, bound: ReadonlySet<string>): void {
    const byName = new Map<string, NodePattern[]>();
    for (const part of patterns) {
      for (const node of part.nodes) {
        if (node.variable === undefined || bound.has(node.variable)) continue;
        byName.set(node.variable, [...(byName.get(node.variable) ?? []), node]);
      }
    }
    for (const condition of conjuncts(where)) {
      const reads = variablesRead(condition);
      const own = reads && [...reads].filter((name) => !bound.has(name));
      if (own?.length !== 1) continue;
      for (const node of byName.get(own[0]!) ?? []) {
        this.nodeConditions.set(node, [...(this.nodeConditions.get(node) ?? []), condition]);
      }
    }
  }

  private nodeFits(pattern: NodePattern, node: CypherNode, row: Row): boolean {
    if (!pattern.labels.every((l) => node.labels.includes(l))) return false;
    const props = pattern.properties?.entries ?? [];
    if (!props.every(({ key, value }) => equals(fromProperty(node.source.props[key]), this.evaluate(value, row)) === true))
      return false;
    const conditions = this.nodeConditions.get(pattern);
    if (!conditions) return true;
    // One copy of the row serves every node tested against it (a label's whole pool, say). The conditions read only
    // the node and variables bound before the MATCH, which the copy holds unchanged however the row grows.
    if (this.conditionScope?.row !== row) this.conditionScope = { row, scope: new Map(row) };
    const scoped = this.conditionScope.scope.set(pattern.variable!, node);
    return conditions.every((c) => truth(this.evaluate(c, scoped), c) === true);
  }

  private relFits(pattern: RelPattern, rel: CypherRel): boolean {
    if (pattern.types && !this.typesOf(pattern)!.has(rel.type)) return false;
    if (!pattern.properties) return true;
    // The directory graph's relationships carry no properties, so a property wanted is never there.
    return pattern.properties.entries.length === 0;
  }

  private entitiesOf(list: readonly Value[]): { entities: Set<Value>; hasNull: boolean } {
    let found = this.listEntities.get(list);
    if (!found) {
      found = { entities: new Set(list.filter((v) => isNode(v) || isRel(v))), hasNull: list.includes(null) };
      this.listEntities.set(list, found);
    }
    return found;
  }

  /** How many nodes `candidates` looks at for a node pattern. */
  private poolSize(pattern: NodePattern, row: Row): number {
    if (row.has(this.nameOf(pattern))) return 1;
    return this.pool(pattern).length;
  }

  /**
   * The nodes a node pattern can match before its own test: those of an `objectid` written in the pattern
   * as text (from the graph's index), else those of its first label, else every node.
   */
  private pool(pattern: NodePattern): readonly CypherNode[] {
    const id = pattern.properties?.entries.find((e) => e.key === 'objectid')?.value;
    if (id?.kind === 'literal' && typeof id.value === 'string' && this.graph.nodesWithObjectId) {
      return this.graph.nodesWithObjectId(id.value);
    }
    return pattern.labels.length > 0 ? this.graph.nodesWithLabel(pattern.labels[0]!) : this.graph.nodes;
  }

  /** Candidates for a node pattern: the bound node, or the nodes of its first label, or every node. */
  private candidates(pattern: NodePattern, row: Row): readonly CypherNode[] {
    const name = this.nameOf(pattern);
    if (row.has(name)) {
      const bound = row.get(name)!;
      if (bound === null) return [];
      if (!isNode(bound)) throw new CypherError('semantic', pattern.at, `${name} is a ${typeName(bound)}, not a node`);
      return this.nodeFits(pattern, bound, row) ? [bound] : [];
    }
    return this.pool(pattern).filter((n) => this.nodeFits(pattern, n, row));
  }

  /** Relationships leaving `node` along `pattern`'s direction, with the node at their other end. */
  private *steps_(node: CypherNode, pattern: RelPattern): Generator<[CypherRel, CypherNode]> {
    if (pattern.direction !== 'in') for (const r of this.graph.outgoing(node)) yield [r, r.end];
    if (pattern.direction !== 'out') {
      for (const r of this.graph.incoming(node)) if (pattern.direction === 'in' || r.start !== r.end) yield [r, r.start];
    }
  }

  /**
   * A pattern's matches, walked from whichever end offers fewer first steps (its candidate nodes'
   * relationships of the pattern's types, the way the pattern leaves them), so from the end that
   * fans out less; on a tie, from the end with fewer relationships to look through.
   */
  private *matchPart(part: PatternPart, row: Map<string, Value>, used: Set<CypherRel>): Generator<Map<string, Value>> {
    if (part.shortest) {
      yield* this.matchShortest(part, row);
      return;
    }
    const starts = this.candidates(part.nodes[0]!, row);
    const last = part.nodes[part.nodes.length - 1]!;
    const only = part.rels.length === 1 ? part.rels[0]! : undefined;
    if (only?.types && !only.length && !row.has(this.nameOf(only))) {
      const rels = this.relationshipsOf(only);
      if (rels.length < starts.length && rels.length < this.poolSize(last, row)) {
        yield* this.matchRelationships(part, row, used, rels);
        return;
      }
    }
    // Finding the last node's candidates is worth it when it looks at no more nodes than finding the first's did.
    if (part.rels.length > 0 && this.poolSize(last, row) <= this.poolSize(part.nodes[0]!, row)) {
      const ends = this.candidates(last, row);
      const [firstRel, lastRel] = [part.rels[0]!, part.rels[part.rels.length - 1]!];
      const forwards = this.fanOut(starts, firstRel, firstRel.direction, Infinity);
      const backwards = this.fanOut(ends, lastRel, REVERSED[lastRel.direction], forwards.walked);
      if (backwards.walked < forwards.walked || (backwards.walked === forwards.walked && backwards.scanned < forwards.scanned)) {
        yield* this.matchBackwards(part, row, used, ends);
        return;
      }
    }
    yield* this.matchFrom(part, row, used, starts);
  }

  /** The graph's relationships of `pattern`'s types. */
  private relationshipsOf(pattern: RelPattern): readonly CypherRel[] {
    let byType = relationshipsByType.get(this.graph);
    if (!byType) {
      byType = new Map();
      for (const r of this.graph.rels) {
        const list = byType.get(r.type);
        if (list) list.push(r);
        else byType.set(r.type, [r]);
      }
      relationshipsByType.set(this.graph, byType);
    }
    return pattern.types!.flatMap((t) => byType.get(t) ?? []);
  }

  /**
   * The matches of a one-relationship pattern `(a)-[:T]->(b)` found from the relationships of its
   * types, for when there are fewer of them than candidates for either end.
   */
  private *matchRelationships(
    part: PatternPart,
    row: Map<string, Value>,
    used: Set<CypherRel>,
    rels: readonly CypherRel[],
  ): Generator<Map<string, Value>> {
    const [from, to] = [part.nodes[0]!, part.nodes[1]!];
    const rel = part.rels[0]!;
    const bind = (pattern: NodePattern, node: CypherNode, current: Map<string, Value>): boolean => {
      if (!this.nodeFits(pattern, node, current)) return false;
      const name = this.nameOf(pattern);
      const bound = current.get(name);
      if (bound !== undefined) return bound === node;
      current.set(name, node);
      return true;
    };
    for (const r of rels) {
      this.step(rel.at);
      if (used.has(r) || !this.relFits(rel, r)) continue;
      const ways: [CypherNode, CypherNode][] =
        rel.direction === 'out' ? [[r.start, r.end]] : rel.direction === 'in' ? [[r.end, r.start]] : [[r.start, r.end]];
      if (rel.direction === 'both' && r.start !== r.end) ways.push([r.end, r.start]);
      for (const [a, b] of ways) {
        const current = new Map(row);
        if (!bind(from, a, current) || !bind(to, b, current)) continue;
        current.set(this.nameOf(rel), r);
        if (part.variable) current.set(part.variable, new CypherPath([a, b], [r]));
        used.add(r);
        yield current;
        used.delete(r);
      }
    }
  }

  /**
   * The first steps of a walk from `nodes` along `rel` in `direction`: how many relationships of its
   * types it would take (`walked`, what the walk branches into) and how many it would look at
   * (`scanned`, every kind). Counting stops once `walked` is past `limit`.
   */
  private fanOut(nodes: readonly CypherNode[], rel: RelPattern, direction: RelPattern['direction'], limit: number) {
    const types = this.typesOf(rel);
    let walked = 0;
    let scanned = 0;
    const count = (rels: readonly CypherRel[]) => {
      scanned += rels.length;
      if (!types) walked += rels.length;
      else for (const r of rels) if (types.has(r.type)) walked++;
    };
    for (const node of nodes) {
      if (direction !== 'in') count(this.graph.outgoing(node));
      if (direction !== 'out') count(this.graph.incoming(node));
      if (walked > limit) break;
    }
    return { walked, scanned };
  }

  /** A relationship pattern's types as a set (the attack-path types stand for some sixty); undefined when untyped. */
  private typesOf(pattern: RelPattern): ReadonlySet<string> | undefined {
    if (!pattern.types) return undefined;
    let types = this.typeSets.get(pattern.types);
    if (!types) this.typeSets.set(pattern.types, (types = new Set(pattern.types)));
    return types;
  }

  /**
   * Matches `part` written end to start (each relationship's direction turned) from `starts`, its
   * last node's candidates; answers rows as the part written: paths and variable-length lists read
   * from its first node.
   */
  private *matchBackwards(
    part: PatternPart,
    row: Map<string, Value>,
    used: Set<CypherRel>,
    starts: readonly CypherNode[],
  ): Generator<Map<string, Value>> {
    let turned = this.turnedParts.get(part);
    if (!turned) {
      const rels = part.rels.map((r): RelPattern => ({ ...r, direction: REVERSED[r.direction] })).reverse();
      turned = { ...part, nodes: [...part.nodes].reverse(), rels };
      this.turnedParts.set(part, turned);
    }
    const lists = part.rels.filter((r) => r.length && r.variable !== undefined && !row.has(r.variable));
    for (const m of this.matchFrom(turned, row, used, starts)) {
      const path = part.variable === undefined ? undefined : m.get(part.variable);
      if (path instanceof CypherPath) m.set(part.variable!, new CypherPath([...path.nodes].reverse(), [...path.rels].reverse()));
      for (const r of lists) {
        const list = m.get(r.variable!);
        if (Array.isArray(list)) m.set(r.variable!, [...list].reverse());
      }
      yield m;
    }
  }

  /** The matches of `part` that begin at one of `starts` (candidates of its first node). */
  private *matchFrom(
    part: PatternPart,
    row: Map<string, Value>,
    used: Set<CypherRel>,
    starts: readonly CypherNode[],
  ): Generator<Map<string, Value>> {
    const pathNodes: CypherNode[] = [];
    const pathRels: CypherRel[] = [];
    const bindNode = (pattern: NodePattern, node: CypherNode, current: Map<string, Value>): boolean => {
      const name = this.nameOf(pattern);
      const bound = current.get(name);
      if (bound !== undefined) return bound === node;
      current.set(name, node);
      return true;
    };
    const extend = function* (
      this: Evaluator,
      i: number,
      node: CypherNode,
      current: Map<string, Value>,
    ): Generator<Map<string, Value>> {
      if (i === part.rels.length) {
        const out = new Map(current);
        if (part.variable) out.set(part.variable, new CypherPath([...pathNodes], [...pathRels]));
        yield out;
        return;
      }
      const rel = part.rels[i]!;
      const nextPattern = part.nodes[i + 1]!;
      const relName = this.nameOf(rel);
      if (current.has(relName) && !rel.length) {
        throw new CypherError(
          'semantic',
          rel.at,
          `the relationship variable ${relName} is already bound; reusing it in a pattern is not supported`,
        );
      }
      if (!rel.length) {
        for (const [r, other] of this.steps_(node, rel)) {
          this.step(rel.at);
          if (used.has(r) || !this.relFits(rel, r) || !this.nodeFits(nextPattern, other, current)) continue;
          const next = new Map(current);
          if (!bindNode(nextPattern, other, next)) continue;
          next.set(relName, r);
          used.add(r);
          pathRels.push(r);
          pathNodes.push(other);
          yield* extend.call(this, i + 1, other, next);
          pathNodes.pop();
          pathRels.pop();
          used.delete(r);
        }
        return;
      }
      const { min, max } = rel.length;
      const trail: CypherRel[] = [];
      const trailNodes: CypherNode[] = [];
      const walk = function* (this: Evaluator, at: CypherNode): Generator<Map<string, Value>> {
        if (trail.length >= min && this.nodeFits(nextPattern, at, current)) {
          const next = new Map(current);
          if (bindNode(nextPattern, at, next)) {
            next.set(relName, [...trail]);
            pathRels.push(...trail);
            pathNodes.push(...trailNodes);
            yield* extend.call(this, i + 1, at, next);
            pathNodes.length -= trailNodes.length;
            pathRels.length -= trail.length;
          }
        }
        if (max !== undefined && trail.length >= max) return;
        for (const [r, other] of this.steps_(at, rel)) {
          this.step(rel.at);
          if (used.has(r) || !this.relFits(rel, r)) continue;
          used.add(r);
          trail.push(r);
          trailNodes.push(other);
          yield* walk.call(this, other);
          trailNodes.pop();
          trail.pop();
          used.delete(r);
        }
      };
      yield* walk.call(this, node);
    };
    for (const start of starts) {
      this.step(part.at);
      const current = new Map(row);
      if (!bindNode(part.nodes[0]!, start, current)) continue;
      pathNodes.push(start);
      yield* extend.call(this, 0, start, current);
      pathNodes.length = 0;
      pathRels.length = 0;
    }
  }

  /**
   * shortestPath / allShortestPaths: a breadth-first search from each node of the smaller side (the
   * starts, or the ends searched against the relationship's direction when they are fewer), ending
   * once every node of the other side is reached.
   */
  private *matchShortest(part: PatternPart, row: Map<string, Value>): Generator<Map<string, Value>> {
    const [from, to] = [part.nodes[0]!, part.nodes[1]!];
    const rel = part.rels[0]!;
    const min = rel.length?.min ?? 1;
    const max = rel.length ? rel.length.max : 1;
    if (min > 1) throw unsupported(rel.at, 'a shortest path with a minimum length over 1');
    const starts = this.candidates(from, row);
    const ends = this.candidates(to, row);
    const backwards = ends.length < starts.length;
    const [origins, targets] = backwards ? [ends, starts] : [starts, ends];
    const walked: RelPattern = backwards ? { ...rel, direction: REVERSED[rel.direction] } : rel;
    for (const origin of origins) {
      const { distance, via } = this.breadthFirst(origin, walked, max, new Set(targets));
      for (const target of targets) {
        const d = distance.get(target);
        if (d === undefined || d < min) continue;
        for (const found of this.pathsTo(origin, target, via, part.shortest === 'one')) {
          const path = backwards ? new CypherPath([...found.nodes].reverse(), [...found.rels].reverse()) : found;
          const out = new Map(row);
          out.set(this.nameOf(from), backwards ? target : origin);
          out.set(this.nameOf(to), backwards ? origin : target);
          out.set(this.nameOf(rel), rel.length ? [...path.rels] : (path.rels[0] ?? null));
          if (part.variable) out.set(part.variable, path);
          yield out;
        }
      }
    }
  }

  /**
   * Breadth first from `origin` along `rel`, up to `max` steps: each reached node's distance and the
   * relationships that reach it at that distance. Stops after the depth at which the last of
   * `targets` is reached.
   */
  private breadthFirst(origin: CypherNode, rel: RelPattern, max: number | undefined, targets: Set<CypherNode>) {
    const distance = new Map<CypherNode, number>([[origin, 0]]);
    const via = new Map<CypherNode, [CypherRel, CypherNode][]>();
    let unreached = targets.size - (targets.has(origin) ? 1 : 0);
    let frontier = [origin];
    for (let depth = 1; frontier.length > 0 && unreached > 0 && (max === undefined || depth <= max); depth++) {
      const next: CypherNode[] = [];
      for (const node of frontier) {
        for (const [r, other] of this.steps_(node, rel)) {
          this.step(rel.at);
          if (!this.relFits(rel, r)) continue;
          const known = distance.get(other);
          if (known === undefined) {
            distance.set(other, depth);
            via.set(other, [[r, node]]);
            next.push(other);
            if (targets.has(other)) unreached--;
          } else if (known === depth) {
            via.get(other)!.push([r, node]);
          }
        }
      }
      frontier = next;
    }
    return { distance, via };
  }

  private pathsTo(
    start: CypherNode,
    end: CypherNode,
    via: Map<CypherNode, [CypherRel, CypherNode][]>,
    onlyOne: boolean,
  ): CypherPath[] {
    const out: CypherPath[] = [];
    const back = (node: CypherNode, rels: CypherRel[], nodes: CypherNode[]): void => {
      if (onlyOne && out.length > 0) return;
      if (node === start) {
        out.push(new CypherPath([...nodes].reverse(), [...rels].reverse()));
        return;
      }
      for (const [r, prev] of via.get(node) ?? []) {
        this.step(0);
        back(prev, [...rels, r], [...nodes, prev]);
      }
    };
    back(end, [], [end]);
    return out;
  }

  // --- projection -----------------------------------------------------------

  private project(body: ProjectionBody & { at: number }, rows: Row[]): { columns: string[]; rows: Row[] } {
    const items: Projection[] = [...body.items];
    if (body.star) {
      const names = new Set<string>();
      for (const row of rows) for (const k of row.keys()) if (!k.startsWith(ANONYMOUS)) names.add(k);
      const star = [...names].sort().map((name): Projection => ({
        expr: { kind: 'variable', name, at: body.at, end: body.at },
        name,
        aliased: true,
        at: body.at,
        end: body.at,
      }));
      items.unshift(...star);
    }
    if (items.length === 0) throw new CypherError('syntax', body.at, 'nothing to return');
    const seen = new Set<string>();
    for (const item of items) {
      if (seen.has(item.name)) throw new CypherError('semantic', item.at, `the column name ${item.name} is used twice`);
      seen.add(item.name);
      if (item.expr.kind === 'pattern')
        throw unsupported(item.expr.at, 'a pattern expression as a value (use it in WHERE, or COUNT { })');
    }
    const columns = items.map((i) => i.name);
    const aggregating = items.some((i) => containsAggregate(i.expr));
    for (const item of items) {
      const stray = containsAggregate(item.expr) ? rowReadOutsideAggregate(item.expr) : undefined;
      if (stray)
        throw unsupported(
          stray.at,
          'a column mixing an aggregate with values of single rows (return them as columns of their own)',
        );
    }
    let out: { projected: Map<string, Value>; scope: Row }[];
    if (aggregating) {
      out = this.aggregate(items, rows);
    } else {
      out = rows.map((row) => {
        const projected = new Map<string, Value>();
        for (const item of items) projected.set(item.name, this.evaluate(item.expr, row));
        return { projected, scope: body.distinct ? projected : new Map([...row, ...projected]) };
      });
    }
    if (body.distinct) {
      const keys = new Set<string>();
      out = out.filter(({ projected }) => {
        const key = columns.map((c) => keyOf(projected.get(c)!)).join('|');
        if (keys.has(key)) return false;
        keys.add(key);
        return true;
      });
    }
    if (body.orderBy.length > 0) {
      const keyed = out.map((entry) => ({
        entry,
        keys: body.orderBy.map((s) => {
          const same = items.find(
            (i) => i.name === this.textOf(s.expr) || (i.aliased && s.expr.kind === 'variable' && s.expr.name === i.name),
          );
          if (same) return entry.projected.get(same.name)!;
          if (containsAggregate(s.expr)) throw unsupported(s.expr.at, 'an aggregate in ORDER BY that is not also returned');
          return this.evaluate(s.expr, entry.scope);
        }),
      }));
      keyed.sort((a, b) => {
        for (let i = 0; i < body.orderBy.length; i++) {
          const c = order(a.keys[i]!, b.keys[i]!);
          if (c !== 0) return body.orderBy[i]!.descending ? -c : c;
        }
        return 0;
      });
      out = keyed.map((k) => k.entry);
    }
    const skip = body.skip ? this.count(body.skip, 'SKIP') : 0;
    const limit = body.limit ? this.count(body.limit, 'LIMIT') : undefined;
    out = out.slice(skip, limit === undefined ? undefined : skip + limit);
    return { columns, rows: out.map((o) => o.projected) };
  }

  /** The source text of an expression, for matching ORDER BY to a returned column. */
  private textOf(expr: Expr): string {
    return this.text.slice(expr.at, expr.end);
  }

  private count(expr: Expr, clause: string): number {
    const v = this.evaluate(expr, new Map());
    if (typeof v !== 'bigint' || v < 0n)
      throw new CypherError('semantic', expr.at, `${clause} takes a non-negative integer, not ${typeName(v)} ${String(v)}`);
    return Number(v);
  }

  private aggregate(items: Projection[], rows: Row[]): { projected: Map<string, Value>; scope: Row }[] {
    const keys = items.filter((i) => !containsAggregate(i.expr));
    const groups = new Map<string, { first: Row; rows: Row[]; keyValues: Map<string, Value> }>();
    for (const row of rows) {
      const keyValues = new Map<string, Value>();
      for (const k of keys) keyValues.set(k.name, this.evaluate(k.expr, row));
      const key = [...keyValues.values()].map(keyOf).join('|');
      const group = groups.get(key);
      if (group) group.rows.push(row);
      else groups.set(key, { first: row, rows: [row], keyValues });
    }
    if (groups.size === 0 && keys.length === 0) groups.set('', { first: new Map(), rows: [], keyValues: new Map() });
    return [...groups.values()].map((group) => {
      const projected = new Map<string, Value>();
      for (const item of items) {
        projected.set(
          item.name,
          group.keyValues.has(item.name) ? group.keyValues.get(item.name)! : this.evaluate(item.expr, group.first, group.rows),
        );
      }
      return { projected, scope: projected };
    });
  }

  private aggregateCall(expr: Extract<Expr, { kind: 'call' }>, group: Row[]): Value {
    if (expr.star) return BigInt(group.length);
    if (expr.args.length !== 1)
      throw new CypherError('semantic', expr.at, `${expr.name}() takes 1 argument, not ${expr.args.length}`);
    let values = group.map((row) => this.evaluate(expr.args[0]!, row)).filter((v) => v !== null);
    if (expr.distinct) {
      const seen = new Set<string>();
      values = values.filter((v) => (seen.has(keyOf(v)) ? false : (seen.add(keyOf(v)), true)));
    }
    switch (expr.name) {
      case 'count':
        return BigInt(values.length);
      case 'collect':
        return values;
      case 'min':
      case 'max': {
        if (values.length === 0) return null;
        const sorted = [...values].sort(order);
        return expr.name === 'min' ? sorted[0]! : sorted[sorted.length - 1]!;
      }
      case 'sum':
      case 'avg': {
        for (const v of values)
          if (!isNumber(v)) throw new CypherError('semantic', expr.at, `${expr.name}() adds numbers, not ${typeName(v)}`);
        const nums = values as (bigint | number)[];
        if (expr.name === 'avg') return nums.length === 0 ? null : nums.reduce((s: number, v) => s + Number(v), 0) / nums.length;
        return nums.every((v) => typeof v === 'bigint')
          ? nums.reduce((s: bigint, v) => s + (v as bigint), 0n)
          : nums.reduce((s: number, v) => s + Number(v), 0);
      }
    }
    throw unsupported(expr.at, `the aggregate ${expr.name}()`);
  }

  // --- expressions ----------------------------------------------------------

  /** The value of `expr` in `row`; `group` is the rows of the group when `expr` is an aggregating projection. */
  evaluate(expr: Expr, row: Row, group?: Row[]): Value {
    const ev = (e: Expr) => this.evaluate(e, row, group);
    switch (expr.kind) {
      case 'literal':
        return expr.value;
      case 'list':
        return expr.items.map(ev);
      case 'map':
        return new Map(expr.entries.map(({ key, value }) => [key, ev(value)]));
      case 'variable': {
        if (!row.has(expr.name)) throw new CypherError('semantic', expr.at, `variable ${expr.name} is not defined`);
        return row.get(expr.name)!;
      }
      case 'property': {
        const object = ev(expr.object);
        if (object === null) return null;
        if (isNode(object)) return fromProperty(object.source.props[expr.key]);
        if (isRel(object)) return null;
        if (object instanceof Map) return object.get(expr.key) ?? null;
        if (object instanceof Temporal || object instanceof Duration) return temporalProperty(object, expr.key);
        throw new CypherError('semantic', expr.at, `a ${typeName(object)} has no properties (.${expr.key})`);
      }
      case 'index': {
        const object = ev(expr.object);
        const index = ev(expr.index);
        if (object === null || index === null) return null;
        if (Array.isArray(object)) {
          if (typeof index !== 'bigint')
            throw new CypherError('semantic', expr.index.at, `a list index must be an integer, not ${typeName(index)}`);
          const i = Number(index);
          return object[i < 0 ? object.length + i : i] ?? null;
        }
        if (typeof index === 'string') {
          if (object instanceof Map) return object.get(index) ?? null;
          if (isNode(object)) return fromProperty(object.source.props[index]);
        }
        throw new CypherError('semantic', expr.at, `a ${typeName(object)} cannot be indexed by a ${typeName(index)}`);
      }
      case 'slice': {
        const object = ev(expr.object);
        const from = expr.from ? ev(expr.from) : 0n;
        const to = expr.to ? ev(expr.to) : BigInt(Array.isArray(object) ? object.length : 0);
        if (object === null || from === null || to === null) return null;
        if (!Array.isArray(object) || typeof from !== 'bigint' || typeof to !== 'bigint') {
          throw new CypherError('semantic', expr.at, 'a slice takes a list and integer bounds');
        }
        return object.slice(Number(from), Number(to));
      }
      case 'hasLabels': {
        const object = ev(expr.object);
        if (object === null) return null;
        // On a relationship the test reads its type (`NOT r:MemberOf`), which is its one "label".
        if (isRel(object)) return expr.labels.every((l) => l === object.type);
        if (!isNode(object))
          throw new CypherError('semantic', expr.at, `a label test needs a node or a relationship, not ${typeName(object)}`);
        return expr.labels.every((l) => object.labels.includes(l));
      }
      case 'not': {
        const v = truth(ev(expr.operand), expr.operand);
        return v === null ? null : !v;
      }
      case 'negate': {
        const v = ev(expr.operand);
        if (v === null) return null;
        if (isNumber(v)) return -v;
        throw new CypherError('semantic', expr.at, `cannot negate a ${typeName(v)}`);
      }
      case 'logical': {
        const left = truth(ev(expr.left), expr.left);
        if (expr.op === 'and' && left === false) return false;
        if (expr.op === 'or' && left === true) return true;
        const right = truth(ev(expr.right), expr.right);
        if (expr.op === 'and') return right === false ? false : left === null || right === null ? null : true;
        return right === true ? true : left === null || right === null ? null : false;
      }
      case 'compare': {
        const a = ev(expr.left);
        const b = ev(expr.right);
        if (expr.op === '=') return equals(a, b);
        if (expr.op === '<>') {
          const e = equals(a, b);
          return e === null ? null : !e;
        }
        const c = compare(a, b);
        if (c === null) return null;
        return expr.op === '<' ? c < 0 : expr.op === '>' ? c > 0 : expr.op === '<=' ? c <= 0 : c >= 0;
      }
      case 'arith':
        return this.arithmetic(expr, ev(expr.left), ev(expr.right));
      case 'string': {
        const a = ev(expr.left);
        const b = ev(expr.right);
        if (typeof a !== 'string' || typeof b !== 'string') return null;
        if (expr.op === 'starts') return a.startsWith(b);
        if (expr.op === 'ends') return a.endsWith(b);
        if (expr.op === 'contains') return a.includes(b);
        return regex(b, expr.right.at).test(a);
      }
      case 'in': {
        const item = ev(expr.left);
        const list = ev(expr.right);
        if (list === null) return null;
        if (!Array.isArray(list))
          throw new CypherError('semantic', expr.right.at, `IN needs a list on its right, not ${typeName(list)}`);
        if (isNode(item) || isRel(item)) {
          // A node or relationship equals only itself: look it up in the list's set, built once per list.
          const members = this.entitiesOf(list);
          return members.entities.has(item) ? true : members.hasNull ? null : false;
        }
        let unknown = false;
        for (const candidate of list) {
          const e = equals(item, candidate);
          if (e === true) return true;
          if (e === null) unknown = true;
        }
        return unknown ? null : false;
      }
      case 'isNull': {
        const isNull = ev(expr.operand) === null;
        return expr.negated ? !isNull : isNull;
      }
      case 'call': {
        if (AGGREGATES.has(expr.name)) {
          if (!group)
            throw new CypherError('semantic', expr.at, `the aggregate ${expr.name}() may be used only in WITH or RETURN`);
          return this.aggregateCall(expr, group);
        }
        if (expr.distinct) throw new CypherError('semantic', expr.at, `DISTINCT applies only to aggregates, not ${expr.name}()`);
        if (!isFunction(expr.name))
          throw new CypherError(
            'unsupported',
            expr.at,
            `the function ${this.textOf(expr).split('(')[0]!.trim()}() is not supported`,
          );
        return callFunction(expr.name, expr.args.map(ev), expr.at, this.now);
      }
      case 'quantifier': {
        const list = ev(expr.list);
        if (list === null) return null;
        if (!Array.isArray(list))
          throw new CypherError('semantic', expr.list.at, `${expr.quantifier}() needs a list, not ${typeName(list)}`);
        let trues = 0;
        let falses = 0;
        let nulls = 0;
        for (const item of list) {
          const v = truth(this.evaluate(expr.where, new Map(row).set(expr.variable, item), group), expr.where);
          if (v === true) trues++;
          else if (v === false) falses++;
          else nulls++;
        }
        switch (expr.quantifier) {
          case 'any':
            return trues > 0 ? true : nulls > 0 ? null : false;
          case 'all':
            return falses > 0 ? false : nulls > 0 ? null : true;
          case 'none':
            return trues > 0 ? false : nulls > 0 ? null : true;
          case 'single':
            return trues > 1 ? false : nulls > 0 ? null : trues === 1;
        }
        return null;
      }
      case 'pattern': {
        for (const _ of this.matchAll([expr.pattern], row)) return true;
        return false;
      }
      case 'countSubquery': {
        let n = 0n;
        for (const m of this.matchAll(expr.patterns, row))
          if (!expr.where || truth(this.evaluate(expr.where, m), expr.where) === true) n++;
        return n;
      }
    }
  }

  private arithmetic(expr: Extract<Expr, { kind: 'arith' }>, a: Value, b: Value): Value {
    if (a === null || b === null) return null;
    const { op } = expr;
    if (op === '+') {
      if (Array.isArray(a)) return Array.isArray(b) ? [...a, ...b] : [...a, b];
      if (Array.isArray(b)) return [a, ...b];
      if (typeof a === 'string' && (typeof b === 'string' || isNumber(b)))
        return a + (typeof b === 'number' && Number.isInteger(b) ? b.toFixed(1) : String(b));
      if (typeof b === 'string' && isNumber(a))
        return (typeof a === 'number' && Number.isInteger(a) ? a.toFixed(1) : String(a)) + b;
    }
    if (op === '+' || op === '-') {
      const t = temporalArithmetic(op, a, b);
      if (t !== undefined) return t;
    }
    if (!isNumber(a) || !isNumber(b))
      throw new CypherError('semantic', expr.at, `cannot apply ${op} to ${typeName(a)} and ${typeName(b)}`);
    if (op === '^') return Math.pow(Number(a), Number(b));
    if (typeof a === 'bigint' && typeof b === 'bigint') {
      if ((op === '/' || op === '%') && b === 0n) throw new CypherError('semantic', expr.right.at, 'division by zero');
      switch (op) {
        case '+':
          return a + b;
        case '-':
          return a - b;
        case '*':
          return a * b;
        case '/':
          return a / b;
        case '%':
          return a % b;
      }
    }
    const x = Number(a);
    const y = Number(b);
    switch (op) {
      case '+':
        return x + y;
      case '-':
        return x - y;
      case '*':
        return x * y;
      case '/':
        return x / y;
      default:
        return x % y;
    }
  }
}

/** A condition's value: true, false or null; anything else is an error naming where. */
function truth(v: Value, expr: Expr): boolean | null {
  if (v === null || typeof v === 'boolean') return v;
  throw new CypherError('semantic', expr.at, `expected a boolean here, not ${typeName(v)}`);
}

/** The expressions directly inside `expr`. */
function children(expr: Expr): Expr[] {
  const out: Expr[] = [];
  const isExpr = (v: unknown): v is Expr => typeof v === 'object' && v !== null && 'kind' in v && 'at' in v;
  for (const value of Object.values(expr)) {
    if (isExpr(value)) out.push(value);
    else if (Array.isArray(value)) out.push(...value.filter(isExpr));
    else if (value && typeof value === 'object' && 'entries' in value)
      out.push(...(value as { entries: { value: Expr }[] }).entries.map((e) => e.value));
  }
  return out;
}

/** The parts of a condition joined by AND at its top. */
function conjuncts(expr: Expr): Expr[] {
  return expr.kind === 'logical' && expr.op === 'and' ? [...conjuncts(expr.left), ...conjuncts(expr.right)] : [expr];
}

/**
 * The variables `expr` reads; undefined when it holds a pattern, a COUNT subquery or a quantifier
 * (which bind variables of their own), so that a caller leaves such a condition where it is.
 */
function variablesRead(expr: Expr, into = new Set<string>()): Set<string> | undefined {
  if (expr.kind === 'pattern' || expr.kind === 'countSubquery' || expr.kind === 'quantifier') return undefined;
  if (expr.kind === 'variable') into.add(expr.name);
  for (const child of children(expr)) if (!variablesRead(child, into)) return undefined;
  return into;
}

function containsAggregate(expr: Expr): boolean {
  if (expr.kind === 'call' && AGGREGATES.has(expr.name)) return true;
  return children(expr).some(containsAggregate);
}

/** A variable read outside any aggregate call in `expr` (`count(*) + n.age`): Cypher does not define which row it is. */
function rowReadOutsideAggregate(expr: Expr): Expr | undefined {
  if (expr.kind === 'call' && AGGREGATES.has(expr.name)) return undefined;
  if (expr.kind === 'variable') return expr;
  for (const child of children(expr)) {
    const found = rowReadOutsideAggregate(child);
    if (found) return found;
  }
  return undefined;
}

const regexMemo = new Map<string, RegExp>();

/** `=~` matches the whole string; a leading `(?i)` (and s, m, u), Java's inline flags, becomes a flag. */
function regex(pattern: string, at: number): RegExp {
  let re = regexMemo.get(pattern);
  if (re) return re;
  const flags = /^\(\?([imsu]+)\)/.exec(pattern);
  const body = flags ? pattern.slice(flags[0].length) : pattern;
  try {
    re = new RegExp(`^(?:${body})$`, [...new Set(flags?.[1] ?? '')].join(''));
  } catch (e) {
    throw new CypherError('semantic', at, `invalid regular expression: ${(e as Error).message}`);
  }
  regexMemo.set(pattern, re);
  return re;
}
