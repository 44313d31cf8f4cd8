/**
 * A recursive-descent parser of the read-only Cypher subset upstream
 * supports, producing the syntax tree of ast.ts. It follows openCypher's
 * grammar and operator precedence (OR < XOR < AND < NOT < comparison <
 * string/list/null predicates < + - < * / % < ^ < unary < postfix). What
 * upstream refuses (CALL, parameters, updating clauses, CASE, XOR,
 * comprehensions, EXISTS subqueries) is refused here with the place it
 * starts; a syntax error names the token it did not expect.
 */
import type {
  Clause,
  Direction,
  Expr,
  MapLiteral,
  NodePattern,
  PatternPart,
  Projection,
  ProjectionBody,
  Query,
  RelPattern,
  RemoveItem,
  SetItem,
  SortItem,
} from './ast';
import { UPDATING_CLAUSES } from './ast';
import { CypherError, unsupported } from './errors';
import { ATTACK_PATH_TYPES } from './graph';

type TokenKind = 'ident' | 'quoted' | 'int' | 'float' | 'string' | 'param' | 'punct' | 'eof';

interface Token {
  kind: TokenKind;
  /** The identifier, the decoded string, the number's text or the punctuation. */
  text: string;
  at: number;
  end: number;
}

const PUNCTUATION = [
  '..',
  '<>',
  '<=',
  '>=',
  '=~',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  '.',
  ':',
  '|',
  '-',
  '<',
  '>',
  '=',
  '+',
  '*',
  '/',
  '%',
  '^',
  ';',
];

const UPDATING = new Set(['CREATE', 'SET', 'DELETE', 'DETACH', 'REMOVE', 'MERGE', 'FOREACH', 'LOAD']);

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', "'": "'", '"': '"', '\\': '\\' };

function lex(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const syntax = (at: number, message: string) => new CypherError('syntax', at, message);
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (text.startsWith('//', i)) {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (text.startsWith('/*', i)) {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) throw syntax(i, 'unterminated comment');
      i = close + 2;
      continue;
    }
    const start = i;
    if (/[A-Za-z_]/.test(ch)) {
      while (i < text.length && /[A-Za-z0-9_]/.test(text[i]!)) i++;
      tokens.push({ kind: 'ident', text: text.slice(start, i), at: start, end: i });
      continue;
    }
    if (ch === '`') {
      const close = text.indexOf('`', i + 1);
      if (close < 0) throw syntax(i, 'unterminated quoted name');
      tokens.push({ kind: 'quoted', text: text.slice(i + 1, close), at: start, end: close + 1 });
      i = close + 1;
      continue;
    }
    if (/[0-9]/.test(ch)) {
      while (i < text.length && /[0-9]/.test(text[i]!)) i++;
      let kind: TokenKind = 'int';
      if (text[i] === '.' && /[0-9]/.test(text[i + 1] ?? '')) {
        kind = 'float';
        i++;
        while (i < text.length && /[0-9]/.test(text[i]!)) i++;
      }
      if (/[eE]/.test(text[i] ?? '') && /[0-9]/.test(text[i + 1] === '-' ? (text[i + 2] ?? '') : (text[i + 1] ?? ''))) {
        kind = 'float';
        i += text[i + 1] === '-' ? 2 : 1;
        while (i < text.length && /[0-9]/.test(text[i]!)) i++;
      }
      if (/[A-Za-z_]/.test(text[i] ?? '')) throw syntax(i, `invalid number ${text.slice(start, i + 1)}`);
      tokens.push({ kind, text: text.slice(start, i), at: start, end: i });
      continue;
    }
    if (ch === "'" || ch === '"') {
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) throw syntax(start, 'unterminated string');
        const c = text[i]!;
        if (c === ch) break;
        if (c === '\\') {
          const next = text[i + 1] ?? '';
          if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
            value += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
            i += 6;
            continue;
          }
          const escaped = ESCAPES[next];
          if (escaped === undefined) throw syntax(i, `invalid escape \\${next} in a string`);
          value += escaped;
          i += 2;
          continue;
        }
        value += c;
        i++;
      }
      i++;
      tokens.push({ kind: 'string', text: value, at: start, end: i });
      continue;
    }
    if (ch === '$') {
      throw unsupported(i, 'query parameters ($name)');
    }
    const punct = PUNCTUATION.find((p) => text.startsWith(p, i));
    if (!punct) throw syntax(i, `unexpected character '${ch}'`);
    tokens.push({ kind: 'punct', text: punct, at: start, end: i + punct.length });
    i += punct.length;
  }
  tokens.push({ kind: 'eof', text: '<EOF>', at: text.length, end: text.length });
  return tokens;
}

