import { describe, expect, it } from 'vitest';
import { toAnswer, toJson } from './answer';
import { CypherError } from './errors';
import { evaluate } from './evaluate';
import { graphFromLists } from './graph';
import { parseQuery } from './parser';
import { CypherPath, isNode, isRel, type Value } from './values';

/**
 * A small directory whose answers are known:
 *   alice -MemberOf-> admins -AdminTo-> dc1
 *   bob -MemberOf-> staff -MemberOf-> admins;  bob -MemberOf-> ops -MemberOf-> admins
 *   carol -CanRDP-> ws1;  carol -AdminTo-> ws1
 */
const graph = graphFromLists(
  [
    { name: 'alice', labels: ['Base', 'User'], props: { enabled: true, age: 30, title: 'Domain Admin' } },
    { name: 'bob', labels: ['Base', 'User'], props: { enabled: false, age: 25, title: 'Engineer' } },
    { name: 'carol', labels: ['Base', 'User'], props: { enabled: true } },
    { name: 'admins', labels: ['Base', 'Group'], props: { objectid: 'S-1-5-21-1-512' } },
    { name: 'staff', labels: ['Base', 'Group'], props: { objectid: 'S-1-5-21-1-1105' } },
    { name: 'ops', labels: ['Base', 'Group'], props: { objectid: 'S-1-5-21-1-1106' } },
    { name: 'dc1', labels: ['Base', 'Computer'] },
    { name: 'ws1', labels: ['Base', 'Computer'] },
  ],
  [
    ['alice', 'MemberOf', 'admins'],
    ['bob', 'MemberOf', 'staff'],
    ['staff', 'MemberOf', 'admins'],
    ['bob', 'MemberOf', 'ops'],
    ['ops', 'MemberOf', 'admins'],
    ['admins', 'AdminTo', 'dc1'],
    ['carol', 'CanRDP', 'ws1'],
    ['carol', 'AdminTo', 'ws1'],
  ],
);

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

function run(query: string) {
  return evaluate(graph, parseQuery(query), { now: NOW });
}

/** Values as plain data: nodes by name, relationships as `a-TYPE->b`, paths as their names and types. */
function plain(v: Value): unknown {
  if (isNode(v)) return v.source.name;
  if (isRel(v)) return `${v.start.source.name}-${v.type}->${v.end.source.name}`;
  if (v instanceof CypherPath) return v.nodes.map((n) => n.source.name).join(',');
  if (Array.isArray(v)) return v.map(plain);
  return toJson(v);
}

/** The rows of a query as plain data. */
const rows = (query: string) => run(query).rows.map((r) => r.map(plain));
/** The one column of a query's rows. */
const column = (query: string) => rows(query).map((r) => r[0]);
/** The one value a query returns. */
const single = (query: string) => {
  const r = rows(query);
  expect(r).toHaveLength(1);
  return r[0]![0];
};

function refusal(query: string): string {
  try {
    run(query);
  } catch (e) {
    if (e instanceof CypherError) return e.describe(query);
    throw e;
  }
  throw new Error(`${query} was answered`);
}

