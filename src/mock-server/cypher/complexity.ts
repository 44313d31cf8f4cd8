/**
 * The static judgement of a query's cost, before it runs, as upstream's
 * analyzer makes it (packages/go/cypher/analyzer: a query's "relative
 * fitness"): what narrows the search (labels, property maps, comparisons on
 * `objectid` or `name`, LIMIT, DISTINCT, shortest paths) raises the figure;
 * what widens it (relationships, both directions, unbounded variable length,
 * OPTIONAL MATCH, NOT, OR, quantifiers, long patterns, pipelines of WITH)
 * lowers it. A query whose fitness is at or below the bound is refused as
 * too complex: -7 for a query a person runs, -3 (stricter) for the Cypher
 * seeds of Privilege Zones rules.
 *
 * So `MATCH (n)-[*]-(m) RETURN n` (fitness -7) is refused, and so is an
 * all-shortest-paths search between unlabelled nodes in both directions for
 * rule seeds, while `MATCH p=(:User)-[:MemberOf*1..]->(:Group) RETURN p` is not.
 * The engine's dynamic limits (rows and steps, evaluate.ts) still apply to
 * what passes.
 */
import type { Clause, Expr, MapLiteral, NodePattern, PatternPart, Query, RelPattern } from './ast';

/** The fitness at or below which a query someone runs is refused (upstream `DefaultQueryFitnessLowerBoundExplore`). */
export const EXPLORE_FITNESS_BOUND = -7;
/** The stricter bound for rule seeds (upstream `DefaultQueryFitnessLowerBoundSelector`). */
export const SELECTOR_FITNESS_BOUND = -3;

/** Upstream's refusal, word for word (`ErrCypherQueryTooComplex`). */
export const TOO_COMPLEX_MESSAGE = 'cypher query is too complex and is likely to result in poor or unstable database performance';

/** Properties that pick out one node, so a lookup on them narrows the search most. */
const SELECTIVE_PROPERTIES = new Set(['objectid', 'name']);

/** What a property map and labels add to a node or relationship pattern. */
function elementFitness(properties: MapLiteral | undefined, kinds: number): number {
  let fitness = 0;
  for (const { key } of properties?.entries ?? []) fitness += SELECTIVE_PROPERTIES.has(key) ? 4 : 3;
  if (kinds === 1) fitness += 2;
  else if (kinds > 1 && kinds <= 15) fitness += 1;
  return fitness;
}

class Measure {
  fitness = 0;
  private matches = 0;
  private parts = 0;
  private readonly nodeVariables = new Set<string>();

  query(query: Query): number {
    for (const clause of query.clauses) this.clause(clause);
    if (this.parts > 2) this.fitness -= this.parts;
    if (this.matches > 2) this.fitness -= this.matches;
    return this.fitness;
  }

  private clause(clause: Clause): void {
    switch (clause.kind) {
      case 'match':
        if (clause.optional) this.fitness -= 1;
        this.matches++;
        clause.patterns.forEach((p) => this.pattern(p));
        if (clause.where) this.expr(clause.where);
        return;
      case 'unwind':
        return this.expr(clause.expr);
      case 'with':
      case 'return':
        // Each part of a pipeline ending in WITH makes the query less fit.
        if (clause.kind === 'with') {
          this.fitness -= 3;
          this.parts++;
        }
        if (clause.distinct) this.fitness += 1;
        clause.items.forEach((i) => this.expr(i.expr));
        clause.orderBy.forEach((s) => this.expr(s.expr));
        if (clause.limit?.kind === 'literal' && typeof clause.limit.value === 'bigint' && clause.limit.value <= 300n) {
          this.fitness += 1;
        }
        if (clause.kind === 'with' && clause.where) this.expr(clause.where);
        return;
      default:
        // Updating clauses: their patterns and expressions weigh as anywhere else.
        for (const e of updateExpressions(clause)) this.expr(e);
        for (const p of updatePatterns(clause)) this.pattern(p);
    }
  }

  private pattern(part: PatternPart): void {
    if (part.shortest === 'one') this.fitness += 5;
    if (part.shortest === 'all') this.fitness += 4;
    const elements = part.nodes.length + part.rels.length;
    if (elements > 3) this.fitness -= elements;
    part.nodes.forEach((n, i) => {
      this.node(n);
      const rel = part.rels[i];
      if (rel) this.rel(rel);
    });
  }

