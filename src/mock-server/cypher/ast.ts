/**
 * The typed syntax tree of the Cypher subset the mock answers (parser.ts
 * builds it, evaluate.ts runs it). Every node carries `at`, the offset of its
 * first character in the query text, for messages that name `line L:C`; an
 * expression also carries `end`, so an unaliased projection is named by the
 * text it was written as.
 */

export interface Spanned {
  at: number;
  end: number;
}

export type Direction = 'out' | 'in' | 'both';

export interface NodePattern extends Spanned {
  variable?: string;
  labels: string[];
  properties?: MapLiteral;
}

export interface RelPattern extends Spanned {
  variable?: string;
  /** The types it may have (an attack-path type written as the kinds it stands for); absent when untyped. */
  types?: string[];
  direction: Direction;
  /**
   * Present on a variable-length relationship: `*` is {min 1, max undefined}.
   * `from` is the minimum as written (`*2..`, `*3`); absent when the query leaves it out (`*`, `*..5`).
   */
  length?: { min: number; max?: number; from?: number };
  properties?: MapLiteral;
}

export interface PatternPart extends Spanned {
  /** The path variable (`p = ...`). */
  variable?: string;
  /** `shortestPath(...)` or `allShortestPaths(...)`; a plain pattern otherwise. */
  shortest?: 'one' | 'all';
  nodes: NodePattern[];
  /** rels[i] joins nodes[i] and nodes[i + 1]. */
  rels: RelPattern[];
}

export interface Projection extends Spanned {
  expr: Expr;
  /** The column name: the alias, else the expression as written. */
  name: string;
  aliased: boolean;
}

export interface SortItem {
  expr: Expr;
  descending: boolean;
}

export interface ProjectionBody {
  distinct: boolean;
  /** `*`: every variable in scope, then `items`. */
  star: boolean;
  items: Projection[];
  orderBy: SortItem[];
  skip?: Expr;
  limit?: Expr;
}

/** One item of SET: `n.key = value`, `n = map` / `n += map`, `n:Label`. */
export type SetItem =
  | { kind: 'property'; at: number; target: Expr & { kind: 'property' }; value: Expr }
  | { kind: 'map'; at: number; target: Expr & { kind: 'variable' }; value: Expr; replace: boolean }
  | { kind: 'labels'; at: number; target: Expr & { kind: 'variable' }; labels: string[] };

/** One item of REMOVE: `n.key`, `n:Label`. */
export type RemoveItem =
  | { kind: 'property'; at: number; target: Expr & { kind: 'property' } }
  | { kind: 'labels'; at: number; target: Expr & { kind: 'variable' }; labels: string[] };

/** The clauses that change the graph (parsed only when the server runs mutations). */
export type UpdatingClause =
  | { kind: 'create'; at: number; patterns: PatternPart[] }
  | { kind: 'set'; at: number; items: SetItem[] }
  | { kind: 'remove'; at: number; items: RemoveItem[] }
  | { kind: 'delete'; at: number; detach: boolean; targets: Expr[] };

export type Clause =
  | { kind: 'match'; at: number; optional: boolean; patterns: PatternPart[]; where?: Expr }
  | { kind: 'unwind'; at: number; expr: Expr; variable: string }
  | ({ kind: 'with'; at: number; where?: Expr } & ProjectionBody)
  | ({ kind: 'return'; at: number } & ProjectionBody)
  | UpdatingClause;

export const UPDATING_CLAUSES: ReadonlySet<Clause['kind']> = new Set(['create', 'set', 'remove', 'delete']);

export interface Query {
  /** The query as written (unaliased columns are named by their text). */
  text: string;
  clauses: Clause[];
}

export interface MapLiteral extends Spanned {
  kind: 'map';
  entries: { key: string; value: Expr }[];
}

export type Expr = Spanned &
  (
    | { kind: 'literal'; value: null | boolean | bigint | number | string }
    | { kind: 'list'; items: Expr[] }
    | Omit<MapLiteral, 'at' | 'end'>
    | { kind: 'variable'; name: string }
    | { kind: 'property'; object: Expr; key: string }
    | { kind: 'index'; object: Expr; index: Expr }
    | { kind: 'slice'; object: Expr; from?: Expr; to?: Expr }
    | { kind: 'hasLabels'; object: Expr; labels: string[] }
    | { kind: 'not'; operand: Expr }
    | { kind: 'negate'; operand: Expr }
    | { kind: 'logical'; op: 'and' | 'or'; left: Expr; right: Expr }
    | { kind: 'compare'; op: '=' | '<>' | '<' | '>' | '<=' | '>='; left: Expr; right: Expr }
    | { kind: 'arith'; op: '+' | '-' | '*' | '/' | '%' | '^'; left: Expr; right: Expr }
    | { kind: 'string'; op: 'starts' | 'ends' | 'contains' | 'regex'; left: Expr; right: Expr }
    | { kind: 'in'; left: Expr; right: Expr }
    | { kind: 'isNull'; operand: Expr; negated: boolean }
    | { kind: 'call'; name: string; distinct: boolean; args: Expr[]; star: boolean }
    | { kind: 'quantifier'; quantifier: 'any' | 'all' | 'none' | 'single'; variable: string; list: Expr; where: Expr }
    | { kind: 'pattern'; pattern: PatternPart }
    | { kind: 'countSubquery'; patterns: PatternPart[]; where?: Expr }
  );

export const AGGREGATES = new Set(['count', 'collect', 'min', 'max', 'sum', 'avg']);