export interface ParseOptions {
  /** Parse CREATE, SET, REMOVE and (DETACH) DELETE (the server runs mutations); refused as updating clauses otherwise. */
  mutations?: boolean;
}

/** Parses one query; throws CypherError (syntax, unsupported or mutation) with the offset of the problem. */
export function parseQuery(text: string, options: ParseOptions = {}): Query {
  return new Parser(text, lex(text), options.mutations === true).query();
}

class Parser {
  private pos = 0;

  constructor(
    private readonly text: string,
    private readonly tokens: Token[],
    private readonly mutations = false,
  ) {}

  // --- tokens -------------------------------------------------------------

  private get tok(): Token {
    return this.tokens[this.pos]!;
  }

  private peek(offset = 1): Token {
    return this.tokens[Math.min(this.pos + offset, this.tokens.length - 1)]!;
  }

  private isKeyword(word: string, token = this.tok): boolean {
    return token.kind === 'ident' && token.text.toUpperCase() === word;
  }

  private isPunct(p: string, token = this.tok): boolean {
    return token.kind === 'punct' && token.text === p;
  }

  private acceptKeyword(word: string): boolean {
    if (!this.isKeyword(word)) return false;
    this.pos++;
    return true;
  }

  private acceptPunct(p: string): boolean {
    if (!this.isPunct(p)) return false;
    this.pos++;
    return true;
  }

  private fail(expected: string): CypherError {
    const t = this.tok;
    const found = t.kind === 'eof' ? 'the end of the query' : t.kind === 'string' ? `'${t.text}'` : `'${t.text}'`;
    return new CypherError('syntax', t.at, `mismatched input ${found} expecting ${expected}`);
  }

  private expectKeyword(word: string): Token {
    if (!this.isKeyword(word)) throw this.fail(word);
    return this.tokens[this.pos++]!;
  }

  private expectPunct(p: string): Token {
    if (!this.isPunct(p)) throw this.fail(`'${p}'`);
    return this.tokens[this.pos++]!;
  }

  private name(what = 'a name'): string {
    const t = this.tok;
    if (t.kind !== 'ident' && t.kind !== 'quoted') throw this.fail(what);
    this.pos++;
    return t.text;
  }

  private get lastEnd(): number {
    return this.tokens[this.pos - 1]?.end ?? 0;
  }

  // --- clauses ------------------------------------------------------------

  query(): Query {
    const clauses: Clause[] = [];
    while (this.tok.kind !== 'eof' && !this.isPunct(';')) {
      if (this.isKeyword('UNION')) throw unsupported(this.tok.at, 'UNION');
      clauses.push(this.clause());
    }
    this.acceptPunct(';');
    if (this.tok.kind !== 'eof') throw this.fail('the end of the query');
    if (clauses.length === 0) throw this.fail('a clause');
    const last = clauses[clauses.length - 1]!;
    const firstUpdate = clauses.findIndex((c) => UPDATING_CLAUSES.has(c.kind));
    if (firstUpdate >= 0) {
      const reading = clauses.slice(firstUpdate).find((c) => c.kind === 'match' || c.kind === 'unwind' || c.kind === 'with');
      if (reading) throw unsupported(reading.at, `${reading.kind.toUpperCase()} after an updating clause`);
    } else if (last.kind !== 'return') throw new CypherError('syntax', last.at, 'a query must end with RETURN');
    clauses.forEach((c, i) => {
      if (c.kind === 'return' && i < clauses.length - 1)
        throw new CypherError('syntax', clauses[i + 1]!.at, 'RETURN must be the last clause');
    });
    return { text: this.text, clauses };
  }

