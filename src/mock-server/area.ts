import type { Hono, MiddlewareHandler } from 'hono';
import type { MockEnv, TokenService } from './auth';
import type { MockConfig } from './config';
import type { DbState, MockDb } from './store/db';
import type { Spool } from './ingest/spool';
import type { IngestRunner } from './areas/datapipe/ingest-runner';
import { notFound } from './errors';

export interface MockContext {
  db: MockDb;
  config: MockConfig;
  tokens: TokenService;
  /** Uploaded files kept until they are ingested. */
  spool: Spool;
  /** Reads ended jobs' files into the graph when their turn comes. */
  ingest: IngestRunner;
}

/**
 * One area of the service (users, SSO, asset groups, ...): its seed data and
 * its routes. Areas are listed in areas/index.ts; routes register in that
 * order, seeders in the order their `seedsAfter` gives (seed-order.ts).
 */
export interface MockArea {
  name: string;
  /**
   * The areas, by name, whose seeded state this area's seeder reads: it runs after them. Every one
   * it reads, beyond the core accounts and roles (seed/core.ts) and the directory graph (seed/graph.ts),
   * which exist before any area seeds; areas/seed-dependencies.test.ts fails on one left out.
   */
  seedsAfter?: readonly string[];
  seed?(state: DbState, config: MockConfig): void;
  routes(app: Hono<MockEnv>, ctx: MockContext): void;
}

/** Route guard for operations that exist only on enterprise servers: 404 on a community server, as there. */
export function enterpriseOnly(config: MockConfig): MiddlewareHandler<MockEnv> {
  return async (c, next) => {
    if (config.edition !== 'enterprise') throw notFound('path', `No operation ${c.req.method} ${c.req.path} exists.`);
    await next();
  };
}
