import type { z } from 'zod';
import { apiConfig } from './config';
import { AbortedError, HttpError, NetworkError, SchemaError, TimeoutError, type ApiError } from './errors';
import type { ErrorBody } from './schemas/wire-format';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<S extends z.ZodType | undefined = undefined> {
  /** Name of the operation, used in error messages ("List users"). */
  operation: string;
  method?: HttpMethod;
  /** Path below the base URL, starting with `/api/`. */
  path: string;
  /** Query parameters; arrays are repeated (`sort_by=a&sort_by=-b`); null/undefined are left out. */
  query?: Record<string, QueryValue>;
  /** JSON body. */
  json?: unknown;
  /** Multipart body. The browser sets the boundary. */
  form?: FormData;
  /** Raw body (a file) with its content type. */
  raw?: { body: Blob; contentType: string };
  /** Schema of the success body; omit for 204 No Content operations. */
  schema?: S;
  /** The success body is plain text (a PEM file, say), checked with `schema` as a string rather than parsed as JSON. */
  text?: boolean;
  signal?: AbortSignal;
  /** `Prefer: wait=N` (seconds), the server-side wait of RFC 7240. */
  wait?: number;
  /** Client timeout in milliseconds (default from settings). */
  timeoutMs?: number;
  /** Upload progress (bytes sent, total). Uses XMLHttpRequest, as fetch cannot report it. */
  onUploadProgress?: (loaded: number, total: number) => void;
  /** Send the session token (default true). */
  auth?: boolean;
  /** Extra request headers (for example `X-File-Upload-Name`). */
  headers?: Record<string, string>;
  /**
   * Whether the request changes something on the server (default: every method but GET). A change
   * that got no answer (timeout, lost connection) is reported as "may or may not have been saved";
   * sign-in, a POST that changes nothing the person would check, sets this to false.
   */
  write?: boolean;
}

export type ResponseOf<S> = S extends z.ZodType ? z.output<S> : void;

type TokenProvider = () => string | null;
type UnauthorizedHandler = (error: HttpError) => void;

let tokenProvider: TokenProvider = () => null;
let unauthorizedHandler: UnauthorizedHandler = () => {};

/** The session module tells the client where the token is and what to do on a 401. */
export function configureAuth(provider: TokenProvider, onUnauthorized: UnauthorizedHandler): void {
  tokenProvider = provider;
  unauthorizedHandler = onUnauthorized;
}

