import type { z } from 'zod';

/** A body or an answer that is not JSON: its media types, and the schema of its content where one applies. */
export interface MediaContent {
  media: readonly string[];
  /** The content's schema (multipart fields, a PEM text); a file when absent. */
  schema?: z.ZodType;
}

/** An error status an operation answers beyond those the generator derives from its access and inputs. */
export type ExtraError = 404 | 409 | 413 | 415 | 429 | 503;

/**
 * What the API document says about one operation, beyond the access table:
 * the schemas it reads its inputs with and the schema of its answer, each the
 * very object the route handler validates with or the console parses with.
 */
export interface OperationDoc {
  summary: string;
  /** More than the summary says (a sentence or two). */
  description?: string;
  /** Path parameters by name, with the schema the route reads each with; a `{name}` not given here is text. */
  params?: Readonly<Record<string, z.ZodType>>;
  /** The query: an object schema whose keys are the query parameters (optional keys are optional parameters). */
  query?: z.ZodObject;
  /** The request body: a JSON schema object, or another media type. */
  body?: z.ZodType | MediaContent;
  /** The success answer: a JSON schema object, or another media type; no body when absent. */
  answer?: z.ZodType | MediaContent;
  /** The success status (default 200). */
  status?: 200 | 201 | 202 | 204 | 302 | 303;
  /** Error statuses beyond 400 (input), 401 (token), 403 (permission), 404 (path parameter, enterprise), 413 and 415 (JSON body). */
  errors?: readonly ExtraError[];
  /** Deprecated in favour of another operation. */
  deprecated?: boolean;
  /**
   * Why the mock does not serve this access-table row (it answers 404): such an
   * operation stays out of the document. A test fails once the mock serves it.
   */
  unserved?: string;
}

/** One area's operations, by "METHOD /path" as the access table writes it. */
export type OperationMap = Readonly<Record<string, OperationDoc>>;

/** One area's operations under its tag in the document. */
export interface OperationArea {
  tag: string;
  operations: OperationMap;
}

/** A file (a download, an upload) of these media types. */
export const file = (...media: string[]): MediaContent => ({ media });

export function isMediaContent(value: z.ZodType | MediaContent): value is MediaContent {
  return 'media' in value && Array.isArray((value as MediaContent).media);
}
