import { z } from 'zod';
import { errorBody } from '../../api/schemas/wire-format';
import { isListQuery } from '../../api/list-query';
import { isMediaContent, permissionsNeeded, type Access, type MediaContent, type Operation } from '../../api/operation';
import { OPERATIONS } from '../../api/operations';
import type { Edition } from '../config';

/**
 * The mock's own API document (OpenAPI 3.0), built from the operations'
 * declarations (src/api/operations/: who may call each, and the schemas it
 * reads and answers, the same objects the mock validates with and the
 * console parses with). Nothing in it is written by hand but the summaries.
 *
 * Schemas are converted with Zod's `toJSONSchema` on their input side: a
 * request schema's input is what a client sends, and an answer schema is the
 * console's parser of the service's answer, so its input is what the service
 * sends (wrapper objects of nullable values included).
 */

export interface DocumentOptions {
  edition: Edition;
  /** The users' path word as deployed (`app` → /api/v2/app-users). */
  usersPathWord: string;
  /** The document's `info.version`. */
  version?: string;
}

type Json = Record<string, unknown>;

const ERROR_SCHEMA = 'ErrorBody';

/** Every error answer and what it means; each is the service's error body. */
const ERROR_ANSWERS = {
  400: 'Bad request: a path parameter, query parameter or body is malformed or fails its rules; `errors` names each field.',
  401: 'Not signed in: no token, or one that is invalid, expired or of a disabled account.',
  403: 'Forbidden: your role lacks the permission this operation needs; the message names it and the roles that grant it.',
  404: 'Not found: no such record (or, on a community server, no such operation).',
  409: 'Conflict with the current state (a duplicate name, a change made meanwhile).',
  410: 'Gone: the operation is no longer supported; the message says what replaces it.',
  413: 'The body is larger than the operation accepts.',
  415: 'The body is not of a media type the operation accepts.',
  429: 'Too many requests: retry after the number of seconds in Retry-After.',
  500: 'The server failed to handle the request.',
  503: 'The service is busy; retry later.',
} as const;
type ErrorStatus = keyof typeof ERROR_ANSWERS;

/** A Zod schema as an OpenAPI 3.0 schema object. */
export function jsonSchemaOf(schema: z.ZodType): Json {
  const out = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as Json;
  delete out.$schema;
  return out;
}

/** Who may call an operation, in words. */
export function accessText(access: Access): string {
  switch (access.kind) {
    case 'public':
      return 'Public: no token needed.';
    case 'signed-in':
      return 'Any signed-in person.';
    case 'permission':
      return `Needs ${access.permissions.join(' and ')}.`;
    case 'account': {
      const more = access.permissions.length > 0 ? `, and ${access.permissions.join(' and ')}` : '';
      return `On your own account needs auth.ManageSelf, on anyone else's auth.ManageUsers${more}.`;
    }
    case 'client':
      return 'Only a collection client, with its own token.';
  }
}

/** The document's path of a table path: the users' path word as deployed. */
function deployedPath(path: string, usersPathWord: string): string {
  return path.replace(/^\/api\/v2\/app-users(?=$|\/|-minimal)/, `/api/v2/${usersPathWord}-users`);
}

/** `GET /api/v2/asset-groups/{asset_group_id}/members` → `getAssetGroupsByAssetGroupIdMembers`. */
function operationId(route: Operation): string {
  const words = route.path
    .replace(/^\/api\/(v2\/)?/, '')
    .split(/[/-]/)
    .filter(Boolean)
    .map((w) => (w.startsWith('{') ? `By_${w.slice(1, -1)}` : w))
    .flatMap((w) => w.split('_'))
    .filter(Boolean);
  return route.method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

function content(value: z.ZodType | MediaContent): Json {
  if (!isMediaContent(value)) return { 'application/json': { schema: jsonSchemaOf(value) } };
  const schema = value.schema ? jsonSchemaOf(value.schema) : { type: 'string', format: 'binary' };
  return Object.fromEntries(value.media.map((m) => [m, { schema }]));
}

function parameters(route: Operation, doc: Operation): Json[] {
  const out: Json[] = [];
  for (const [, name] of route.path.matchAll(/\{([^}]+)\}/g)) {
    const given = doc.params?.[name!];
    out.push({ name, in: 'path', required: true, schema: given ? jsonSchemaOf(given) : { type: 'string' } });
  }
  if (doc.query) {
    const query = jsonSchemaOf(isListQuery(doc.query) ? doc.query.schema : doc.query);
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties as Record<string, Json> | undefined) ?? {})) {
      out.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  return out;
}