/** The Authorization header value of the signed-in person's session (`Bearer <token>`), or null when signed out. */
export function sessionAuthorization(): string | null {
  const token = tokenProvider();
  return token ? `Bearer ${token}` : null;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return `${apiConfig.baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

export interface RawResponse {
  status: number;
  headers: { get(name: string): string | null };
  text: string;
  /** A successful file answer's bytes (a download); `text` is then empty. */
  blob?: Blob;
}

/** One call to the service. Resolves with the parsed body or rejects with an {@link ApiError}. */
export async function apiRequest<S extends z.ZodType | undefined = undefined>(
  options: RequestOptions<S>,
): Promise<ResponseOf<S>> {
  const { operation, schema } = options;
  const response = await exchange(options, false);
  if (!schema) return undefined as ResponseOf<S>;

  let parsed: unknown = response.text;
  try {
    if (!options.text) parsed = response.text === '' ? undefined : JSON.parse(response.text);
  } catch {
    throw new SchemaError(
      operation,
      [{ code: 'custom', path: [], message: 'the body is not valid JSON', input: undefined } as z.core.$ZodIssue],
      true,
    );
  }
  const result = schema.safeParse(parsed);
  if (!result.success) throw new SchemaError(operation, result.error.issues);
  return result.data as ResponseOf<S>;
}

/** A file the service answered (an export): its bytes, and the name its Content-Disposition gives, if any. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** Download progress: bytes received so far, and the whole file's size when the answer gives it (null otherwise). */
export type DownloadProgress = (loaded: number, total: number | null) => void;

export interface DownloadOptions extends Omit<RequestOptions, 'schema' | 'text' | 'onUploadProgress'> {
  /** Called as the file's bytes arrive (read from the answer's stream), first with 0. */
  onDownloadProgress?: DownloadProgress;
}

/** One call whose answer is a file. Rejects with an {@link ApiError} as apiRequest does (the error body is JSON). */
export async function apiDownload(options: DownloadOptions): Promise<DownloadedFile> {
  const response = await exchange(options, true, options.onDownloadProgress);
  return { blob: response.blob ?? new Blob([]), fileName: attachmentName(response.headers.get('Content-Disposition')) };
}

/**
 * The file name of a `Content-Disposition` header: its `filename*` (RFC 5987, UTF-8) when given, else its
 * `filename`, without any folder; null when it names none.
 */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  let name: string | null = null;
  if (extended) {
    try {
      name = decodeURIComponent(extended[1]!.trim());
    } catch {
      name = null;
    }
  }
  if (name === null) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header);
    name = plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]!.trim()) : null;
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
}

/**
 * Sends one request and answers its raw response; a status outside 2xx rejects with an HttpError. `binary`: a
 * successful answer is a file, read as bytes (reporting `onDownloadProgress`).
 */
async function exchange<S extends z.ZodType | undefined>(
  options: RequestOptions<S>,
  binary: boolean,
  onDownloadProgress?: DownloadProgress,
): Promise<RawResponse> {
  const { operation, method = 'GET' } = options;
  const url = buildUrl(options.path, options.query);
  const accept = binary ? 'application/octet-stream, application/json' : options.text ? 'text/plain' : 'application/json';
  const headers: Record<string, string> = { Accept: accept, ...options.headers };
  const authorization = options.auth === false ? null : sessionAuthorization();
  if (authorization) headers.Authorization = authorization;
  if (options.wait !== undefined) headers.Prefer = `wait=${options.wait}`;

  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  } else if (options.raw) {
    headers['Content-Type'] = options.raw.contentType;
    body = options.raw.body;
  }

  const timeoutMs = options.timeoutMs ?? apiConfig.timeoutMs;
  const write = options.write ?? method !== 'GET';
  const outgoing: OutgoingRequest = { operation, method, write, url, headers, body, timeoutMs, signal: options.signal };
  const response = options.onUploadProgress
    ? // Uploads only (progress needs XMLHttpRequest): loaded with the first, not with the sign-in page.
      await (await import('./upload-xhr')).sendWithXhr(outgoing, options.onUploadProgress)
    : await sendWithFetch(outgoing, binary, onDownloadProgress);

  if (response.status < 200 || response.status >= 300) {
    const error = new HttpError(operation, response.status, await parseErrorBody(response.text), retryAfter(response.headers));
    if (response.status === 401 && authorization) unauthorizedHandler(error);
    throw error;
  }
  return response;
}

/** One request as a transport sends it (fetch, or XMLHttpRequest for an upload's progress). */
export interface OutgoingRequest {
  operation: string;
  method: HttpMethod;
  write: boolean;
  url: string;
  headers: Record<string, string>;
  body: BodyInit | undefined;
  timeoutMs: number;
  signal: AbortSignal | undefined;
}

/** Sends with fetch; `binary`: a successful answer is read as bytes (`blob`), not text. */
async function sendWithFetch(
  { operation, method, write, url, headers, body, timeoutMs, signal }: OutgoingRequest,
  binary = false,
  onDownloadProgress?: DownloadProgress,
): Promise<RawResponse> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const res = await fetch(url, { method, headers, body, signal: controller.signal, credentials: 'same-origin' });
    if (binary && res.ok) {
      const blob = onDownloadProgress
        ? // Downloads with progress only: loaded with the first, not with the sign-in page.
          await (await import('./download-stream')).readWithProgress(res, onDownloadProgress)
        : await res.blob();
      return { status: res.status, headers: res.headers, text: '', blob };
    }
    const text = await res.text();
    return { status: res.status, headers: res.headers, text };
  } catch (cause) {
    throw failure(operation, write, cause, timedOut, signal, timeoutMs);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

function failure(
  operation: string,
  write: boolean,
  cause: unknown,
  timedOut: boolean,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): ApiError {
  if (timedOut) return new TimeoutError(operation, timeoutMs, write);
  if (signal?.aborted) return new AbortedError(operation);
  return new NetworkError(operation, cause, write);
}

/** The service's error body, when the answer has one. Its schema loads with the first error (not with the sign-in page). */
async function parseErrorBody(text: string): Promise<ErrorBody | null> {
  if (!text) return null;
  try {
    const { errorBody } = await import('./schemas/wire-format');
    const result = errorBody.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

function retryAfter(headers: RawResponse['headers']): number | null {
  const raw = headers.get('Retry-After');
  if (!raw) return null;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds));
  const date = Date.parse(raw);
  return Number.isNaN(date) ? null : Math.max(0, Math.round((date - Date.now()) / 1000));
}
