import type { Hono, MiddlewareHandler } from 'hono';
import type { MockEnv, TokenService } from './auth';
import type { MockConfig } from './config';
import type { DbState, MockDb } from './store/db';
import { notFound } from './errors';

export interface MockContext {
  db: MockDb;
  config: MockConfig;
  tokens: TokenService;
}

/**
 * One area of the service (users, SSO, asset groups, ...): its seed data and
 * its routes. Areas are listed in areas/index.ts; seeders run in that order.
 */
export interface MockArea {
  name: string;
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
