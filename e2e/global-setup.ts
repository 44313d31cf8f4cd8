import { buildOnce, EXTERNAL_URL, UPSTREAM_BUILD } from './servers';

/**
 * Builds the console once for every worker's preview server, and as an upstream deployment builds it for the
 * Prism run (e2e/prism.spec.ts); nothing to build against E2E_BASE_URL.
 */
export default function globalSetup(): void {
  if (EXTERNAL_URL) return;
  buildOnce();
  buildOnce(UPSTREAM_BUILD);
}