describe('MATCH', () => {
  it('matches labels and property maps', () => {
    expect(column('MATCH (u:User) RETURN u.name ORDER BY u.name')).toEqual(['alice', 'bob', 'carol']);
    expect(column('MATCH (u:User {enabled: false}) RETURN u.name')).toEqual(['bob']);
    expect(column('MATCH (n:Base:Computer) RETURN n.name ORDER BY n.name')).toEqual(['dc1', 'ws1']);
    expect(column("MATCH (n {name: 'nobody'}) RETURN n")).toEqual([]);
  });

  it('follows typed, multi-typed and untyped relationships in their direction', () => {
    expect(column('MATCH (g:Group {name: "admins"})<-[:MemberOf]-(m) RETURN m.name ORDER BY m.name')).toEqual([
      'alice',
      'ops',
      'staff',
    ]);
    expect(column('MATCH (:User {name: "carol"})-[r:AdminTo|CanRDP]->(c) RETURN type(r) ORDER BY type(r)')).toEqual([
      'AdminTo',
      'CanRDP',
    ]);
    expect(column('MATCH (:Group {name: "admins"})-[r]-(x) RETURN x.name ORDER BY x.name')).toEqual([
      'alice',
      'dc1',
      'ops',
      'staff',
    ]);
    expect(column('MATCH (:Group {name: "admins"})-->(x) RETURN x.name')).toEqual(['dc1']);
    expect(column('MATCH (x)<--(:Group {name: "staff"}) RETURN x.name')).toEqual(['admins']);
  });

  it('reads the attack-path types as the traversable kinds', () => {
    expect(column('MATCH (:User {name: "carol"})-[r:AD_ATTACK_PATHS]->(c) RETURN type(r) ORDER BY type(r)')).toEqual([
      'AdminTo',
      'CanRDP',
    ]);
    expect(column('MATCH (:User {name: "carol"})-[r:ALL_ATTACK_PATHS|MemberOf]->(c) RETURN type(r) ORDER BY type(r)')).toEqual([
      'AdminTo',
      'CanRDP',
    ]);
    expect(column('MATCH (:User {name: "carol"})-[r:AZ_ATTACK_PATHS]->(c) RETURN type(r)')).toEqual([]);
  });

  it('walks variable lengths, binding the relationships as a list', () => {
    expect(column('MATCH (:User {name: "bob"})-[:MemberOf*1..]->(g) RETURN DISTINCT g.name ORDER BY g.name')).toEqual([
      'admins',
      'ops',
      'staff',
    ]);
    expect(column('MATCH (:User {name: "bob"})-[:MemberOf*2]->(g) RETURN g.name')).toEqual(['admins', 'admins']);
    expect(column('MATCH (:User {name: "bob"})-[:MemberOf*0..1]->(g) RETURN g.name ORDER BY g.name')).toEqual([
      'bob',
      'ops',
      'staff',
    ]);
    expect(column('MATCH (:User {name: "bob"})-[rs:MemberOf*..3]->(:Group {name: "admins"}) RETURN size(rs)')).toEqual([2, 2]);
  });

  it('binds path variables to the nodes and relationships walked', () => {
    expect(
      rows('MATCH p = (:User {name: "alice"})-[:MemberOf]->()-[:AdminTo]->(c) RETURN p, length(p), nodes(p)[2].name'),
    ).toEqual([['alice,admins,dc1', 2, 'dc1']]);
    expect(column('MATCH p = (:User {name: "bob"})-[:MemberOf*]->(:Group {name: "admins"}) RETURN p ORDER BY p')).toEqual([
      'bob,staff,admins',
      'bob,ops,admins',
    ]);
  });

  it('uses a relationship at most once in one MATCH', () => {
    // alice and admins are joined by one relationship, so a two-hop walk cannot come back over it.
    expect(column('MATCH (:User {name: "alice"})-[a]-(x)-[b]-(y:User {name: "alice"}) RETURN x')).toEqual([]);
    expect(column('MATCH (a:User {name: "alice"})-[r1]-(x), (x)-[r2]-(y) RETURN y.name ORDER BY y.name')).toEqual([
      'dc1',
      'ops',
      'staff',
    ]);
  });

  it('finds shortest paths: one with shortestPath, every one of that length with allShortestPaths', () => {
    expect(column('MATCH p = shortestPath((:User {name: "alice"})-[*1..]->(:Computer {name: "dc1"})) RETURN p')).toEqual([
      'alice,admins,dc1',
    ]);
    const one = column('MATCH p = shortestPath((:User {name: "bob"})-[:MemberOf|AdminTo*1..]->(:Computer)) RETURN length(p)');
    expect(one).toEqual([3]);
    expect(
      column('MATCH p = allShortestPaths((:User {name: "bob"})-[:MemberOf|AdminTo*1..]->(:Computer)) RETURN p ORDER BY p'),
    ).toEqual(['bob,staff,admins,dc1', 'bob,ops,admins,dc1']);
    expect(column('MATCH p = shortestPath((:User {name: "bob"})-[:MemberOf*1..2]->(:Computer)) RETURN p')).toEqual([]);
    expect(column('MATCH p = shortestPath((:User {name: "carol"})<-[*1..]-(:Group)) RETURN p')).toEqual([]);
  });

  it('joins several MATCH clauses and keeps rows with nulls on OPTIONAL MATCH', () => {
    expect(rows('MATCH (u:User) OPTIONAL MATCH (u)-[:AdminTo]->(c) RETURN u.name, c.name ORDER BY u.name')).toEqual([
      ['alice', null],
      ['bob', null],
      ['carol', 'ws1'],
    ]);
    expect(rows('MATCH (u:User {name: "alice"}) MATCH (c:Computer) RETURN u.name, c.name ORDER BY c.name')).toEqual([
      ['alice', 'dc1'],
      ['alice', 'ws1'],
    ]);
    expect(rows('MATCH (u:User {name: "bob"}) OPTIONAL MATCH (u)-[:MemberOf]->(g) WHERE g.name = "ops" RETURN g.name')).toEqual([
      ['ops'],
    ]);
    expect(rows('MATCH (u:User {name: "bob"}) OPTIONAL MATCH (u)-[:AdminTo]->(c) RETURN u.name, c')).toEqual([['bob', null]]);
  });
});