  private clause(): Clause {
    const t = this.tok;
    const word = t.kind === 'ident' ? t.text.toUpperCase() : '';
    if (word === 'OPTIONAL') {
      this.pos++;
      this.expectKeyword('MATCH');
      return this.matchBody(t.at, true);
    }
    if (word === 'MATCH') {
      this.pos++;
      return this.matchBody(t.at, false);
    }
    if (word === 'UNWIND') {
      this.pos++;
      const expr = this.expression();
      this.expectKeyword('AS');
      return { kind: 'unwind', at: t.at, expr, variable: this.name('a variable') };
    }
    if (word === 'WITH') {
      this.pos++;
      const body = this.projectionBody();
      const where = this.acceptKeyword('WHERE') ? this.expression() : undefined;
      return { kind: 'with', at: t.at, ...body, ...(where ? { where } : {}) };
    }
    if (word === 'RETURN') {
      this.pos++;
      return { kind: 'return', at: t.at, ...this.projectionBody() };
    }
    if (word === 'CALL') throw unsupported(t.at, 'CALL');
    if (this.mutations && UPDATING.has(word)) return this.updatingClause(word);
    if (UPDATING.has(word)) {
      throw new CypherError('mutation', t.at, `${word} is an updating clause; this server answers read-only queries`);
    }
    throw this.fail('a clause (MATCH, OPTIONAL MATCH, WITH, UNWIND or RETURN)');
  }

  /** CREATE, SET, REMOVE, DELETE and DETACH DELETE; MERGE, FOREACH and LOAD CSV are refused as upstream refuses them. */
  private updatingClause(word: string): Clause {
    const at = this.tok.at;
    this.pos++;
    switch (word) {
      case 'CREATE': {
        const patterns = [this.patternPart()];
        while (this.acceptPunct(',')) patterns.push(this.patternPart());
        return { kind: 'create', at, patterns };
      }
      case 'SET': {
        const items: SetItem[] = [];
        do items.push(this.setItem());
        while (this.acceptPunct(','));
        return { kind: 'set', at, items };
      }
      case 'REMOVE': {
        const items: RemoveItem[] = [];
        do {
          const target = this.updateTarget();
          items.push(target.kind === 'property' ? { kind: 'property', at: target.at, target } : target);
        } while (this.acceptPunct(','));
        return { kind: 'remove', at, items };
      }
      case 'DETACH':
      case 'DELETE': {
        const detach = word === 'DETACH';
        if (detach) this.expectKeyword('DELETE');
        const targets = [this.expression()];
        while (this.acceptPunct(',')) targets.push(this.expression());
        return { kind: 'delete', at, detach, targets };
      }
      default:
        throw unsupported(at, word === 'LOAD' ? 'LOAD CSV' : word);
    }
  }

  /** `n.key` or `n:Label:Other`: what SET and REMOVE change. */
  private updateTarget(): (Expr & { kind: 'property' }) | Extract<RemoveItem, { kind: 'labels' }> {
    const at = this.tok.at;
    const variable = { kind: 'variable' as const, name: this.name('a variable'), at, end: this.lastEnd };
    if (this.acceptPunct('.')) {
      return { kind: 'property', object: variable, key: this.name('a property name'), at, end: this.lastEnd };
    }
    if (!this.isPunct(':')) throw this.fail("'.' or ':'");
    const labels: string[] = [];
    while (this.acceptPunct(':')) labels.push(this.name('a label'));
    return { kind: 'labels', at, target: variable, labels };
  }

