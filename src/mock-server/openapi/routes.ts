import type { MockArea } from '../area';
import { buildApiDocument } from './document';

/**
 * `GET /api/v2/spec`: the service's own API document (public, as upstream's),
 * for this server's edition and users' path word. Built on the first request
 * and kept: the table and the schemas it comes from never change while the
 * server runs.
 */
export const apiSpecArea: MockArea = {
  name: 'api-spec',
  routes(app, { config }) {
    let body: string | undefined;
    app.get('/api/v2/spec', (c) => {
      body ??= JSON.stringify(buildApiDocument({ edition: config.edition, usersPathWord: config.usersPathWord }));
      c.header('Cache-Control', 'no-cache');
      return c.body(body, 200, { 'Content-Type': 'application/json; charset=utf-8' });
    });
  },
};