describe('WITH, aggregation, ordering', () => {
  it('aggregates by the other columns and filters after WITH', () => {
    expect(rows('MATCH (g:Group)<-[:MemberOf]-(m) WITH g, count(m) AS n WHERE n > 1 RETURN g.name, n')).toEqual([['admins', 3]]);
    expect(rows('MATCH (g:Group)<-[:MemberOf]-(m) RETURN g.name AS g, collect(m.name) AS members ORDER BY g')).toEqual([
      ['admins', ['alice', 'staff', 'ops']],
      ['ops', ['bob']],
      ['staff', ['bob']],
    ]);
  });

  it('answers count, collect, min, max, sum and avg, ignoring nulls', () => {
    expect(
      rows('MATCH (u:User) RETURN count(*), count(u.age), sum(u.age), avg(u.age), min(u.age), max(u.age), collect(u.age)'),
    ).toEqual([[3, 2, 55, 27.5, 25, 30, [30, 25]]]);
    expect(rows('MATCH (u:User) RETURN count(DISTINCT u.enabled)')).toEqual([[2]]);
    expect(rows('MATCH (n:Nothing) RETURN count(n), collect(n), sum(n.age), avg(n.age), max(n.age)')).toEqual([
      [0, [], 0, null, null],
    ]);
    expect(rows('MATCH (n:Nothing) RETURN n.name, count(n)')).toEqual([]);
  });

  it('orders (null last), skips, limits and removes duplicates', () => {
    expect(column('MATCH (u:User) RETURN u.age ORDER BY u.age')).toEqual([25, 30, null]);
    expect(column('MATCH (u:User) RETURN u.age ORDER BY u.age DESC')).toEqual([null, 30, 25]);
    expect(column('MATCH (n:Base) RETURN n.name ORDER BY n.name SKIP 2 LIMIT 3')).toEqual(['bob', 'carol', 'dc1']);
    expect(column('MATCH (u:User)-[:MemberOf*]->(g) RETURN DISTINCT g.name ORDER BY g.name DESC')).toEqual([
      'staff',
      'ops',
      'admins',
    ]);
    expect(column('MATCH (u:User) WITH u ORDER BY u.name DESC LIMIT 1 RETURN u.name')).toEqual(['carol']);
    expect(column('MATCH (u:User) RETURN u.name AS name ORDER BY size(name), name DESC')).toEqual(['bob', 'carol', 'alice']);
  });

  it('unwinds lists (null and empty give no rows) and aliases with WITH', () => {
    expect(column('UNWIND [3, 1, 2] AS x RETURN x ORDER BY x')).toEqual([1, 2, 3]);
    expect(column('UNWIND null AS x RETURN x')).toEqual([]);
    expect(column('UNWIND [] AS x RETURN x')).toEqual([]);
    expect(column('WITH ["admins", "ops"] AS names UNWIND names AS n MATCH (g:Group {name: n}) RETURN g.name')).toEqual([
      'admins',
      'ops',
    ]);
  });
});

