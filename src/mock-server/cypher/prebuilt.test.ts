import { describe, expect, it } from 'vitest';
import { PREBUILT_AD_QUERIES } from '../../api/prebuilt-queries';
import { testMockServer } from '../../testing/mock-service';
import { systemTagsOf } from '../areas/asset-groups/store';
import { graphOf } from '../seed/live-graph';
import { toAnswer } from './answer';
import type { PatternPart } from './ast';
import { CypherError } from './errors';
import { evaluate } from './evaluate';
import { cypherGraph, graphFromLists } from './graph';
import { parseQuery } from './parser';
import { CypherPath } from './values';

/**
 * Every pre-built Active Directory query over the seeded directory graph,
 * through the engine as POST /api/v2/graphs/cypher runs it: each parses, and
 * each answers (its edges joining answered nodes) or is refused with a
 * CypherError that names the construct and its line and column, never
 * anything else thrown.
 */
const mock = testMockServer();
const graph = cypherGraph(graphOf(mock.db.state), systemTagsOf(mock.db.state));
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

const queries = PREBUILT_AD_QUERIES.flatMap((c) => c.queries.map((q) => ({ category: c.category, ...q })));

/** Upstream ships one query with every line commented out (a warning about many-to-many shortest paths). */
const onlyComments = (text: string) => text.split('\n').every((line) => line.trim() === '' || line.trim().startsWith('//'));

describe('pre-built Active Directory queries', () => {
  it('lists upstream’s categories, each with queries, and no name twice in a category', () => {
    expect(PREBUILT_AD_QUERIES.map((c) => c.category)).toEqual([
      'Domain Information',
      'Dangerous Privileges',
      'Kerberos Interaction',
      'Shortest Paths',
      'Active Directory Certificate Services',
      'Active Directory Hygiene',
      'NTLM Relay Attacks',
    ]);
    for (const c of PREBUILT_AD_QUERIES) {
      expect(c.queries.length).toBeGreaterThan(0);
      expect(new Set(c.queries.map((q) => q.name)).size).toBe(c.queries.length);
    }
  });

  it.each(queries.filter((q) => !onlyComments(q.query)).map((q) => [q.name, q.query]))('%s: parses', (_, text) => {
    expect(() => parseQuery(text)).not.toThrow();
  });

  it.each(queries.map((q) => [q.name, q.query]))('%s: answers or is refused naming where', (_, text) => {
    let result;
    try {
      result = evaluate(graph, parseQuery(text), { now: NOW });
    } catch (e) {
      // A refusal is a CypherError (the route's 400); anything else would be a 500.
      expect(e).toBeInstanceOf(CypherError);
      const refusal = e as CypherError;
      const message = refusal.describe(text);
      expect(message).toMatch(/^line \d+:\d+ \S/);
      if (onlyComments(text)) {
        expect(refusal.reason).toBe('syntax');
        expect(message).toMatch(/expecting a clause/);
      } else {
        expect(message).toMatch(/is not supported|too complex/);
      }
      return;
    }
    const answer = toAnswer(result, true);
    for (const edge of answer.edges) {
      expect(answer.nodes).toHaveProperty(edge.source);
      expect(answer.nodes).toHaveProperty(edge.target);
    }
    for (const node of Object.values(answer.nodes)) expect(node.kinds).toContain(node.kind);
  });

  it('finds the seeded domain admins and kerberoastable users', () => {
    const find = (name: string) => {
      const q = queries.find((x) => x.name === name)!;
      return toAnswer(evaluate(graph, parseQuery(q.query), { now: NOW }), false);
    };
    const admins = find('All Domain Admins');
    expect(Object.values(admins.nodes).some((n) => n.kind === 'Group' && n.objectId.endsWith('-512'))).toBe(true);
    expect(admins.edges.length).toBeGreaterThan(0);
    expect(admins.edges.every((e) => e.kind === 'MemberOf')).toBe(true);
    const roastable = find('All Kerberoastable users');
    expect(Object.values(roastable.nodes).length).toBeGreaterThan(0);
    expect(Object.values(roastable.nodes).every((n) => n.kind === 'User')).toBe(true);
  });
});

/**
 * The engine tests a MATCH's conditions as soon as a node binds and walks patterns from the end that
 * fans out less; conditions written after a WITH are applied only to whole matches. Over the seeded
 * graph both forms must answer the same rows.
 */
