/**
 * The parts of an operation's declaration a call needs (src/api/call.ts), apart from the declarations' access
 * rules, so the sign-in page's calls load no permission table.
 */

import type { z } from 'zod';
/** A body or an answer that is not JSON: its media types, and the schema of its content where one applies. */
export interface MediaContent {
  media: readonly string[];
  /** The content's schema (multipart fields, a PEM text); a file when absent. */
  schema?: z.ZodType;
}

/** A file (a download, an upload) of these media types. */
export const file = (...media: string[]): MediaContent => ({ media });

export function isMediaContent(value: unknown): value is MediaContent {
  return typeof value === 'object' && value !== null && Array.isArray((value as MediaContent).media);
}

/** `path` with each `{name}` replaced by its value, encoded as one path segment. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Path parameter ${name} of ${path} is missing`);
    return encodeURIComponent(String(value));
  });
}