describe('WHERE', () => {
  it('compares, with boolean logic', () => {
    expect(column('MATCH (u:User) WHERE u.age >= 25 AND NOT u.enabled RETURN u.name')).toEqual(['bob']);
    expect(column('MATCH (u:User) WHERE u.age < 26 OR u.name = "carol" RETURN u.name')).toEqual(['bob', 'carol']);
    expect(column('MATCH (u:User) WHERE 20 < u.age <= 25 RETURN u.name')).toEqual(['bob']);
    expect(column('MATCH (u:User) WHERE u.name <> "alice" RETURN u.name')).toEqual(['bob', 'carol']);
  });

  it('matches strings case-sensitively, and regular expressions whole', () => {
    expect(column('MATCH (g:Group) WHERE g.objectid ENDS WITH "-512" RETURN g.name')).toEqual(['admins']);
    expect(column('MATCH (u:User) WHERE u.title STARTS WITH "Domain" RETURN u.name')).toEqual(['alice']);
    expect(column('MATCH (u:User) WHERE u.title STARTS WITH "domain" RETURN u.name')).toEqual([]);
    expect(column('MATCH (u:User) WHERE u.title CONTAINS "gin" RETURN u.name')).toEqual(['bob']);
    expect(column('MATCH (u:User) WHERE u.name =~ "a.*" RETURN u.name')).toEqual(['alice']);
    expect(column('MATCH (u:User) WHERE u.name =~ "l" RETURN u.name')).toEqual([]);
    expect(column('MATCH (u:User) WHERE u.title =~ "(?i)domain.*" RETURN u.name')).toEqual(['alice']);
  });

  it('tests membership with IN, and nulls with IS NULL', () => {
    expect(column('MATCH (u:User) WHERE u.name IN ["bob", "carol"] RETURN u.name')).toEqual(['bob', 'carol']);
    expect(column('MATCH (u:User) WHERE u.age IS NULL RETURN u.name')).toEqual(['carol']);
    expect(column('MATCH (u:User) WHERE u.age IS NOT NULL RETURN u.name')).toEqual(['alice', 'bob']);
    expect(column('MATCH (n) WHERE n:Computer RETURN n.name')).toEqual(['dc1', 'ws1']);
  });

  it('finds nodes in collected lists, reading nulls as Cypher does', () => {
    expect(
      column(
        "MATCH (g:Group) WHERE g.objectid ENDS WITH '-512' WITH collect(g) AS admins " +
          'MATCH (u:User)-[:MemberOf]->(x) WHERE NOT x IN admins RETURN u.name',
      ),
    ).toEqual(['bob', 'bob']);
    expect(rows("MATCH (u {name: 'alice'}) RETURN u IN [null], u IN [null, u], u IN [], null IN [u]")).toEqual([
      [null, true, false, null],
    ]);
  });

  it('tests patterns', () => {
    expect(column('MATCH (u:User) WHERE (u)-[:AdminTo]->(:Computer) RETURN u.name')).toEqual(['carol']);
    expect(column('MATCH (u:User) WHERE NOT (u)-[:MemberOf]->() RETURN u.name')).toEqual(['carol']);
    expect(rows('MATCH (g:Group) RETURN g.name, COUNT { (g)<-[:MemberOf]-() } AS n ORDER BY g.name')).toEqual([
      ['admins', 3],
      ['ops', 1],
      ['staff', 1],
    ]);
    expect(column('MATCH (g:Group) WHERE COUNT { (g)<-[:MemberOf]-(m) WHERE m:User } > 0 RETURN g.name ORDER BY g.name')).toEqual(
      ['admins', 'ops', 'staff'],
    );
  });

  it('tests a relationship’s type as its label', () => {
    expect(rows("MATCH (u {name: 'carol'})-[r]->(c) WHERE NOT r:CanRDP RETURN type(r), c.name")).toEqual([['AdminTo', 'ws1']]);
    expect(column('MATCH (a)-[r]->(b) WHERE r:AdminTo RETURN a.name ORDER BY a.name')).toEqual(['admins', 'carol']);
    expect(column('MATCH ()-[r]->() WHERE r:AdminTo:CanRDP RETURN r')).toEqual([]);
    expect(refusal('UNWIND [1] AS x RETURN x:User')).toBe('line 1:24 a label test needs a node or a relationship, not Integer');
  });

  it('quantifies over lists: any, all, none, single', () => {
    expect(single('RETURN any(x IN [1, 2, 3] WHERE x > 2)')).toBe(true);
    expect(single('RETURN all(x IN [1, 2, 3] WHERE x > 0)')).toBe(true);
    expect(single('RETURN none(x IN [1, 2, 3] WHERE x > 2)')).toBe(false);
    expect(single('RETURN single(x IN [1, 2, 3] WHERE x > 2)')).toBe(true);
    expect(single('RETURN single(x IN [1, 2, 3] WHERE x > 1)')).toBe(false);
    expect(single('RETURN any(x IN [1, null] WHERE x > 1)')).toBe(null);
    expect(single('RETURN all(x IN [] WHERE x > 1)')).toBe(true);
    expect(
      column(
        'MATCH p = (:User)-[:MemberOf*]->(g:Group {name: "admins"}) WHERE all(n IN nodes(p) WHERE n.name <> "ops") RETURN p ORDER BY p',
      ),
    ).toEqual(['alice,admins', 'bob,staff,admins']);
  });
});

