import type { z } from 'zod';
import {
  apiDownload,
  apiRequest,
  type DownloadedFile,
  type DownloadProgress,
  type QueryValue,
  type RequestOptions,
} from './client';
import { usersPath } from './config';
import type { ListQuery } from './list-query';
import { fillPath, isMediaContent, type MediaContent } from './operation-parts';
import type { OperationSpec, PathParamNames, PathParams } from './operation';

/**
 * The console's one way to call the service: `call(op, input)` with an operation's declaration
 * (src/api/operations/). The path is filled from `params` (each value one encoded segment), the query's
 * names are the declaration's, a JSON body is typed by its schema, and the answer is parsed by the
 * declared answer schema; every error names the operation by its summary.
 */

type QueryNames<O> = O extends { query: infer Q }
  ? Q extends ListQuery<string, string, unknown, infer K>
    ? K
    : Q extends z.ZodObject<infer Shape>
      ? keyof Shape & string
      : never
  : never;

type ParamsPart<O extends OperationSpec> = [PathParamNames<O['path']>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<O['path']> };

type QueryPart<O> = [QueryNames<O>] extends [never] ? { query?: undefined } : { query?: { [K in QueryNames<O>]?: QueryValue } };

type BodyPart<O> = O extends { body: infer B }
  ? B extends z.ZodType
    ? { body: z.input<B> }
    : B extends MediaContent
      ? { form?: FormData; raw?: { body: Blob; contentType: string } }
      : object
  : { body?: undefined };

/** What a call sends besides the operation's inputs. */
export type CallOptions = Pick<
  RequestOptions,
  'signal' | 'wait' | 'timeoutMs' | 'onUploadProgress' | 'auth' | 'headers' | 'write'
> & {
  /** A file answer's progress (`download` only). */
  onDownloadProgress?: DownloadProgress;
};

export type CallInput<O extends OperationSpec> = ParamsPart<O> & QueryPart<O> & BodyPart<O> & CallOptions;

/** The input is optional where an operation takes no path parameter and no body. */
type Args<O extends OperationSpec> = [PathParamNames<O['path']>] extends [never]
  ? O extends { body: z.ZodType }
    ? [input: CallInput<O>]
    : [input?: CallInput<O>]
  : [input: CallInput<O>];

/** What a call resolves with: the parsed answer, or nothing for an operation without one. */
export type AnswerOf<O> = O extends { answer: infer A }
  ? A extends z.ZodType
    ? z.output<A>
    : A extends { schema: infer S extends z.ZodType }
      ? z.output<S>
      : void
  : void;

/** The path a client requests for `op`: its parameters filled, the users' path word as configured. */
export function requestPath(op: Pick<OperationSpec, 'path'>, params?: Readonly<Record<string, string | number>>): string {
  const path = op.path.startsWith('/api/v2/app-users') ? usersPath() + op.path.slice('/api/v2/app-users'.length) : op.path;
  return fillPath(path, params);
}

function requestOf(op: OperationSpec, input: Record<string, unknown> = {}): RequestOptions<z.ZodType | undefined> {
  const {
    params,
    query,
    body,
    form,
    raw,
    onDownloadProgress: _progress,
    ...options
  } = input as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    form?: FormData;
    raw?: { body: Blob; contentType: string };
  } & CallOptions;
  const answer = op.answer;
  const schema = answer === undefined ? undefined : isMediaContent(answer) ? answer.schema : answer;
  return {
    ...options,
    operation: op.summary,
    method: op.method,
    path: requestPath(op, params),
    ...(query ? { query } : {}),
    ...(body !== undefined ? { json: body } : {}),
    ...(form ? { form } : {}),
    ...(raw ? { raw } : {}),
    ...(schema ? { schema } : {}),
    ...(schema && isMediaContent(answer) ? { text: true } : {}),
  };
}

/** Calls `op` and resolves with its parsed answer; rejects with an ApiError naming the operation. */
export function call<const O extends OperationSpec>(op: O, ...[input]: Args<O>): Promise<AnswerOf<O>> {
  return apiRequest(requestOf(op, input as Record<string, unknown>)) as Promise<AnswerOf<O>>;
}

/** Calls `op`, whose answer is a file, and resolves with its bytes and name. */
export function download<const O extends OperationSpec>(op: O, ...[input]: Args<O>): Promise<DownloadedFile> {
  const { schema: _schema, text: _text, ...options } = requestOf(op, input as Record<string, unknown>);
  const onDownloadProgress = (input as CallOptions | undefined)?.onDownloadProgress;
  return apiDownload({ ...options, ...(onDownloadProgress ? { onDownloadProgress } : {}) });
}
