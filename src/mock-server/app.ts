import { Hono, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { MockContext } from './area';
import { accessControl } from './access';
import { auditTrail } from './audit';
import { TokenService, type MockEnv } from './auth';
import { configFromEnv, nowOf, type MockConfig } from './config';
import { advancePipeline } from './areas/datapipe/pipeline';
import { IngestRunner } from './areas/datapipe/ingest-runner';
import { spoolFor } from './ingest/spool';
import { withoutGeneratedGraph } from './areas/datapipe/clear';
import { SEED_EPOCH } from './seed/random';
import { ApiFailure, sendError } from './errors';
import { DROPPED_HEADER, FaultInjector } from './faults';
import { mockControls } from './mock-controls';
import { readJson } from './validate';
import { z } from 'zod';
import { areas } from './areas';
import { emptyState, seedCore } from './seed/core';
import { seedOrder } from './seed-order';
import { chooseDirectoryGraphScale } from './seed/graph';
import { MockDb, type DbState } from './store/db';

export type MockApp = Hono<MockEnv>;

export interface MockServer extends MockContext {
  app: MockApp;
  /** Fetch-style handler, for in-process tests and adapters. */
  fetch: (request: Request, env?: unknown) => Promise<Response>;
}

/** The seed every start and every reset begins from. */
export function buildSeed(config: MockConfig): DbState {
  const state = emptyState();
  seedCore(state, { password: config.password });
  for (const area of seedOrder(areas)) area.seed?.(state, config);
  if (config.emptyGraph) withoutGeneratedGraph(state, new Date(SEED_EPOCH).toISOString());
  return state;
}

/**
 * Builds the mock service: state, auth, every area's routes, and the service's error body everywhere.
 * `seed` makes the state a start and every reset begin from (`buildSeed`; tests reuse one seed per config).
 */
export function createMockServer(
  overrides: Partial<MockConfig> = {},
  env: Record<string, string | undefined> = process.env,
  seed: (config: MockConfig) => DbState = buildSeed,
): MockServer {
  const config = configFromEnv(env, overrides);
  // Seed dependencies that name no area, or that go round in a circle, stop the start here.
  seedOrder(areas);
  chooseDirectoryGraphScale(config.graphScale);
  const db = new MockDb(() => seed(config), config.dbFile);
  const tokens = new TokenService(config);
  const spool = spoolFor(config.dbFile);
  const ingest = new IngestRunner(db, config, spool);
  db.onReset(() => spool.clear());
  const ctx: MockContext = { db, config, tokens, spool, ingest };
  const app = new Hono<MockEnv>();

  app.use('*', async (c, next) => {
    const requestId = crypto.randomUUID();
    c.set('requestId', requestId);
    const started = performance.now();
    await next();
    c.header('X-Request-Id', requestId);
    if (config.log) console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
  });

  // A change is answered only once it is in MOCK_DB (group commit; see MockDb). Reads never wait.
  app.use('*', async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && db.unsaved) {
      try {
        await db.durable();
      } catch {
        throw new ApiFailure(500, [
          {
            context: 'server',
            message: 'The change was made but could not be saved to the state file (MOCK_DB); it may be lost on restart.',
          },
        ]);
      }
    }
  });

  app.use('*', preferHeader(config.maxWaitSeconds));
  const faults = new FaultInjector(config.fault);
  db.onReset(() => faults.clear());
  app.use('/api/*', faults.middleware());
  app.use('/api/*', accessControl(db, tokens, config));
  // Every change that passed access control: its intent before the operation, its outcome after (audit.ts).
  app.use('/api/*', auditTrail(db));
  // The pipeline's transitions due by now, before any operation reads what an analysis computes (members, tags).
  app.use('/api/*', async (_c, next) => {
    if (advancePipeline(db.state, nowOf(config), config)) db.changed();
    ingest.kick();
    await next();
  });

  // Mock-only controls, never part of the service: off with MOCK_CONTROLS=0, and only for requests
  // a web page cannot forge (mock-controls.ts; this guard covers every /__mock route, the areas' too).
  app.use('/__mock/*', mockControls(config));
  app.post('/__mock/reset', (c) => {
    db.reset();
    return c.body(null, 204);
  });
  app.get('/__mock/health', (c) => c.json({ ok: true, edition: config.edition }));
  app.post('/__mock/faults', async (c) => {
    faults.add(await readJson(c, z.unknown()));
    return c.body(null, 204);
  });
  app.delete('/__mock/faults', (c) => {
    faults.clear();
    return c.body(null, 204);
  });

  for (const area of areas) area.routes(app, ctx);

  app.notFound((c) => sendError(c, 404, [{ context: 'path', message: `No operation ${c.req.method} ${c.req.path} exists.` }]));
  app.onError((err, c) => {
    if (err instanceof ApiFailure) return sendError(c, err.status, err.errors, err.headers);
    if (err instanceof HTTPException)
      return sendError(c, err.status as 400, [{ context: 'request', message: err.message || 'The request failed.' }]);
    console.error('[mock] unhandled error', err);
    return sendError(c, 500, [{ context: 'server', message: 'The server failed to handle this request.' }]);
  });

  const fetch = async (request: Request, env?: unknown) => {
    const response = await app.fetch(request, env);
    if (response.headers.get(DROPPED_HEADER)) throw new TypeError('fetch failed: the connection was closed (injected fault)');
    return response;
  };
  // A restart in the middle of an ingest (MOCK_DB) goes on with the files not yet ingested.
  ingest.kick();
  return { app, db, config, tokens, spool, ingest, fetch };
}

/** `Prefer: wait=N` (RFC 7240): N a whole number of seconds from 0 to the maximum; anything else is a 400. */
function preferHeader(maxWait: number): MiddlewareHandler<MockEnv> {
  return async (c, next) => {
    const prefer = c.req.header('Prefer');
    if (prefer !== undefined) {
      for (const part of prefer
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const [name, value] = part.split('=').map((s) => s.trim());
        if (name?.toLowerCase() !== 'wait') continue;
        if (!value || !/^\d+$/.test(value) || Number(value) > maxWait) {
          throw new ApiFailure(400, [
            {
              context: 'Prefer',
              message: `Prefer: wait must be a whole number of seconds from 0 to ${maxWait}, not "${value ?? ''}".`,
            },
          ]);
        }
        c.set('preferWait', Number(value));
      }
    }
    await next();
  };
}
