import { createHash } from 'node:crypto';
import { graphOps } from '../../../api/operations/graph';
import { Permission as P } from '../../../shared/permissions';
import { confirmAccess } from '../../access';
import type { MockArea } from '../../area';
import { auditChange, principalActor, recordUnauthorizedAttempt, type ChangeAudit } from '../../audit';
import { userPermissions } from '../../auth';
import { ApiFailure, badRequest, forbidden, notFound } from '../../errors';
import { isEmptyAnswer } from '../../cypher/answer';
import { EXPLORE_FITNESS_BOUND } from '../../cypher/complexity';
import { cypherEngine } from '../../cypher/engine';
import { TAG_KINDS } from '../../cypher/graph';
import type { LiveGraphInputs } from '../../cypher/run';
import { isEmptyDelta } from '../../cypher/update';
import { KNOWN_RELATIONSHIP_KINDS, directoryGraph, directoryGraphScale } from '../../seed/graph';
import { graphOf } from '../../seed/live-graph';
import { applyDelta, type GraphChanges } from '../../seed/graph-changes';
import { server } from '../../serve';
import type { DbState } from '../../store/db';
import { refuseUnknownParams } from '../../validate';
import { compositionAnswer, edgeBetween, edgeComposition } from './composition';
import { pathRoutes } from './paths';
import { memberIndexOf } from '../asset-groups/members';
import { sourceOf } from '../asset-groups/store';
import { extensionKinds } from '../extensions/store';

/**
 * Every node kind the service knows (the seeded graph's, the system tags',
 * those the OpenGraph extensions define and those mutations gave nodes);
 * upstream's kind table outlives cleared data.
 */
function nodeKinds(changes: GraphChanges | undefined, defined: readonly string[]): string[] {
  const graph = directoryGraph();
  const kinds = new Set<string>([...Object.values(TAG_KINDS), ...defined]);
  const changed = [...(changes?.createdNodes ?? []), ...Object.values(changes?.editedNodes ?? {})];
  for (const n of [...graph.domains, ...graph.nodes, ...changed]) for (const k of n.kinds) kinds.add(k);
  return [...kinds].sort();
}

/**
 * The kinds `type` selects, as upstream filters them: `eq:node` the node kinds,
 * `eq:edge` the edge kinds, another `eq:` value none; `neq:` the others. Any
 * other predicate is a 400 naming it.
 */