function errorStatuses(route: Operation, doc: Operation): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>();
  const takesInput = /\{/.test(route.path) || doc.query !== undefined || doc.body !== undefined;
  if (takesInput) statuses.add(400);
  if (route.access.kind !== 'public') statuses.add(401);
  if (permissionsNeeded(route.access).length > 0) statuses.add(403);
  if (/\{/.test(route.path) || route.enterprise) statuses.add(404);
  // A JSON body is read by readJson: too large a body is a 413, another media type a 415.
  if (doc.body && !isMediaContent(doc.body)) {
    statuses.add(413);
    statuses.add(415);
  }
  for (const s of doc.errors ?? []) statuses.add(s);
  statuses.add(500);
  return [...statuses].sort((a, b) => a - b);
}

function security(access: Access): Json[] {
  if (access.kind === 'public') return [];
  if (access.kind === 'client') return [{ JWTBearerToken: [] }];
  return [{ JWTBearerToken: [] }, { SignedRequest: [], RequestDate: [], HMACSignature: [] }];
}

function operationObject(route: Operation, doc: Operation): Json {
  const description = [doc.description, accessText(route.access), route.enterprise ? 'Enterprise servers only.' : undefined]
    .filter(Boolean)
    .join('\n\n');
  const status = doc.status ?? 200;
  const success: Json = { description: doc.summary };
  if (doc.answer) success.content = content(doc.answer);
  const responses: Json = { [status]: success };
  for (const s of errorStatuses(route, doc)) responses[s] = { $ref: `#/components/responses/${s}` };
  const params = parameters(route, doc);
  return {
    operationId: operationId(route),
    summary: doc.summary,
    description,
    tags: [doc.tag],
    ...(doc.deprecated ? { deprecated: true } : {}),
    security: security(route.access),
    'x-access': route.access.kind,
    'x-permissions': permissionsNeeded(route.access),
    ...(route.enterprise ? { 'x-enterprise': true } : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(doc.body ? { requestBody: { required: true, content: content(doc.body) } } : {}),
    responses,
  };
}

/** The API document of the mock's operations on `edition` (the enterprise ones only there). */
export function buildApiDocument({ edition, usersPathWord, version = '2' }: DocumentOptions): Json {
  const paths: Record<string, Json> = {};
  const tags = new Set<string>();
  for (const route of OPERATIONS) {
    if (route.enterprise && edition !== 'enterprise') continue;
    const doc = route;
    if (doc.unserved) continue;
    tags.add(doc.tag);
    const path = deployedPath(route.path, usersPathWord);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationObject(route, doc) };
  }
  const responses = Object.fromEntries(
    Object.entries(ERROR_ANSWERS).map(([status, description]) => [
      status,
      { description, content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA}` } } } },
    ]),
  );
  return {
    openapi: '3.0.3',
    info: {
      title: `Console service API (${edition})`,
      version,
      description:
        "The operations this service answers, generated from its operations' declarations and the schemas it validates with. Every error is the service's error body.",
    },
    servers: [{ url: '/' }],
    security: [{ JWTBearerToken: [] }, { SignedRequest: [], RequestDate: [], HMACSignature: [] }],
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      schemas: { [ERROR_SCHEMA]: jsonSchemaOf(errorBody) },
      responses,
      securitySchemes: {
        JWTBearerToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: "`Authorization: Bearer <session token>` (from POST /api/v2/login), or a collection client's token.",
        },
        SignedRequest: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: '`Authorization: bhesignature <API token id>`',
        },
        RequestDate: { type: 'apiKey', in: 'header', name: 'RequestDate', description: '`RequestDate: <RFC 3339 time>`' },
        HMACSignature: { type: 'apiKey', in: 'header', name: 'Signature', description: '`Signature: <base64 HMAC-SHA-256>`' },
      },
    },
  };
}