describe('search order: the same answers in fewer steps', () => {
  it('walks only from nodes that pass their own WHERE conditions, with the same answers', () => {
    const query = "MATCH (a)-[:MemberOf*1..]->(g) WHERE a.enabled = true AND g.objectid ENDS WITH '-512' RETURN a.name, g.name";
    // Tested after the walk, every node would start one (23 steps); tested as `a` binds, only alice does.
    expect(evaluate(graph, parseQuery(query), { maxSteps: 6 }).rows.map((r) => r.map(plain))).toEqual([['alice', 'admins']]);
    expect(column("MATCH (a)-[:MemberOf*1..]->(g) WHERE g.objectid ENDS WITH '-1105' RETURN a.name")).toEqual(['bob']);
  });

  it('reads variables bound before the MATCH, and keeps null rows of OPTIONAL MATCH', () => {
    expect(
      column(
        "MATCH (g:Group) WHERE g.objectid ENDS WITH '-512' WITH collect(g) AS admins " +
          'MATCH (u:User)-[:MemberOf]->(x) WHERE x IN admins RETURN u.name',
      ),
    ).toEqual(['alice']);
    expect(
      rows("MATCH (u:User) OPTIONAL MATCH (u)-[:AdminTo]->(c) WHERE c.name = 'ws1' RETURN u.name, c ORDER BY u.name"),
    ).toEqual([
      ['alice', null],
      ['bob', null],
      ['carol', 'ws1'],
    ]);
  });

  it('walks a pattern from the end that fans out less, answering paths and lists in the written order', () => {
    const query = "MATCH p = (a)-[rs:MemberOf*1..]->(g) WHERE g.objectid ENDS WITH '-512' RETURN p, rs";
    // Forwards from each of the 8 nodes this takes 23 steps; backwards from the one group that can answer, 6.
    const answers = evaluate(graph, parseQuery(query), { maxSteps: 6 }).rows.map((r) => r.map(plain));
    expect(answers.sort((x, y) => (String(x[0]) < String(y[0]) ? -1 : 1))).toEqual([
      ['alice,admins', ['alice-MemberOf->admins']],
      ['bob,ops,admins', ['bob-MemberOf->ops', 'ops-MemberOf->admins']],
      ['bob,staff,admins', ['bob-MemberOf->staff', 'staff-MemberOf->admins']],
      ['ops,admins', ['ops-MemberOf->admins']],
      ['staff,admins', ['staff-MemberOf->admins']],
    ]);
  });

  it('walks from the end whose nodes have fewer relationships of the walked kinds, not merely fewer nodes', () => {
    // A domain contains three OUs, each two OUs, each two users; the two users of the first are Tier Zero and an
    // admin holds GenericAll and GenericWrite on them. Up from those two users takes 12 steps; down from the one
    // domain, through every OU, 22. The users have more relationships than the domain, but fewer Contains.
    const list = [
      { name: 'corp', labels: ['Base', 'Domain'] },
      { name: 'admin', labels: ['Base', 'User'] },
    ];
    const edges: [string, string, string][] = [];
    for (const ou of ['ou1', 'ou2', 'ou3']) {
      list.push({ name: ou, labels: ['Base', 'OU'] });
      edges.push(['corp', 'Contains', ou]);
      for (const sub of [`${ou}a`, `${ou}b`]) {
        list.push({ name: sub, labels: ['Base', 'OU'] });
        edges.push([ou, 'Contains', sub]);
        for (const user of [`${sub}-x`, `${sub}-y`]) {
          list.push({ name: user, labels: ['Base', 'User', ...(sub === 'ou1a' ? ['Tag_Tier_Zero'] : [])] });
          edges.push([sub, 'Contains', user]);
          if (sub === 'ou1a') edges.push(['admin', 'GenericAll', user], ['admin', 'GenericWrite', user]);
        }
      }
    }
    const query = 'MATCH p = (t:Base)<-[:Contains*1..]-(:Domain) WHERE (t:Tag_Tier_Zero) RETURN p';
    const paths = evaluate(graphFromLists(list, edges), parseQuery(query), { maxSteps: 12 }).rows.map((r) => plain(r[0]!));
    expect(paths.sort()).toEqual(['ou1a-x,ou1a,ou1,corp', 'ou1a-y,ou1a,ou1,corp']);
  });

  it('finds a one-relationship pattern from the relationships of its type when they are fewer than its nodes', () => {
    // One CanRDP among eight nodes: 1 step from the relationship, 9 from every node.
    const found = evaluate(graph, parseQuery('MATCH p = (a)-[r:CanRDP]->(b) RETURN a.name, type(r), b.name, p'), {
      maxSteps: 1,
    });
    expect(found.rows.map((r) => r.map(plain))).toEqual([['carol', 'CanRDP', 'ws1', 'carol,ws1']]);
    expect(rows('MATCH (a)<-[:CanRDP]-(b) RETURN a.name, b.name')).toEqual([['ws1', 'carol']]);
    expect(rows('MATCH (a)-[:CanRDP]-(b) RETURN a.name, b.name ORDER BY a.name')).toEqual([
      ['carol', 'ws1'],
      ['ws1', 'carol'],
    ]);
    expect(column('MATCH (a:Computer)-[:CanRDP]-(b) RETURN a.name')).toEqual(['ws1']);
    expect(column("MATCH (a)-[:CanRDP]->(b) WHERE b.name = 'dc1' RETURN a")).toEqual([]);
    expect(column('MATCH (a)-[:CanRDP]->(a) RETURN a')).toEqual([]);
    // A relationship is used once in one MATCH.
    expect(column('MATCH (a)-[:CanRDP]->(b), (c)-[:CanRDP]->(d) RETURN a')).toEqual([]);
  });

  it('searches shortest paths from the side with fewer nodes, answering paths from start to end', () => {
    const query =
      "MATCH p = allShortestPaths((s)-[:MemberOf|AdminTo*1..]->(t:Computer)) WHERE t.name = 'dc1' AND s <> t RETURN p";
    // Forwards from each of the 8 possible starts this takes 26 steps; backwards from dc1, 19.
    const paths = evaluate(graph, parseQuery(query), { maxSteps: 19 }).rows.map((r) => plain(r[0]!));
    expect(paths.sort()).toEqual([
      'admins,dc1',
      'alice,admins,dc1',
      'bob,ops,admins,dc1',
      'bob,staff,admins,dc1',
      'ops,admins,dc1',
      'staff,admins,dc1',
    ]);
  });

  it('still refuses a condition that is not a boolean', () => {
    expect(refusal('MATCH (u:User)-[:MemberOf]->(g) WHERE u.name RETURN g')).toBe(
      'line 1:39 expected a boolean here, not String',
    );
  });
});