  private setItem(): SetItem {
    const at = this.tok.at;
    if (
      (this.tok.kind === 'ident' || this.tok.kind === 'quoted') &&
      (this.isPunct('=', this.peek()) || this.isPunct('+', this.peek()))
    ) {
      const target = { kind: 'variable' as const, name: this.name(), at, end: this.lastEnd };
      const replace = !this.acceptPunct('+');
      this.expectPunct('=');
      return { kind: 'map', at, target, value: this.expression(), replace };
    }
    const target = this.updateTarget();
    if (target.kind === 'labels') return target;
    this.expectPunct('=');
    return { kind: 'property', at, target, value: this.expression() };
  }

  private matchBody(at: number, optional: boolean): Clause {
    const patterns = [this.patternPart()];
    while (this.acceptPunct(',')) patterns.push(this.patternPart());
    const where = this.acceptKeyword('WHERE') ? this.expression() : undefined;
    return { kind: 'match', at, optional, patterns, ...(where ? { where } : {}) };
  }

  private projectionBody(): ProjectionBody {
    const distinct = this.acceptKeyword('DISTINCT');
    let star = false;
    const items: Projection[] = [];
    if (this.acceptPunct('*')) {
      star = true;
      if (!this.acceptPunct(',')) return this.projectionTail({ distinct, star, items });
    }
    do {
      const at = this.tok.at;
      const expr = this.expression();
      if (this.acceptKeyword('AS')) {
        items.push({ expr, name: this.name('an alias'), aliased: true, at, end: this.lastEnd });
      } else {
        items.push({ expr, name: this.text.slice(expr.at, expr.end), aliased: expr.kind === 'variable', at, end: expr.end });
      }
    } while (this.acceptPunct(','));
    return this.projectionTail({ distinct, star, items });
  }

  private projectionTail(head: Pick<ProjectionBody, 'distinct' | 'star' | 'items'>): ProjectionBody {
    const orderBy: SortItem[] = [];
    if (this.acceptKeyword('ORDER')) {
      this.expectKeyword('BY');
      do {
        const expr = this.expression();
        let descending = false;
        if (this.acceptKeyword('DESC') || this.acceptKeyword('DESCENDING')) descending = true;
        else if (!this.acceptKeyword('ASC')) this.acceptKeyword('ASCENDING');
        orderBy.push({ expr, descending });
      } while (this.acceptPunct(','));
    }
    const skip = this.acceptKeyword('SKIP') ? this.expression() : undefined;
    const limit = this.acceptKeyword('LIMIT') ? this.expression() : undefined;
    return { ...head, orderBy, ...(skip ? { skip } : {}), ...(limit ? { limit } : {}) };
  }

  // --- patterns -----------------------------------------------------------

  private patternPart(): PatternPart {
    const at = this.tok.at;
    let variable: string | undefined;
    if ((this.tok.kind === 'ident' || this.tok.kind === 'quoted') && this.isPunct('=', this.peek())) {
      variable = this.name();
      this.pos++;
    }
    const fn = this.tok.kind === 'ident' && this.isPunct('(', this.peek()) ? this.tok.text.toLowerCase() : '';
    if (fn === 'shortestpath' || fn === 'allshortestpaths') {
      this.pos += 2;
      const inner = this.patternElement(at);
      this.expectPunct(')');
      if (inner.rels.length !== 1) {
        const named = fn === 'shortestpath' ? 'shortestPath' : 'allShortestPaths';
        throw new CypherError('semantic', inner.at, `${named} needs a pattern of exactly one relationship`);
      }
      return {
        ...inner,
        at,
        end: this.lastEnd,
        ...(variable ? { variable } : {}),
        shortest: fn === 'shortestpath' ? 'one' : 'all',
      };
    }
    const part = this.patternElement(at);
    return variable ? { ...part, variable } : part;
  }

