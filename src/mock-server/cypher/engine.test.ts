import { describe, expect, it } from 'vitest';
import { CypherEngine, type EngineJob, type EngineResult } from './engine';
import { DEFAULT_REQUEST } from './run';

const HEAVY =
  'MATCH (a:User) WITH collect(a) AS us MATCH (b:User) WHERE any(x IN us WHERE any(y IN us WHERE x.name + y.name = b.name)) RETURN count(b)';

const job = (query: string, waitMs: number): EngineJob<EngineResult> => ({
  request: { ...DEFAULT_REQUEST, query },
  deadline: performance.now() + waitMs,
  live: () => ({ version: 'seed', inputs: () => ({ scale: null, deletions: undefined, changes: undefined, tags: {} }) }),
  settle: (result) => result,
});

describe('CypherEngine', () => {
  it('answers a request still waiting for a worker at its deadline as timed out, and fails what runs when stopped', async () => {
    const engine = new CypherEngine(1);
    const heavy = engine.run(job(HEAVY, 60_000));
    const waiting = await engine.run(job('MATCH (d:Domain) RETURN d', 300));
    expect(waiting).toEqual({ kind: 'timeout' });
    await engine.close();
    expect(await heavy).toEqual({ kind: 'failed', message: 'the Cypher engine was stopped' });
  });

  it('starts a fresh worker after stopping one at its deadline', async () => {
    const engine = new CypherEngine(1);
    expect(await engine.run(job(HEAVY, 500))).toEqual({ kind: 'timeout' });
    const next = await engine.run(job('MATCH (d:Domain) RETURN count(d)', 30_000));
    expect(next).toMatchObject({
      kind: 'done',
      outcome: { kind: 'answer', answer: { literals: [{ key: 'count(d)', value: 3 }] } },
    });
    await engine.close();
  });
});
