import { apiOps } from '../../api/operations/api';
import type { MockArea } from '../area';
import { server } from '../serve';
import { buildApiDocument } from './document';

/**
 * apiOps.getApiSpec: the service's own API document (public, as upstream's),
 * for this server's edition and users' path word. Built on the first request
 * and kept: the declarations and the schemas it comes from never change while
 * the server runs.
 */
export const apiSpecArea: MockArea = {
  name: 'api-spec',
  routes(app, { db, config }) {
    let body: string | undefined;
    server(app, db)(apiOps.getApiSpec, (c) => {
      body ??= JSON.stringify(buildApiDocument({ edition: config.edition, usersPathWord: config.usersPathWord }));
      c.header('Cache-Control', 'no-cache');
      return c.body(body, 200, { 'Content-Type': 'application/json; charset=utf-8' });
    });
  },
};
