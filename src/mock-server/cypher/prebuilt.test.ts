import { describe, expect, it } from 'vitest';
import { PREBUILT_AD_QUERIES } from '../../api/prebuilt-queries';
import { testMockServer } from '../../testing/mock-service';
import { systemTagsOf } from '../areas/asset-groups/store';
import { graphOf } from '../seed/graph';
import { toAnswer } from './answer';
import { CypherError } from './errors';
import { evaluate } from './evaluate';
import { cypherGraph } from './graph';
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