function kindsOfType(type: string | string[] | undefined, state: DbState): string[] {
  const changes = state.graph?.changes;
  const defined = extensionKinds(state);
  const nodes = nodeKinds(changes, defined.nodes);
  const edges = [
    ...new Set([...KNOWN_RELATIONSHIP_KINDS, ...defined.edges, ...(changes?.createdEdges ?? []).map((e) => e.kind)]),
  ].sort();
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

/** How long a query may run without `Prefer: wait` (upstream's default request timeout). */
export const DEFAULT_CYPHER_WAIT_SECONDS = 30;

/** Upstream's answers: a query stopped at its time bound, a mutation by someone without graphdb.Mutate. */
export const CYPHER_TIMEOUT_MESSAGE = 'transaction timed out, reduce query complexity or try again later';
export const CYPHER_MUTATION_DENIED = 'Permission denied: User may not modify the graph.';

/** Upstream's audit action for a query that changes the graph. */
const MUTATE_GRAPH = 'MutateGraph';

const signatures = new WeakMap<readonly string[], string>();
/** A short, stable name of a list of object ids (computed once per list: member indexes keep theirs). */
function signatureOf(ids: readonly string[]): string {
  let signature = signatures.get(ids);
  if (signature === undefined) {
    signature = createHash('sha1').update(ids.join('\n')).digest('hex').slice(0, 16);
    signatures.set(ids, signature);
  }
  return signature;
}

/** The object ids of each system tag's members now (`admin_tier_0`, `owned`): the graph marks them with TAG_KINDS. */
function systemTagMembers(state: DbState): Record<string, readonly string[]> {
  const tags: Record<string, readonly string[]> = {};
  for (const group of state.assetGroups) {
    if (group.system_group && group.tag in TAG_KINDS) {
      tags[group.tag] = memberIndexOf(sourceOf(group, state)).distinctValues('object_id');
    }
  }
  return tags;
}

/**
 * The live graph as the Cypher worker needs it: its version (the graph's own,
 * which names the deletions and mutations, and the Tier Zero and Owned
 * members now) and the inputs it is made of.
 */
export function liveGraphOf(state: DbState): { version: string; inputs: () => LiveGraphInputs } {
  const tags = systemTagMembers(state);
  const version = [graphOf(state).version, ...Object.entries(tags).map(([tag, ids]) => `${tag}:${signatureOf(ids)}`)].join('#');
  return {
    version,
    inputs: () => ({
      scale: directoryGraphScale(),
      deletions: state.graph?.deletions,
      changes: state.graph?.changes,
      ingested: state.ingested,
      tags,
    }),
  };
}

/**
 * Cypher over the live directory graph (what clear-database and mutations
 * made of it): POST /api/v2/graphs/cypher runs a query in the Cypher worker
 * (cypher/engine.ts), bounded by `Prefer: wait`; GET /api/v2/graphs/kinds lists
 * the node and edge kinds; GET /api/v2/graphs/edge-composition says how a
 * post-processed relationship is made (composition.ts). All need graphdb.Read; a mutation (with
 * MOCK_CYPHER_MUTATIONS=1) needs graphdb.Mutate and is audited.
 */
export const graphsArea: MockArea = {
  name: 'graphs',
  routes(app, { db, config }) {
    cypherEngine.warm();
    const route = server(app, db);

    // The time bound counts from the request's arrival, before its body is read.
    const arrived = new WeakMap<object, number>();
    route(
      graphOps.runCypherQuery,
      async (c, { body }) => {
        const started = arrived.get(c) ?? performance.now();
        const principal = c.get('principal');
        const user = principal.kind === 'user' ? principal.user : undefined;
        let audit: ChangeAudit | undefined;
        const fail = (failure: ApiFailure): never => {
          audit?.fail(failure.message);
          throw failure;
        };
        return cypherEngine.run({
          request: {
            query: body.query,
            includeProperties: body.include_properties === true,
            mutations: config.cypherMutations,
            mayMutate: user !== undefined && userPermissions(db, user).has(P.GraphDbMutate),
            complexityBound: config.cypherComplexityLimit ? EXPLORE_FITNESS_BOUND : null,
          },
          deadline: started + (c.get('preferWait') ?? DEFAULT_CYPHER_WAIT_SECONDS) * 1000,
          live: () => liveGraphOf(db.state),
          onMutation: () => {
            audit = auditChange(c, db, MUTATE_GRAPH, { query: body.query });
          },
          settle: (result) => {
            if (result.kind === 'timeout')
              return fail(new ApiFailure(500, [{ context: 'query', message: CYPHER_TIMEOUT_MESSAGE }]));
            if (result.kind === 'failed') {
              console.error('[mock] the Cypher worker failed', result.message);
              return fail(new ApiFailure(500, [{ context: 'server', message: 'The server failed to handle this request.' }]));
            }
            const { outcome } = result;
            if (outcome.kind === 'forbidden') {
              recordUnauthorizedAttempt(c, db, principalActor(db, principal), CYPHER_MUTATION_DENIED);
              throw forbidden(CYPHER_MUTATION_DENIED);
            }
            if (outcome.kind === 'refused') return fail(badRequest('query', outcome.message));
            if (outcome.delta) {
              if (!isEmptyDelta(outcome.delta)) {
                // The change is applied here, synchronously as the worker answers, so the next query reads it:
                // the author's access is checked again first (the registration's commit step, done in place).
                try {
                  confirmAccess(c);
                } catch (e) {
                  if (e instanceof ApiFailure) fail(e);
                  throw e;
                }
                applyDelta(db.state, outcome.delta);
              }
              audit?.succeed();
            } else if (isEmptyAnswer(outcome.answer)) throw notFound('query', 'The query found nothing.');
            return c.json({ data: outcome.answer });
          },
        });
      },
      { guard: (c) => void arrived.set(c, performance.now()) },
    );

    // Upstream's refusals, in its words: a kind it does not know, and no such relationship (a 400 too).
    route(graphOps.getPathComposition, (c, { query }) => {
      const kind = query.edge_type;
      if (!kindsOfType('eq:edge', db.state).includes(kind)) {
        throw badRequest('edge_type', `Invalid edge requested: ${kind}`);
      }
      const graph = graphOf(db.state);
      const edge = edgeBetween(graph, query.source_node, query.target_node, kind);
      if (!edge) throw badRequest('query', 'Could not find edge matching criteria: not found');
      const tags = Object.fromEntries(Object.entries(systemTagMembers(db.state)).map(([tag, ids]) => [tag, new Set(ids)]));
      return c.json({ data: compositionAnswer(edgeComposition(graph, edge), tags) });
    });

    pathRoutes(route, db, { liveGraphOf, waitSeconds: DEFAULT_CYPHER_WAIT_SECONDS, timeoutMessage: CYPHER_TIMEOUT_MESSAGE });

    route(graphOps.getKinds, (c, { query }) => c.json({ data: { kinds: kindsOfType(query.type, db.state) } }), {
      guard: (c) =>
        refuseUnknownParams(
          c,
          ['type'],
          (name) => `"${name}" is not a parameter of this operation; use type (eq:node or eq:edge).`,
        ),
    });
  },
};
