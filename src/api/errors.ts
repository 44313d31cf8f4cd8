import type { z } from 'zod';
import type { ErrorBody } from './schemas/wire-format';
import { plural } from '../shared/words';

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
  /** When the answer came (epoch ms), so "try again in N seconds" can count down from it. */
  readonly receivedAt = Date.now();
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

/**
 * What a person should know about a write that got no answer: the server may or may not
 * have made the change, so look before sending it again.
 */
const UNSURE_WRITE = 'The change may or may not have been saved: check before trying again.';

/** The request never got an answer (server down, connection dropped, CORS, DNS). */
export class NetworkError extends ApiError {
  readonly kind = 'network' as const;
  constructor(
    operation: string,
    override readonly cause?: unknown,
    /** True for a write (POST, PUT, PATCH, DELETE): its outcome is unknown. */
    readonly write = false,
  ) {
    super(
      operation,
      write
        ? `The connection to the server was lost before it answered. ${UNSURE_WRITE}`
        : 'The server could not be reached. Check your connection and try again.',
    );
  }
}

/** No answer within the client's timeout. */
export class TimeoutError extends ApiError {
  readonly kind = 'timeout' as const;
  constructor(
    operation: string,
    readonly timeoutMs: number,
    /** True for a write (POST, PUT, PATCH, DELETE): its outcome is unknown. */
    readonly write = false,
  ) {
    super(operation, `The server did not answer within ${formatSeconds(timeoutMs)}. ${write ? UNSURE_WRITE : 'Try again.'}`);
  }
}

function formatSeconds(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000));
  return plural(s, 'second');
}

/** The caller cancelled the request (navigation, unmount). Not shown to users. */
export class AbortedError extends ApiError {
  readonly kind = 'aborted' as const;
  constructor(operation: string) {
    super(operation, 'The request was cancelled.');
  }
}

/**
 * The server answered 2xx, but with a body that is not JSON (`notJson`) or does not match the
 * operation's schema. The message names the operation, so a report says which call broke.
 */
export class SchemaError extends ApiError {
  readonly kind = 'schema' as const;
  constructor(
    operation: string,
    readonly issues: z.core.$ZodIssue[],
    readonly notJson = false,
  ) {
    super(
      operation,
      notJson
        ? `The server's answer to "${operation}" was not valid JSON, so it cannot be shown. Try again; if it persists, the server (or a proxy in front of it) is at fault.`
        : `The server's answer to "${operation}" was not in the expected shape (${issues
            .slice(0, 3)
            .map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`)
            .join(
              '; ',
            )}). The server may run a version this console does not support; if it persists, contact its administrator.`,
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
    410: 'gone',
    413: 'too large',
    429: 'too many requests',
    500: 'server error',
    502: 'bad gateway',
    503: 'unavailable',
    504: 'gateway timeout',
  };
  return texts[status] ?? '';
}

const PERSISTS = "Try again; if it persists, contact the server's administrator.";

/** One sentence for a person, whatever the failure. */
export function describeError(error: unknown): string {
  if (error instanceof HttpError) {
    // A server failure keeps the server's words and adds what to do about it.
    if (error.status >= 500 && error.messages.length > 0) return `${asSentence(error.messages.join(' '))} ${PERSISTS}`;
    if (error.messages.length > 0) return error.messages.join(' ');
    if (error.status === 401) return 'Your session has ended. Sign in again.';
    if (error.status === 403) return 'Your role does not allow this action.';
    if (error.status === 404) return 'It was not found. It may have been deleted.';
    if (error.status === 429)
      return `Too many requests. Try again${error.retryAfterSeconds ? ` in ${error.retryAfterSeconds} seconds` : ' shortly'}.`;
    if (error.status >= 500) return `The server failed (${error.status}). ${PERSISTS}`;
    return error.message;
  }
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

function asSentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

export function isHttpStatus(error: unknown, status: number): error is HttpError {
  return error instanceof HttpError && error.status === status;
}