  private patternElement(at: number): PatternPart {
    if (this.isPunct('(') && this.isPunct('(', this.peek())) {
      this.pos++;
      const inner = this.patternElement(at);
      this.expectPunct(')');
      return inner;
    }
    const nodes = [this.nodePattern()];
    const rels: RelPattern[] = [];
    while (this.isPunct('-') || (this.isPunct('<') && this.isPunct('-', this.peek()))) {
      rels.push(this.relPattern());
      nodes.push(this.nodePattern());
    }
    return { at, end: this.lastEnd, nodes, rels };
  }

  private nodePattern(): NodePattern {
    const at = this.expectPunct('(').at;
    let variable: string | undefined;
    if (this.tok.kind === 'ident' || this.tok.kind === 'quoted') variable = this.name();
    const labels: string[] = [];
    while (this.acceptPunct(':')) {
      labels.push(this.name('a label'));
      if (this.isPunct('|')) throw unsupported(this.tok.at, 'label alternatives (A|B) in a node pattern');
    }
    const properties = this.isPunct('{') ? this.mapLiteral() : undefined;
    this.expectPunct(')');
    return { at, end: this.lastEnd, labels, ...(variable ? { variable } : {}), ...(properties ? { properties } : {}) };
  }

  private relPattern(): RelPattern {
    const at = this.tok.at;
    const leftArrow = this.acceptPunct('<');
    this.expectPunct('-');
    let variable: string | undefined;
    let types: string[] | undefined;
    let length: RelPattern['length'];
    let properties: MapLiteral | undefined;
    if (this.acceptPunct('[')) {
      if (this.tok.kind === 'ident' || this.tok.kind === 'quoted') variable = this.name();
      if (this.acceptPunct(':')) {
        types = [];
        for (;;) {
          const type = this.name('a relationship type');
          types.push(...(ATTACK_PATH_TYPES[type] ?? [type]));
          if (!this.acceptPunct('|')) break;
          this.acceptPunct(':');
        }
      }
      if (this.acceptPunct('*')) length = this.rangeLiteral();
      if (this.isPunct('{')) properties = this.mapLiteral();
      this.expectPunct(']');
    }
    this.expectPunct('-');
    const rightArrow = this.acceptPunct('>');
    if (leftArrow && rightArrow) throw new CypherError('syntax', at, 'a relationship cannot point both ways');
    const direction: Direction = leftArrow ? 'in' : rightArrow ? 'out' : 'both';
    return {
      at,
      end: this.lastEnd,
      direction,
      ...(types ? { types } : {}),
      ...(variable ? { variable } : {}),
      ...(length ? { length } : {}),
      ...(properties ? { properties } : {}),
    };
  }

  private rangeLiteral(): NonNullable<RelPattern['length']> {
    const int = () => {
      const t = this.tok;
      if (t.kind !== 'int') return undefined;
      this.pos++;
      return Number(t.text);
    };
    const first = int();
    if (!this.acceptPunct('..')) return first === undefined ? { min: 1 } : { min: first, max: first, from: first };
    const second = int();
    return {
      min: first ?? 1,
      ...(first !== undefined ? { from: first } : {}),
      ...(second !== undefined ? { max: second } : {}),
    };
  }

  // --- expressions --------------------------------------------------------

  expression(): Expr {
    return this.or();
  }

  private logical(op: 'and' | 'or', left: Expr, right: Expr): Expr {
    return { kind: 'logical', op, left, right, at: left.at, end: right.end };
  }

  private or(): Expr {
    let left = this.xor();
    while (this.acceptKeyword('OR')) left = this.logical('or', left, this.xor());
    return left;
  }

  private xor(): Expr {
    const left = this.and();
    if (this.isKeyword('XOR')) throw unsupported(this.tok.at, 'XOR');
    return left;
  }

  private and(): Expr {
    let left = this.not();
    while (this.acceptKeyword('AND')) left = this.logical('and', left, this.not());
    return left;
  }

  private not(): Expr {
    const at = this.tok.at;
    if (this.acceptKeyword('NOT')) {
      const operand = this.not();
      return { kind: 'not', operand, at, end: operand.end };
    }
    return this.comparison();
  }

