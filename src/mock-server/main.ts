/** Standalone mock service: `npm run mock` (HOST and PORT override 127.0.0.1:8080). */
import { serve } from '@hono/node-server';
import { createMockServer } from './app';
import { listenUrl } from './config';
import { describeAccounts } from './main-info';

const host = process.env.HOST || '127.0.0.1';
const port = Number(process.env.PORT || 8080);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, not "${process.env.PORT}"`);
  process.exit(2);
}

// A setting that is wrong (MOCK_ROOT_URL, MOCK_EDITION, …) stops the start with its message, no stack.
const mock = (() => {
  try {
    // SSO service-provider URLs start where the mock listens, unless MOCK_ROOT_URL says otherwise.
    return createMockServer({ rootUrl: listenUrl(host, port) });
  } catch (e) {
    console.error(`[mock] ${(e as Error).message}`);
    process.exit(2);
  }
})();
const server = serve({ fetch: mock.fetch, hostname: host, port }, (info) => {
  console.log(describeAccounts(mock.config, `listening on http://${host}:${info.port}`));
});

const stop = () => {
  mock.db.saveNow();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
