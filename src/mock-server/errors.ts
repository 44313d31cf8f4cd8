import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '../api/schemas/wire-format';

export interface ErrorDetail {
  context: string;
  message: string;
}

/** Thrown anywhere in a route; the app turns it into the service's error body. */
export class ApiFailure extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly errors: ErrorDetail[],
    readonly headers: Record<string, string> = {},
  ) {
    super(errors.map((e) => e.message).join('; '));
  }
}

export const badRequest = (context: string, message: string) => new ApiFailure(400, [{ context, message }]);
export const unauthorized = (message = 'Authentication is required: send a valid bearer token.') =>
  new ApiFailure(401, [{ context: 'auth', message }]);
export const forbidden = (message = 'Your role does not have the permission this action needs.') =>
  new ApiFailure(403, [{ context: 'auth', message }]);
export const notFound = (context: string, message: string) => new ApiFailure(404, [{ context, message }]);
export const conflict = (context: string, message: string) => new ApiFailure(409, [{ context, message }]);

export function errorBodyOf(c: Context, status: number, errors: ErrorDetail[]): ErrorBody {
  return {
    http_status: status,
    timestamp: new Date().toISOString(),
    request_id: (c.get('requestId') as string | undefined) ?? crypto.randomUUID(),
    errors,
  };
}

export function sendError(c: Context, status: ContentfulStatusCode, errors: ErrorDetail[], headers: Record<string, string> = {}) {
  for (const [k, v] of Object.entries(headers)) c.header(k, v);
  return c.json(errorBodyOf(c, status, errors), status);
}