  /** A chain `a < b <= c` reads as `a < b AND b <= c`, as in openCypher. */
  private comparison(): Expr {
    const first = this.predicate();
    const operands = [first];
    const ops: Array<'=' | '<>' | '<' | '>' | '<=' | '>='> = [];
    for (;;) {
      const t = this.tok;
      if (t.kind !== 'punct' || !['=', '<>', '<', '>', '<=', '>='].includes(t.text)) break;
      this.pos++;
      ops.push(t.text as '=');
      operands.push(this.predicate());
    }
    let result: Expr | undefined;
    ops.forEach((op, i) => {
      const left = operands[i]!;
      const right = operands[i + 1]!;
      const compare: Expr = { kind: 'compare', op, left, right, at: left.at, end: right.end };
      result = result ? { kind: 'logical', op: 'and', left: result, right: compare, at: first.at, end: right.end } : compare;
    });
    return result ?? first;
  }

  private predicate(): Expr {
    let left = this.additive();
    for (;;) {
      const t = this.tok;
      if (this.isKeyword('STARTS') || this.isKeyword('ENDS')) {
        this.pos++;
        this.expectKeyword('WITH');
        const right = this.additive();
        left = {
          kind: 'string',
          op: t.text.toUpperCase() === 'STARTS' ? 'starts' : 'ends',
          left,
          right,
          at: left.at,
          end: right.end,
        };
      } else if (this.acceptKeyword('CONTAINS')) {
        const right = this.additive();
        left = { kind: 'string', op: 'contains', left, right, at: left.at, end: right.end };
      } else if (this.acceptPunct('=~')) {
        const right = this.additive();
        left = { kind: 'string', op: 'regex', left, right, at: left.at, end: right.end };
      } else if (this.acceptKeyword('IN')) {
        const right = this.additive();
        left = { kind: 'in', left, right, at: left.at, end: right.end };
      } else if (this.acceptKeyword('IS')) {
        const negated = this.acceptKeyword('NOT');
        this.expectKeyword('NULL');
        left = { kind: 'isNull', operand: left, negated, at: left.at, end: this.lastEnd };
      } else {
        return left;
      }
    }
  }

  private additive(): Expr {
    let left = this.multiplicative();
    while (this.isPunct('+') || this.isPunct('-')) {
      const op = this.tokens[this.pos++]!.text as '+' | '-';
      const right = this.multiplicative();
      left = { kind: 'arith', op, left, right, at: left.at, end: right.end };
    }
    return left;
  }

  private multiplicative(): Expr {
    let left = this.power();
    while (this.isPunct('*') || this.isPunct('/') || this.isPunct('%')) {
      const op = this.tokens[this.pos++]!.text as '*' | '/' | '%';
      const right = this.power();
      left = { kind: 'arith', op, left, right, at: left.at, end: right.end };
    }
    return left;
  }

  private power(): Expr {
    let left = this.unary();
    while (this.acceptPunct('^')) {
      const right = this.unary();
      left = { kind: 'arith', op: '^', left, right, at: left.at, end: right.end };
    }
    return left;
  }

  private unary(): Expr {
    const at = this.tok.at;
    if (this.acceptPunct('-')) {
      const operand = this.unary();
      if (operand.kind === 'literal' && (typeof operand.value === 'bigint' || typeof operand.value === 'number')) {
        return { kind: 'literal', value: -operand.value, at, end: operand.end };
      }
      return { kind: 'negate', operand, at, end: operand.end };
    }
    if (this.acceptPunct('+')) return this.unary();
    return this.postfix(this.atom());
  }

