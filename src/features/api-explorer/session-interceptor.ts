import { apiConfig } from '@/api/config';
import { sessionAuthorization } from '@/api/client';

/** The part of a Swagger UI request the interceptor reads and changes. */
export interface ExplorerRequest {
  url: string;
  headers: Record<string, string>;
}

/** The origin the console's own requests go to: the configured service's, else the console's. */
function serviceOrigin(): string {
  return new URL(apiConfig.baseUrl || '/', window.location.href).origin;
}

/**
 * Adds the signed-in person's session to a request the explorer sends, as the
 * console's own requests carry it (src/api/client.ts), and only to the
 * console's service: a request to any other origin leaves without it. A
 * request that already carries an Authorization keeps its own.
 */
export function withSession<R extends ExplorerRequest>(request: R): R {
  const target = new URL(request.url, window.location.href);
  if (target.origin !== serviceOrigin()) return request;
  const hasOwn = Object.keys(request.headers).some((name) => name.toLowerCase() === 'authorization');
  const authorization = sessionAuthorization();
  if (!hasOwn && authorization) request.headers.Authorization = authorization;
  return request;
}
