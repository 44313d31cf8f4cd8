/**
 * Checks, before anything runs, that every variable a query reads is defined
 * where it is read, as Cypher's semantic analysis does: a misspelt variable
 * is a 400 naming it and its place even when no row would reach it (otherwise
 * a query matching nothing would answer "nothing found" instead).
 */
import type { Expr, PatternPart, Query } from './ast';
import { CypherError } from './errors';

function patternNames(patterns: readonly PatternPart[]): string[] {
  const names: string[] = [];
  for (const p of patterns) {
    if (p.variable) names.push(p.variable);
    for (const n of p.nodes) if (n.variable) names.push(n.variable);
    for (const r of p.rels) if (r.variable) names.push(r.variable);
  }
  return names;
}

function checkPatterns(patterns: readonly PatternPart[], scope: ReadonlySet<string>): void {
  for (const p of patterns) {
    for (const element of [...p.nodes, ...p.rels]) {
      for (const { value } of element.properties?.entries ?? []) checkExpr(value, scope);
    }
  }
}

function checkExpr(expr: Expr, scope: ReadonlySet<string>): void {
  const check = (e: Expr) => checkExpr(e, scope);
  switch (expr.kind) {
    case 'literal':
      return;
    case 'variable':
      if (!scope.has(expr.name)) throw new CypherError('semantic', expr.at, `variable ${expr.name} is not defined`);
      return;
    case 'list':
      return expr.items.forEach(check);
    case 'map':
      return expr.entries.forEach((e) => check(e.value));
    case 'property':
    case 'hasLabels':
      return check(expr.object);
    case 'index':
      check(expr.object);
      return check(expr.index);
    case 'slice':
      check(expr.object);
      if (expr.from) check(expr.from);
      if (expr.to) check(expr.to);
      return;
    case 'not':
    case 'negate':
    case 'isNull':
      return check(expr.operand);
    case 'logical':
    case 'compare':
    case 'arith':
    case 'string':
    case 'in':
      check(expr.left);
      return check(expr.right);
    case 'call':
      return expr.args.forEach(check);
    case 'quantifier':
      check(expr.list);
      return checkExpr(expr.where, new Set([...scope, expr.variable]));
    case 'pattern': {
      const inner = new Set([...scope, ...patternNames([expr.pattern])]);
      return checkPatterns([expr.pattern], inner);
    }
    case 'countSubquery': {
      const inner = new Set([...scope, ...patternNames(expr.patterns)]);
      checkPatterns(expr.patterns, inner);
      if (expr.where) checkExpr(expr.where, inner);
      return;
    }
  }
}

export function checkScope(query: Query): void {
  let scope = new Set<string>();
  for (const clause of query.clauses) {
    switch (clause.kind) {
      case 'match': {
        scope = new Set([...scope, ...patternNames(clause.patterns)]);
        checkPatterns(clause.patterns, scope);
        if (clause.where) checkExpr(clause.where, scope);
        break;
      }
      case 'unwind':
        checkExpr(clause.expr, scope);
        scope = new Set([...scope, clause.variable]);
        break;
      case 'with':
      case 'return': {
        for (const item of clause.items) checkExpr(item.expr, scope);
        const projected = new Set([...(clause.star ? scope : []), ...clause.items.map((i) => i.name)]);
        const ordering = new Set([...scope, ...projected]);
        for (const s of clause.orderBy) checkExpr(s.expr, ordering);
        if (clause.skip) checkExpr(clause.skip, new Set());
        if (clause.limit) checkExpr(clause.limit, new Set());
        scope = projected;
        if (clause.kind === 'with' && clause.where) checkExpr(clause.where, scope);
        break;
      }
      case 'create':
        checkPatterns(clause.patterns, scope);
        scope = new Set([...scope, ...patternNames(clause.patterns)]);
        break;
      case 'set':
        for (const item of clause.items) {
          checkExpr(item.target, scope);
          if (item.kind !== 'labels') checkExpr(item.value, scope);
        }
        break;
      case 'remove':
        for (const item of clause.items) checkExpr(item.target, scope);
        break;
      case 'delete':
        for (const target of clause.targets) checkExpr(target, scope);
        break;
    }
  }
}
