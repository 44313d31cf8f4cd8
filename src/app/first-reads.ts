import { mayCall } from '@/shared/route-access';
import type { Self } from '@/api/schemas/auth';
import type { PageHandle } from '@/lib/area';
import { areas } from './areas';

/**
 * The pages whose first requests can start at start-up, before their code has loaded: each list page
 * marked `early` in its route handle (listPage), by its path, with the GET it starts with and the others
 * it makes at once (`alsoEarly`), for `self` only where the access table says the request would be
 * answered (nothing is asked that would be refused and logged as an unauthorized attempt). The shell
 * stores this with the session; main.tsx reads it on a reload.
 */
export function firstReadsFor(self: Self): Record<string, string[]> {
  const reads: Record<string, string[]> = {};
  for (const route of areas.flatMap((a) => a.routes)) {
    const handle = route.handle as PageHandle | undefined;
    if (!route.path || !handle?.early) continue;
    const [method, path] = handle.reads;
    if (method !== 'GET' || !mayCall(self, method, path)) continue;
    reads[`/${route.path}`] = [path, ...(handle.alsoEarly ?? []).filter((also) => mayCall(self, 'GET', also))];
  }
  return reads;
}