  private postfix(expr: Expr): Expr {
    for (;;) {
      if (this.isPunct('.')) {
        this.pos++;
        const key = this.name('a property name');
        expr = { kind: 'property', object: expr, key, at: expr.at, end: this.lastEnd };
      } else if (this.isPunct('[')) {
        this.pos++;
        if (this.acceptPunct('..')) {
          const to = this.isPunct(']') ? undefined : this.expression();
          this.expectPunct(']');
          expr = { kind: 'slice', object: expr, ...(to ? { to } : {}), at: expr.at, end: this.lastEnd };
          continue;
        }
        const index = this.expression();
        if (this.acceptPunct('..')) {
          const to = this.isPunct(']') ? undefined : this.expression();
          this.expectPunct(']');
          expr = { kind: 'slice', object: expr, from: index, ...(to ? { to } : {}), at: expr.at, end: this.lastEnd };
          continue;
        }
        this.expectPunct(']');
        expr = { kind: 'index', object: expr, index, at: expr.at, end: this.lastEnd };
      } else if (this.isPunct(':') && (this.peek().kind === 'ident' || this.peek().kind === 'quoted')) {
        const labels: string[] = [];
        while (this.acceptPunct(':')) labels.push(this.name('a label'));
        expr = { kind: 'hasLabels', object: expr, labels, at: expr.at, end: this.lastEnd };
      } else {
        return expr;
      }
    }
  }

  private atom(): Expr {
    const t = this.tok;
    const at = t.at;
    switch (t.kind) {
      case 'int':
        this.pos++;
        return { kind: 'literal', value: BigInt(t.text), at, end: t.end };
      case 'float':
        this.pos++;
        return { kind: 'literal', value: Number(t.text), at, end: t.end };
      case 'string':
        this.pos++;
        return { kind: 'literal', value: t.text, at, end: t.end };
      case 'quoted':
        this.pos++;
        return { kind: 'variable', name: t.text, at, end: t.end };
      case 'punct':
        if (t.text === '[') return this.listLiteral();
        if (t.text === '{') {
          const map = this.mapLiteral();
          return map;
        }
        if (t.text === '(') return this.parenthesized();
        throw this.fail('an expression');
      case 'ident':
        return this.identifierAtom(t);
      default:
        throw this.fail('an expression');
    }
  }

  private identifierAtom(t: Token): Expr {
    const upper = t.text.toUpperCase();
    const at = t.at;
    const next = this.peek();
    if (upper === 'TRUE' || upper === 'FALSE' || upper === 'NULL') {
      this.pos++;
      return { kind: 'literal', value: upper === 'NULL' ? null : upper === 'TRUE', at, end: t.end };
    }
    if (upper === 'CASE') throw unsupported(at, 'CASE');
    if (upper === 'EXISTS' && this.isPunct('{', next)) throw unsupported(at, 'EXISTS subqueries');
    if (upper === 'COUNT' && this.isPunct('{', next)) return this.countSubquery(at);
    if (upper === 'COLLECT' && this.isPunct('{', next)) throw unsupported(at, 'COLLECT subqueries');
    if (this.isPunct('(', next)) {
      const lower = t.text.toLowerCase();
      if (lower === 'any' || lower === 'all' || lower === 'none' || lower === 'single') {
        const afterParen = this.peek(2);
        if ((afterParen.kind === 'ident' || afterParen.kind === 'quoted') && this.isKeyword('IN', this.peek(3))) {
          return this.quantifier(lower);
        }
      }
      if (lower === 'shortestpath' || lower === 'allshortestpaths') {
        throw unsupported(at, `${t.text} outside MATCH`);
      }
      return this.functionCall(t);
    }
    // a namespaced function (apoc.x.y(...)) is refused by name
    if (this.isPunct('.', next) && this.peek(2).kind === 'ident') {
      let look = 2;
      const parts = [t.text];
      while (this.peek(look).kind === 'ident' && this.isPunct('.', this.peek(look - 1))) {
        parts.push(this.peek(look).text);
        if (this.isPunct('(', this.peek(look + 1))) throw unsupported(at, `the function ${parts.join('.')}`);
        if (!this.isPunct('.', this.peek(look + 1))) break;
        look += 2;
      }
    }
    this.pos++;
    return { kind: 'variable', name: t.text, at, end: t.end };
  }

