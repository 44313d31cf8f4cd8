import { describe, expect, it } from 'vitest';
import { EXPLORE_FITNESS_BOUND, SELECTOR_FITNESS_BOUND, isTooComplex, queryFitness } from './complexity';
import { parseQuery } from './parser';

const fitness = (text: string) => queryFitness(parseQuery(text));

describe('query fitness (upstream’s analyzer weights)', () => {
  it.each([
    // Unbounded, both ways, between unlabelled nodes: -3 (both) -1 (a relationship) -3 (unbounded).
    ['MATCH (n)-[*]-(m) RETURN count(n)', -7],
    // A label (+2) and a selective property map (+4) narrow it; LIMIT of at most 300 (+1).
    ["MATCH (n:User {objectid: 'S-1'}) RETURN n LIMIT 10", 7],
    // A typed relationship (+2) with a written minimum (+1) and no maximum: -1 +2 +1 between two labels (+2 +2).
    ['MATCH p = (:User)-[:MemberOf*1..]->(:Group) RETURN p', 6],
    // Shortest paths: all (+4), unbounded both ways (-7).
    ['MATCH p = allShortestPaths((a)-[*]-(b)) RETURN p', -3],
    // Comparisons: = on name (+4 selective, +3), STARTS WITH (+2), AND (+1), NOT (-1), <> (-1).
    ["MATCH (n:User) WHERE n.name = 'A' AND NOT n.title STARTS WITH 'x' RETURN n", 2 + 4 + 3 + 2 + 1 - 1],
    // Pipelines: each WITH -3, and more than two parts -3 again.
    ['MATCH (n:Domain) WITH n WITH n WITH n RETURN n', -10],
    // OPTIONAL MATCH -1, quantifier any -3, and more than two MATCH clauses -3.
    ['MATCH (a:User) MATCH (b:Group) OPTIONAL MATCH (c:Computer) WHERE any(x IN [1] WHERE x = 1) RETURN a', 6 - 1 - 3 + 3 - 3],
  ])('%s → %i', (text, expected) => {
    expect(fitness(text)).toBe(expected);
  });

  it('refuses at or below the bound: -7 for queries people run, the stricter -3 for rule seeds', () => {
    const bothWays = parseQuery('MATCH p = allShortestPaths((a)-[*]-(b)) RETURN p');
    expect(isTooComplex(bothWays, EXPLORE_FITNESS_BOUND)).toBe(false);
    expect(isTooComplex(bothWays, SELECTOR_FITNESS_BOUND)).toBe(true);
    expect(isTooComplex(parseQuery('MATCH (n)-[*]-(m) RETURN count(n)'))).toBe(true);
    expect(isTooComplex(parseQuery("MATCH (n:Group) WHERE n.objectid ENDS WITH '-512' RETURN n"))).toBe(false);
  });
});