describe('search order over the seeded graph', () => {
  /** The path each row answers (its one column), as a sortable key. */
  const answers = (text: string, key: (path: CypherPath) => string) =>
    evaluate(graph, parseQuery(text), { now: NOW })
      .rows.map((row) => {
        const path = row[0];
        if (!(path instanceof CypherPath)) throw new Error(`${text} answered a ${typeof path}, not a path`);
        return key(path);
      })
      .sort();
  const pathKey = (path: CypherPath) => `${path.nodes.map((n) => n.id).join(',')}|${path.rels.map((r) => r.id).join(',')}`;

  it.each([
    ['(a)-[:MemberOf*1..]->(g:Group)', "g.objectid ENDS WITH '-512'"],
    ['(g:Group)<-[:MemberOf*1..]-(a)', "g.objectid ENDS WITH '-512' AND (a:User OR a:Computer)"],
    ['(s:Base)-[:AdminTo|CanRDP|CanPSRemote]->(c:Computer)', 's:Group'],
    ['(c:Computer)-[:HasSession]->(u:User)-[:MemberOf*1..]->(g:Group)', "g.objectid ENDS WITH '-512'"],
    ['(u:User)-[:MemberOf|AdminTo*1..3]->(c:Computer)', 'u.hasspn = true'],
  ])('MATCH p = %s WHERE %s', (pattern, condition) => {
    const early = answers(`MATCH p = ${pattern} WHERE ${condition} RETURN p`, pathKey);
    expect(early.length).toBeGreaterThan(0);
    expect(early).toEqual(answers(`MATCH p = ${pattern} WITH * WHERE ${condition} RETURN p`, pathKey));
  });

  it('finds shortest paths of the same lengths between the same nodes', () => {
    const ends = (path: CypherPath) => `${path.nodes[0]!.id}>${path.nodes.at(-1)!.id}:${path.nodes.length}`;
    const pattern = 'shortestPath((s)-[:MemberOf|AdminTo|HasSession|GenericAll*1..]->(t:Computer))';
    const condition = "t.objectid ENDS WITH '1' AND s <> t";
    const early = answers(`MATCH p = ${pattern} WHERE ${condition} RETURN p`, ends);
    expect(early.length).toBeGreaterThan(0);
    expect(early).toEqual(answers(`MATCH p = ${pattern} WITH p, s, t WHERE ${condition} RETURN p`, ends));
  });
});

/**
 * A small directory holding every node kind, relationship (between the kinds each pre-built query
 * joins) and property the pre-built queries read, with values drawn from a fixed seed: on it the
 * queries' rows reach their conditions, which the seeded graph leaves untried where it lacks the data.
 */
