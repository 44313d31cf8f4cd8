/**
 * The Cypher engine's worker thread (engine.ts starts it): it keeps its own
 * copy of the live graph, rebuilt only when the server sends new inputs (a
 * new version: deletions, mutations, Tier Zero or Owned members changed), and
 * runs one request at a time: parse, judge, evaluate, build the answer.
 */
import { parentPort } from 'node:worker_threads';
import type { CypherGraph } from './graph';
import { liveCypherGraph, runCypher, type CypherOutcome, type CypherRequest, type LiveGraphInputs } from './run';
import type { GraphChanges } from '../seed/graph-changes';

export interface WorkerRequest {
  id: number;
  /** The live graph's version the request is for. */
  version: string;
  /** Present when the worker's copy is of another version (or it has none yet). */
  inputs?: LiveGraphInputs;
  request: CypherRequest;
}

export type WorkerMessage =
  | { id: number; kind: 'mutation' }
  | { id: number; kind: 'done'; outcome: CypherOutcome }
  | { id: number; kind: 'failed'; message: string };

let live: { version: string; graph: CypherGraph; changes: GraphChanges | undefined } | undefined;

const port = parentPort;
if (!port) throw new Error('the Cypher worker runs in a worker thread (engine.ts starts it)');

port.on('message', (message: WorkerRequest) => {
  const post = (m: WorkerMessage) => port.postMessage(m);
  try {
    if (message.inputs) {
      live = { version: message.version, graph: liveCypherGraph(message.inputs), changes: message.inputs.changes };
    }
    if (live?.version !== message.version) throw new Error(`the worker holds graph ${live?.version}, not ${message.version}`);
    const outcome = runCypher(live.graph, message.request, {
      changes: live.changes,
      onMutation: () => post({ id: message.id, kind: 'mutation' }),
    });
    post({ id: message.id, kind: 'done', outcome });
  } catch (e) {
    post({ id: message.id, kind: 'failed', message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
});
