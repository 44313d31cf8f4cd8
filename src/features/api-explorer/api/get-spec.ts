import { queryOptions, useQuery } from '@tanstack/react-query';
import { load } from 'js-yaml';
import { z } from 'zod';
import { call } from '@/api/call';
import { apiOps } from '@/api/operations/api';

/**
 * What the explorer needs of GET /api/v2/spec: an OpenAPI 3 document with its
 * operations. Everything else in it is kept as it came (the viewer reads it).
 */
export const apiDocument = z.looseObject({
  openapi: z.string().regex(/^3\./, { error: 'openapi must be a 3.x version' }),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.looseObject({})),
});
export type ApiDocument = z.infer<typeof apiDocument>;

/**
 * The document as text: upstream's server and the mock send YAML (text/x-yaml);
 * a server that sends JSON is read too (YAML reads both). Text that is neither is refused with the reason.
 */
export const apiDocumentText = z
  .string()
  .transform((text, ctx): unknown => {
    try {
      return load(text);
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: `The document is neither JSON nor YAML: ${(e as Error).message}` });
      return z.NEVER;
    }
  })
  .refine((doc) => typeof doc === 'object' && doc !== null && !Array.isArray(doc), {
    error: 'The document is not an OpenAPI document (an object with openapi, info and paths).',
    abort: true,
  })
  .pipe(apiDocument);

/** GET /api/v2/spec (apiOps.getApiSpec, public): the service's own API document, JSON or YAML. */
export function getApiSpec(signal?: AbortSignal): Promise<ApiDocument> {
  return call(
    { ...apiOps.getApiSpec, answer: { media: apiOps.getApiSpec.answer.media, schema: apiDocumentText } },
    { headers: { Accept: 'application/json, text/x-yaml;q=0.9' }, signal },
  );
}

export const apiSpecQueryOptions = () =>
  // The document changes only with the server: read once per visit.
  queryOptions({ queryKey: ['api-spec'] as const, queryFn: ({ signal }) => getApiSpec(signal), staleTime: Infinity });

export function useApiSpec() {
  return useQuery(apiSpecQueryOptions());
}