describe('pre-built queries over a directory with everything they read', () => {
  const parsed = queries.filter((q) => !onlyComments(q.query)).map((q) => ({ ...q, ast: parseQuery(q.query) }));

  /** Every object of a parsed query (clauses, patterns, expressions), depth first. */
  function* walk(value: unknown): Generator<Record<string, unknown>> {
    if (Array.isArray(value)) for (const v of value) yield* walk(v);
    else if (value && typeof value === 'object') {
      yield value as Record<string, unknown>;
      for (const v of Object.values(value)) yield* walk(v);
    }
  }
  const kinds = new Set<string>();
  const joins: { from: string[]; types: string[]; to: string[] }[] = [];
  const properties = new Set<string>();
  for (const { ast } of parsed) {
    for (const o of walk(ast.clauses)) {
      // Node patterns' labels (a label test may be on a relationship: `NOT r:MemberOf`).
      if (Array.isArray(o.labels) && o.kind === undefined) for (const l of o.labels as string[]) kinds.add(l);
      if (o.kind === 'property') properties.add(o.key as string);
      if (Array.isArray(o.nodes) && Array.isArray(o.rels)) {
        const part = o as unknown as PatternPart;
        part.rels.forEach((rel, i) => {
          const [from, to] = rel.direction === 'in' ? [part.nodes[i + 1]!, part.nodes[i]!] : [part.nodes[i]!, part.nodes[i + 1]!];
          joins.push({ from: from.labels, types: rel.types ?? ['MemberOf'], to: to.labels });
        });
      }
    }
  }

  let state = 7;
  const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

  const RIDS = ['500', '502', '512', '513', '516', '519', '525', '544', '1105', '1106', '1107', '1108'];
  const DAY = 86400;
  const nowSeconds = NOW / 1000;
  /** Values of the properties that are not flags; every other property read is a boolean. */
  const valueOf: Record<string, (i: number, kind: string) => unknown> = {
    objectid: (i) => `S-1-5-21-${i % 2}-${RIDS[i % RIDS.length]}`,
    domainsid: (i) => `S-1-5-21-${(i >> 2) % 2}`,
    name: (i, kind) => `${pick(['', 'MSOL_', 'AZUREADSSOACC.'])}${kind.toUpperCase()}${i}@CORP.LOCAL`,
    operatingsystem: () =>
      pick(['Windows 10 Enterprise', 'Windows Server 2012 R2 Standard', 'Windows Server 2022', 'Windows XP']),
    distinguishedname: (i, kind) =>
      pick([
        'CN=PUBLIC KEY SERVICES,CN=SERVICES,CN=CONFIGURATION,DC=CORP,DC=LOCAL',
        `CN=${kind}${i},CN=PUBLIC KEY SERVICES,CN=SERVICES,CN=CONFIGURATION,DC=CORP,DC=LOCAL`,
        `CN=${kind}${i},OU=STAFF,DC=CORP,DC=LOCAL`,
      ]),
    authorizedsignatures: () => pick([0, 1]),
    schemaversion: () => pick([1, 2]),
    strongcertificatebindingenforcementraw: () => pick([0, 1, 2]),
    certificatemappingmethodsraw: () => pick([4, 8, 31]),
    machineaccountquota: () => pick([0, 10]),
    lastlogon: () => nowSeconds - pick([5, 400]) * DAY,
    lastlogontimestamp: () => nowSeconds - pick([5, 400]) * DAY,
    whencreated: () => nowSeconds - pick([5, 2000]) * DAY,
    pwdlastset: () => pick([nowSeconds - 30 * DAY, nowSeconds - 800 * DAY, -1, 0]),
    effectiveekus: () => pick([['1.3.6.1.4.1.311.20.2.1'], ['2.5.29.37.0'], [], ['']]),
    supportedencryptiontypes: () =>
      pick([['RC4-HMAC-MD5', 'AES128-CTS-HMAC-SHA1-96'], ['AES256-CTS-HMAC-SHA1-96'], ['DES-CBC-MD5']]),
  };

  const PER_KIND = 16;
  const nodeKinds = [...kinds].filter((k) => k !== 'Base' && !k.startsWith('Tag_'));
  const list = nodeKinds.flatMap((kind) =>
    Array.from({ length: PER_KIND }, (_, i) => ({
      name: `${kind}-${i}`,
      labels: ['Base', kind, ...(i % 3 === 0 ? ['Tag_Tier_Zero'] : []), ...(i % 3 === 1 ? ['Tag_Owned'] : [])],
      props: Object.fromEntries([...properties].map((key) => [key, valueOf[key]?.(i, kind) ?? random() < 0.5])),
    })),
  );
  const withLabels = (labels: string[]) => list.filter((n) => labels.every((l) => n.labels.includes(l)));
  const edges: [string, string, string][] = [];
  for (const join of joins) {
    const [from, to] = [withLabels(join.from), withLabels(join.to)];
    for (const type of join.types.length > 8 ? [pick(join.types), pick(join.types), 'MemberOf', 'AdminTo'] : join.types) {
      for (let n = 0; n < 3; n++) edges.push([pick(from).name, type, pick(to).name]);
    }
  }
  const full = graphFromLists(list, edges);

  it('holds every node kind the queries name', () => {
    expect(nodeKinds).toEqual(expect.arrayContaining(['User', 'Computer', 'Group', 'Domain', 'CertTemplate', 'EnterpriseCA']));
    expect(full.nodes.length).toBe(nodeKinds.length * PER_KIND);
  });

  it.each(parsed.map((q) => [q.name, q.ast] as const))('%s: answers, or is refused only as too complex', (_, ast) => {
    try {
      const answer = toAnswer(evaluate(full, ast, { now: NOW }), true);
      for (const edge of answer.edges) {
        expect(answer.nodes).toHaveProperty(edge.source);
        expect(answer.nodes).toHaveProperty(edge.target);
      }
    } catch (e) {
      expect(e).toBeInstanceOf(CypherError);
      expect((e as CypherError).describe(ast.text)).toMatch(/too complex/);
    }
  });

  it('finds something for most of them', () => {
    const found = parsed.filter(({ ast }) => {
      const answer = toAnswer(evaluate(full, ast, { now: NOW }), false);
      return Object.keys(answer.nodes).length + answer.literals.length > 0;
    });
    expect(found.length).toBeGreaterThanOrEqual(50);
  });
});
