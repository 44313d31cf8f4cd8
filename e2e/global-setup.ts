import { buildOnce, EXTERNAL_URL } from './servers';

/** Builds the console once for every worker's preview server (nothing to build against E2E_BASE_URL). */
export default function globalSetup(): void {
  if (!EXTERNAL_URL) buildOnce();
}