describe('null and values', () => {
  it('follows three-valued logic', () => {
    expect(rows('RETURN null = null, null <> 1, NOT null, null OR true, null OR false, null AND false, null AND true')).toEqual([
      [null, null, null, true, null, false, null],
    ]);
    expect(
      rows('RETURN 1 IN [2, null], 2 IN [2, null], null IN [], [1, null] = [1, null], [1, 2] = [1, null], [1, 2] = [3, null]'),
    ).toEqual([[null, true, false, null, null, false]]);
    expect(rows('RETURN null + 1, null STARTS WITH "a", "a" CONTAINS null, 1 < "a", 1 = "1"')).toEqual([
      [null, null, null, null, false],
    ]);
    // A row whose condition is null is dropped, as one whose condition is false.
    expect(column('MATCH (u:User) WHERE u.age > 20 RETURN u.name')).toEqual(['alice', 'bob']);
    expect(column('MATCH (u:User) WHERE NOT u.age > 20 RETURN u.name')).toEqual([]);
  });

  it('keeps integers and floats apart', () => {
    expect(rows('RETURN 7 / 2, 7 / 2.0, 7 % 3, 2 ^ 3, 1 + 1.5, -3 + 1, "n" + 1, [1] + [2, 3]')).toEqual([
      [3, 3.5, 1, 8, 2.5, -2, 'n1', [1, 2, 3]],
    ]);
  });

  it('reads list indexes and slices', () => {
    expect(rows('WITH [1, 2, 3, 4] AS l RETURN l[0], l[-1], l[1..3], l[..2], l[9]')).toEqual([[1, 4, [2, 3], [1, 2], null]]);
  });
});

