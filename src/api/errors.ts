import type { z } from 'zod';
import type { ErrorBody } from './schemas/common';

/** Base class of every failure the API client reports. `operation` names the call. */
export abstract class ApiError extends Error {
  abstract readonly kind: 'http' | 'network' | 'timeout' | 'schema' | 'aborted';
  constructor(
    readonly operation: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The server answered with a non-2xx status. `body` is the service's error body when it sent one. */
export class HttpError extends ApiError {
  readonly kind = 'http' as const;
  constructor(
    operation: string,
    readonly status: number,
    readonly body: ErrorBody | null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(operation, HttpError.summarize(status, body));
  }

  get requestId(): string | null {
    return this.body?.request_id ?? null;
  }

  /** The server's messages, in order. */
  get messages(): string[] {
    return this.body?.errors.map((e) => e.message).filter(Boolean) ?? [];
  }

  /**
   * Messages keyed by the field they name (`context`), for forms. Keys are
   * the body field names as sent (for example `email_address`).
   */
  get fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const e of this.body?.errors ?? []) {
      if (e.context && !(e.context in out)) out[e.context] = e.message;
    }
    return out;
  }

  private static summarize(status: number, body: ErrorBody | null): string {
    const first = body?.errors.find((e) => e.message)?.message;
    return first ?? `The server answered ${status}${statusText(status) ? ` (${statusText(status)})` : ''}.`;
  }
}

/** The request never got an answer (server down, connection dropped, CORS, DNS). */
export class NetworkError extends ApiError {
  readonly kind = 'network' as const;
  constructor(
    operation: string,
    override readonly cause?: unknown,
  ) {
    super(operation, 'The server could not be reached. Check your connection and try again.');
  }
}

/** No answer within the client's timeout. */
export class TimeoutError extends ApiError {
  readonly kind = 'timeout' as const;
  constructor(
    operation: string,
    readonly timeoutMs: number,
  ) {
    super(operation, `The server did not answer within ${Math.round(timeoutMs / 1000)} seconds. Try again.`);
  }
}

/** The caller cancelled the request (navigation, unmount). Not shown to users. */
export class AbortedError extends ApiError {
  readonly kind = 'aborted' as const;
  constructor(operation: string) {
    super(operation, 'The request was cancelled.');
  }
}

/** The server answered 2xx, but with a body that does not match the operation's schema. */
export class SchemaError extends ApiError {
  readonly kind = 'schema' as const;
  constructor(
    operation: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(
      operation,
      `The server's answer to "${operation}" was not in the expected shape (${issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`)
        .join('; ')}).`,
    );
  }
}

function statusText(status: number): string {
  const texts: Record<number, string> = {
    400: 'bad request',
    401: 'not signed in',
    403: 'not allowed',
    404: 'not found',
    409: 'conflict',
    413: 'too large',
    429: 'too many requests',
    500: 'server error',
    502: 'bad gateway',
    503: 'unavailable',
    504: 'gateway timeout',
  };
  return texts[status] ?? '';
}

/** One sentence for a person, whatever the failure. */
export function describeError(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.messages.length > 0) return error.messages.join(' ');
    if (error.status === 401) return 'Your session has ended. Sign in again.';
    if (error.status === 403) return 'Your role does not allow this action.';
    if (error.status === 404) return 'It was not found. It may have been deleted.';
    if (error.status === 429)
      return `Too many requests. Try again${error.retryAfterSeconds ? ` in ${error.retryAfterSeconds} seconds` : ' shortly'}.`;
    if (error.status >= 500)
      return `The server failed (${error.status}). Try again; if it persists, contact the server's administrator.`;
    return error.message;
  }
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

export function isHttpStatus(error: unknown, status: number): error is HttpError {
  return error instanceof HttpError && error.status === status;
}