  private functionCall(t: Token): Expr {
    this.pos += 2;
    const name = t.text.toLowerCase();
    const distinct = this.acceptKeyword('DISTINCT');
    const args: Expr[] = [];
    let star = false;
    if (this.isPunct('*') && this.isPunct(')', this.peek())) {
      if (name !== 'count') throw new CypherError('syntax', this.tok.at, `only count takes *`);
      this.pos++;
      star = true;
    } else if (!this.isPunct(')')) {
      do args.push(this.expression());
      while (this.acceptPunct(','));
    }
    this.expectPunct(')');
    return { kind: 'call', name, distinct, args, star, at: t.at, end: this.lastEnd };
  }

  private quantifier(quantifier: 'any' | 'all' | 'none' | 'single'): Expr {
    const at = this.tok.at;
    this.pos += 2;
    const variable = this.name('a variable');
    this.expectKeyword('IN');
    const list = this.expression();
    this.expectKeyword('WHERE');
    const where = this.expression();
    this.expectPunct(')');
    return { kind: 'quantifier', quantifier, variable, list, where, at, end: this.lastEnd };
  }

  private countSubquery(at: number): Expr {
    this.pos += 2;
    if (this.isKeyword('MATCH') || this.isKeyword('OPTIONAL') || this.isKeyword('WITH') || this.isKeyword('UNWIND')) {
      throw unsupported(this.tok.at, 'a full query inside COUNT { } (write the pattern and WHERE alone)');
    }
    const patterns = [this.patternPart()];
    while (this.acceptPunct(',')) patterns.push(this.patternPart());
    const where = this.acceptKeyword('WHERE') ? this.expression() : undefined;
    this.expectPunct('}');
    return { kind: 'countSubquery', patterns, ...(where ? { where } : {}), at, end: this.lastEnd };
  }

  private listLiteral(): Expr {
    const at = this.expectPunct('[').at;
    if ((this.tok.kind === 'ident' || this.tok.kind === 'quoted') && this.isKeyword('IN', this.peek())) {
      throw unsupported(at, 'list comprehensions');
    }
    if (this.isPunct('(')) {
      // [(a)-->(b) | b.name] is a pattern comprehension.
      const save = this.pos;
      try {
        this.patternPart();
        if (this.isPunct('|') || this.isKeyword('WHERE')) throw unsupported(at, 'pattern comprehensions');
      } catch (e) {
        if (e instanceof CypherError && e.reason === 'unsupported') throw e;
      }
      this.pos = save;
    }
    const items: Expr[] = [];
    if (!this.isPunct(']')) {
      do items.push(this.expression());
      while (this.acceptPunct(','));
    }
    this.expectPunct(']');
    return { kind: 'list', items, at, end: this.lastEnd };
  }

  private mapLiteral(): MapLiteral {
    const at = this.expectPunct('{').at;
    const entries: MapLiteral['entries'] = [];
    if (!this.isPunct('}')) {
      do {
        const key = this.name('a property name');
        this.expectPunct(':');
        entries.push({ key, value: this.expression() });
      } while (this.acceptPunct(','));
    }
    this.expectPunct('}');
    return { kind: 'map', entries, at, end: this.lastEnd };
  }

  /** `(` starts a pattern predicate (`(a)-[:X]->(b)`) or a parenthesized expression: the pattern is tried first. */
  private parenthesized(): Expr {
    const save = this.pos;
    try {
      const pattern = this.patternElement(this.tok.at);
      if (pattern.rels.length > 0) return { kind: 'pattern', pattern, at: pattern.at, end: pattern.end };
    } catch (e) {
      if (e instanceof CypherError && e.reason === 'unsupported') throw e;
    }
    this.pos = save;
    const at = this.expectPunct('(').at;
    const inner = this.expression();
    this.expectPunct(')');
    return { ...inner, at, end: this.lastEnd };
  }
}