describe('functions', () => {
  it('answers the graph functions', () => {
    expect(
      rows('MATCH (a:User {name: "alice"})-[r]->(g) RETURN id(a), type(r), startNode(r).name, endNode(r).name, labels(g)'),
    ).toEqual([[0, 'MemberOf', 'alice', 'admins', ['Base', 'Group']]]);
    expect(
      rows(
        'MATCH p = (:User {name: "alice"})-[*2]->() RETURN size(nodes(p)), size(relationships(p)), type(head(relationships(p)))',
      ),
    ).toEqual([[3, 2, 'MemberOf']]);
  });

  it('answers the list, string and conversion functions', () => {
    expect(rows('RETURN head([1, 2]), tail([1, 2, 3]), head([]), size("abc"), size([1, 2]), split("a,b,c", ",")')).toEqual([
      [1, [2, 3], null, 3, 2, ['a', 'b', 'c']],
    ]);
    expect(
      rows(
        'RETURN toLower("AbC"), toUpper("AbC"), toString(12), toString(1.5), toInt("42"), toInt("x"), toInt(3.9), toInteger(true)',
      ),
    ).toEqual([['abc', 'ABC', '12', '1.5', 42, null, 3, 1]]);
    expect(rows('RETURN coalesce(null, null, 3, 4), coalesce(null), toLower(null), size(null)')).toEqual([[3, null, null, null]]);
    expect(column('MATCH (u:User) RETURN coalesce(u.age, -1) AS a ORDER BY a')).toEqual([-1, 25, 30]);
  });

  it('answers the temporal functions', () => {
    expect(single('RETURN datetime().epochseconds')).toBe(NOW / 1000);
    expect(single('RETURN toString(date())')).toBe('2026-01-15');
    expect(single('RETURN toString(datetime("2025-03-01T10:00:00Z") + duration("P1M2DT3H"))')).toBe('2025-04-03T13:00:00.000Z');
    expect(single('RETURN datetime("2025-03-01T10:00:00Z") < datetime()')).toBe(true);
    expect(single('RETURN datetime().epochseconds - duration("P90D").days * 86400')).toBe(NOW / 1000 - 90 * 86400);
    expect(single('RETURN date("2025-03-01").year')).toBe(2025);
    expect(single('RETURN toString(localtime("10:30:00"))')).toBe('10:30:00.000');
  });
});

describe('refusals', () => {
  it('names the place of a syntax error', () => {
    expect(refusal('MATCH (n RETURN n')).toBe("line 1:10 mismatched input 'RETURN' expecting ')'");
    expect(refusal('MATCH (n)\nRETURN')).toBe('line 2:7 mismatched input the end of the query expecting an expression');
    expect(refusal('MATCH (n) WHERE n.name = "x')).toBe('line 1:26 unterminated string');
    expect(refusal('MATCH (n)')).toMatch(/^line 1:1 a query must end with RETURN/);
  });

  it('refuses CALL, parameters and updating clauses where they start', () => {
    expect(refusal('MATCH (n) CALL db.labels() YIELD label RETURN n')).toBe('line 1:11 CALL is not supported');
    expect(refusal('MATCH (n)\nWHERE n.name = $name RETURN n')).toBe('line 2:16 query parameters ($name) is not supported');
    expect(refusal('MATCH (n) DETACH DELETE n')).toMatch(/^line 1:11 DETACH is an updating clause/);
    expect(refusal('CREATE (n:User) RETURN n')).toMatch(/^line 1:1 CREATE is an updating clause/);
    expect(refusal('MATCH (n) SET n.x = 1 RETURN n')).toMatch(/^line 1:11 SET is an updating clause/);
    expect(refusal('MERGE (n:User {name: "x"}) RETURN n')).toMatch(/^line 1:1 MERGE is an updating clause/);
  });

  it('refuses what upstream does not support, never answering it', () => {
    expect(refusal('MATCH (n) RETURN CASE WHEN n.age > 1 THEN 1 END')).toBe('line 1:18 CASE is not supported');
    expect(refusal('MATCH (n) WHERE true XOR false RETURN n')).toBe('line 1:22 XOR is not supported');
    expect(refusal('RETURN [x IN [1] | x]')).toBe('line 1:8 list comprehensions is not supported');
    expect(refusal('MATCH (n) RETURN [(n)-->(m) | m.name]')).toBe('line 1:18 pattern comprehensions is not supported');
    expect(refusal('MATCH (n) WHERE EXISTS { (n)-->() } RETURN n')).toBe('line 1:17 EXISTS subqueries is not supported');
    expect(refusal('MATCH (n) RETURN n UNION MATCH (n) RETURN n')).toBe('line 1:20 UNION is not supported');
    expect(refusal('MATCH (n) RETURN reverse(n.name)')).toBe('line 1:18 the function reverse() is not supported');
    expect(refusal('MATCH (n) RETURN apoc.text.join(["a"], ",")')).toBe('line 1:18 the function apoc.text.join is not supported');
    expect(refusal('MATCH (n) RETURN (n)-->()')).toMatch(/^line 1:18 a pattern expression as a value/);
  });

  it('refuses what cannot be evaluated, naming where', () => {
    expect(refusal('MATCH (n) RETURN m')).toBe('line 1:18 variable m is not defined');
    // also where no row would reach it
    expect(refusal('MATCH (n:Nothing) RETURN m')).toBe('line 1:26 variable m is not defined');
    expect(refusal('MATCH (n) WITH n.name AS name RETURN n')).toBe('line 1:38 variable n is not defined');
    expect(refusal('RETURN any(x IN [1] WHERE y > 1)')).toBe('line 1:27 variable y is not defined');
    expect(refusal('MATCH (n) WHERE count(n) > 1 RETURN n')).toMatch(
      /^line 1:17 the aggregate count\(\) may be used only in WITH or RETURN/,
    );
    expect(refusal('RETURN 1 / 0')).toBe('line 1:12 division by zero');
    expect(refusal('MATCH (n) RETURN n.name, count(*) + n.age')).toMatch(/^line 1:37 a column mixing an aggregate/);
    expect(refusal('MATCH (n) RETURN n LIMIT -1')).toMatch(/^line 1:26 LIMIT takes a non-negative integer/);
    expect(refusal('MATCH (n) WHERE n.name RETURN n')).toMatch(/^line 1:17 expected a boolean here, not String/);
  });

  it('refuses a query that would examine too much of the graph', () => {
    const query = parseQuery('MATCH (a)-[*]-(b) RETURN count(*)');
    expect(() => evaluate(graph, query, { maxSteps: 50 })).toThrow(/too complex/);
    expect(() => evaluate(graph, parseQuery('MATCH (a), (b) RETURN count(*)'), { maxRows: 20 })).toThrow(/too complex/);
    // RETURN ... LIMIT without ordering needs only its first rows, so the same bound answers it.
    expect(evaluate(graph, parseQuery('MATCH (a), (b) RETURN a SKIP 2 LIMIT 3'), { maxRows: 20 }).rows).toHaveLength(3);
    expect(evaluate(graph, parseQuery('MATCH (a), (b) RETURN count(*)'), { maxRows: 64 }).rows).toEqual([[64n]]);
  });
});

