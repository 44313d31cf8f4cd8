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
