import { dump } from 'js-yaml';
import { apiOps } from '../../api/operations/api';
import type { MockArea } from '../area';
import { server } from '../serve';
import { buildApiDocument } from './document';

/**
 * apiOps.getApiSpec: the service's own API document (public, as upstream's),
 * for this server's edition and users' path word, in YAML as upstream serves
 * it (text/x-yaml; a YAML reader reads it, and so does the console's
 * explorer). Built on the first request and kept: the declarations and the schemas it comes from never change while
 * the server runs.
 */
export const apiSpecArea: MockArea = {
  name: 'api-spec',
  routes(app, { db, config }) {
    let body: string | undefined;
    server(app, db)(apiOps.getApiSpec, (c) => {
      // noRefs: every schema written out where it is used, as JSON would have it (no YAML anchors).
      body ??= dump(buildApiDocument({ edition: config.edition, usersPathWord: config.usersPathWord }), {
        noRefs: true,
        lineWidth: -1,
      });
      c.header('Cache-Control', 'no-cache');
      return c.body(body, 200, { 'Content-Type': 'text/x-yaml; charset=utf-8' });
    });
  },
};