describe('the answer shape', () => {
  it('answers paths as nodes and edges whose ends are answered nodes', () => {
    const result = run('MATCH p = allShortestPaths((:User {name: "bob"})-[*1..]->(:Computer)) RETURN p');
    const answer = toAnswer(result, false);
    expect(
      Object.values(answer.nodes)
        .map((n) => n.label)
        .sort(),
    ).toEqual(['admins', 'bob', 'dc1', 'ops', 'staff']);
    expect(answer.edges).toHaveLength(5);
    for (const e of answer.edges) {
      expect(answer.nodes[e.source]).toBeDefined();
      expect(answer.nodes[e.target]).toBeDefined();
    }
    expect(answer.literals).toEqual([]);
    expect(answer.node_keys).toBeUndefined();
  });

  it('answers other values as literals named by their column, and properties with their keys when asked', () => {
    const answer = toAnswer(run('MATCH (u:User {name: "alice"}) RETURN u, u.age AS age, count(*) AS n'), true);
    expect(answer.literals).toEqual([
      { key: 'age', value: 30 },
      { key: 'n', value: 1 },
    ]);
    expect(Object.values(answer.nodes)).toEqual([
      expect.objectContaining({
        label: 'alice',
        kind: 'User',
        kinds: ['Base', 'User'],
        properties: expect.objectContaining({ age: 30 }),
      }),
    ]);
    expect(answer.node_keys).toEqual(['age', 'enabled', 'name', 'title']);
    expect(answer.edge_keys).toEqual([]);
    expect(Object.keys(toAnswer(run('MATCH (u:User) RETURN collect(u) AS users'), false).nodes)).toHaveLength(3);
  });
});

describe('a node pattern with its object id', () => {
  it('finds the node of that object id, with or without a label, and only it', () => {
    expect(column("MATCH (n {objectid: 'S-1-5-21-1-1105'}) RETURN n")).toEqual(['staff']);
    expect(column("MATCH (n:Group {objectid: 'S-1-5-21-1-512'})<-[:MemberOf*1..]-(m) RETURN DISTINCT m ORDER BY m.name")).toEqual(
      ['alice', 'bob', 'ops', 'staff'],
    );
    expect(column("MATCH (n:User {objectid: 'S-1-5-21-1-512'}) RETURN n")).toEqual([]);
    expect(column("MATCH (n {objectid: 's-1-5-21-1-512'}) RETURN n")).toEqual([]);
  });

  it('reads a computed object id as any other property', () => {
    expect(column("WITH 'S-1-5-21-1-' AS p MATCH (n {objectid: p + '1106'}) RETURN n")).toEqual(['ops']);
  });
});