  private node(node: NodePattern): void {
    if (node.variable) this.nodeVariables.add(node.variable);
    this.fitness += elementFitness(node.properties, node.labels.length);
    node.properties?.entries.forEach((e) => this.expr(e.value));
  }

  private rel(rel: RelPattern): void {
    if (rel.direction === 'both') this.fitness -= 3;
    this.fitness -= 1;
    if (rel.length) {
      const { from, max } = rel.length;
      if (from !== undefined) this.fitness += from - (max ?? 0);
      else if (max !== undefined) this.fitness -= max;
      else this.fitness -= 3;
    }
    this.fitness += elementFitness(rel.properties, rel.types?.length ?? 0);
    rel.properties?.entries.forEach((e) => this.expr(e.value));
  }

  private selective(e: Expr): boolean {
    return (
      e.kind === 'property' &&
      e.object.kind === 'variable' &&
      this.nodeVariables.has(e.object.name) &&
      SELECTIVE_PROPERTIES.has(e.key)
    );
  }

  private comparison(left: Expr, right: Expr | undefined, weight: number): void {
    if (this.selective(left)) this.fitness += 4;
    if (right && this.selective(right)) this.fitness += 4;
    this.fitness += weight;
  }

  private expr(e: Expr): void {
    switch (e.kind) {
      case 'compare':
        this.comparison(e.left, e.right, e.op === '=' ? 3 : e.op === '<>' ? -1 : 1);
        break;
      case 'string':
        this.comparison(e.left, e.right, 2);
        break;
      case 'in':
        this.comparison(e.left, e.right, 1);
        break;
      case 'isNull':
        this.comparison(e.operand, undefined, e.negated ? -1 : 3);
        break;
      case 'hasLabels':
        this.fitness += e.labels.length === 1 ? 2 : 1;
        break;
      case 'not':
        this.fitness -= 1;
        break;
      case 'logical':
        this.fitness += e.op === 'and' ? 1 : -1;
        break;
      case 'quantifier':
        this.fitness -= e.quantifier === 'all' || e.quantifier === 'none' ? 2 : 3;
        break;
      case 'pattern':
        this.pattern(e.pattern);
        break;
      case 'countSubquery':
        e.patterns.forEach((p) => this.pattern(p));
        break;
    }
    for (const child of childrenOf(e)) this.expr(child);
  }
}

/** The expressions directly inside an expression (patterns' own are walked with the pattern). */
function childrenOf(e: Expr): Expr[] {
  switch (e.kind) {
    case 'list':
      return e.items;
    case 'map':
      return e.entries.map((x) => x.value);
    case 'property':
    case 'hasLabels':
      return [e.object];
    case 'index':
      return [e.object, e.index];
    case 'slice':
      return [e.object, ...(e.from ? [e.from] : []), ...(e.to ? [e.to] : [])];
    case 'not':
    case 'negate':
    case 'isNull':
      return [e.operand];
    case 'logical':
    case 'compare':
    case 'arith':
    case 'string':
    case 'in':
      return [e.left, e.right];
    case 'call':
      return e.args;
    case 'quantifier':
      return [e.list, e.where];
    case 'countSubquery':
      return e.where ? [e.where] : [];
    default:
      return [];
  }
}

/** The expressions of an updating clause. */
function updateExpressions(clause: Clause): Expr[] {
  switch (clause.kind) {
    case 'set':
      return clause.items.flatMap((i) => (i.kind === 'labels' ? [i.target] : [i.target, i.value]));
    case 'remove':
      return clause.items.map((i) => i.target);
    case 'delete':
      return clause.targets;
    default:
      return [];
  }
}

function updatePatterns(clause: Clause): PatternPart[] {
  return clause.kind === 'create' ? clause.patterns : [];
}

/** The query's relative fitness (higher is cheaper). */
export function queryFitness(query: Query): number {
  return new Measure().query(query);
}

/** Whether upstream would refuse the query as too complex at this bound. */
export function isTooComplex(query: Query, bound: number = EXPLORE_FITNESS_BOUND): boolean {
  return queryFitness(query) <= bound;
}
