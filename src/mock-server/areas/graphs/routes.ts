import { z } from 'zod';
import type { MockArea } from '../../area';
import { badRequest, notFound } from '../../errors';
import { isEmptyAnswer, toAnswer } from '../../cypher/answer';
import { CypherError } from '../../cypher/errors';
import { evaluate } from '../../cypher/evaluate';
import { TAG_KINDS, cypherGraph } from '../../cypher/graph';
import { parseQuery } from '../../cypher/parser';
import { KNOWN_RELATIONSHIP_KINDS, directoryGraph, graphOf } from '../../seed/graph';
import { queryObject, readJson, refuseUnknownParams } from '../../validate';
import { systemTagsOf } from '../asset-groups/store';

const cypherBody = z.object({
  query: z.string({ error: 'query is required: the Cypher query to run' }).trim().min(1, { error: 'query is empty' }),
  include_properties: z.boolean({ error: 'include_properties must be true or false' }).optional(),
});

/** Every node kind the service knows (the seeded graph's and the system tags'); upstream's kind table outlives cleared data. */
function nodeKinds(): string[] {
  const graph = directoryGraph();
  const kinds = new Set<string>(Object.values(TAG_KINDS));
  for (const n of [...graph.domains, ...graph.nodes]) for (const k of n.kinds) kinds.add(k);
  return [...kinds].sort();
}

/**
 * The kinds `type` selects, as upstream filters them: `eq:node` the node kinds,
 * `eq:edge` the edge kinds, another `eq:` value none; `neq:` the others. Any
 * other predicate is a 400 naming it.
 */
function kindsOfType(type: string | string[] | undefined): string[] {
  const nodes = nodeKinds();
  const edges = [...KNOWN_RELATIONSHIP_KINDS].sort();
  if (type === undefined) return [...nodes, ...edges].sort();
  const filter = typeof type === 'string' ? /^([a-z_]+):(.*)$/.exec(type) : null;
  if (!filter) throw badRequest('type', 'type filters the kinds once, as eq:node, eq:edge, neq:node or neq:edge.');
  const [, predicate, value] = filter;
  if (predicate !== 'eq' && predicate !== 'neq') {
    throw badRequest('type', `The filter predicate ${predicate} is not supported for type; use eq or neq (eq:node, eq:edge).`);
  }
  const selected = value === 'node' ? nodes : value === 'edge' ? edges : [];
  if (predicate === 'eq') return selected;
  return [...(value === 'node' ? [] : nodes), ...(value === 'edge' ? [] : edges)].sort();
}

/**
 * Cypher over the live directory graph (what clear-database left of it):
 * POST /api/v2/graphs/cypher runs a read-only query (src/mock-server/cypher),
 * GET /api/v2/graphs/kinds lists the node and edge kinds. Both need graphdb.Read.
 */
export const graphsArea: MockArea = {
  name: 'graphs',
  routes(app, { db }) {
    app.post('/api/v2/graphs/cypher', async (c) => {
      const body = await readJson(c, cypherBody);
      let answer;
      try {
        const query = parseQuery(body.query);
        const graph = cypherGraph(graphOf(db.state), systemTagsOf(db.state));
        answer = toAnswer(evaluate(graph, query), body.include_properties === true);
      } catch (e) {
        if (e instanceof CypherError) throw badRequest('query', e.describe(body.query));
        // A query nested too deep for the engine's recursion is refused as too complex, never a 500.
        if (e instanceof RangeError) throw badRequest('query', 'the query is too complex: it nests too deeply');
        throw e;
      }
      if (isEmptyAnswer(answer)) throw notFound('query', 'The query found nothing.');
      return c.json({ data: answer });
    });

    app.get('/api/v2/graphs/kinds', (c) => {
      refuseUnknownParams(
        c,
        ['type'],
        (name) => `"${name}" is not a parameter of this operation; use type (eq:node or eq:edge).`,
      );
      return c.json({ data: { kinds: kindsOfType(queryObject(c).type) } });
    });
  },
};
