import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_PORT } from './servers';
import { REFERENCE } from './prism';

/* eslint-disable @typescript-eslint/no-explicit-any -- an OpenAPI document, edited by its paths */
type Document = any;

/**
 * Where the upstream contract is wrong and the service answers (or accepts) otherwise. The Prism run uses the
 * document with these corrected, so neither Prism's random answers nor its request checks hold the console to
 * what the real service never does; each says why. Everything else is the document as published.
 */
export interface Correction {
  /** What is corrected. */
  what: string;
  /** Why: where the reference's notes (or the service) say so. */
  reason: string;
  apply(doc: Document): void;
}

const schemas = (doc: Document) => doc.components.schemas;
/** `{ value, valid }` objects (Go's sql.Null*) the service sends as plain nullable values. */
const plainNullable = (type: string) => ({ type, nullable: true });

export const CORRECTIONS: Correction[] = [
  {
    what: 'GET /api/v2/self answers the user record (`model.user`), not a `oneOf` of a user and a collection client',
    reason:
      'reference/README.upstream.md, known defects: "/self is a oneOf of two all-optional objects (the service answers one user record)"',
    apply: (doc) => {
      schemas(doc)['api.response.authenticated-requester'].properties.data = { $ref: '#/components/schemas/model.user' };
    },
  },
  {
    what: "A Privilege Zones tag's position, require_certify, analysis_enabled and glyph are plain nullable values",
    reason:
      'the Privilege Zones notes (privilege-zones-and-cypher.md, "Where the document is wrong"): "Tag position, require_certify, analysis_enabled and glyph are plain nullable values"',
    apply: (doc) => {
      Object.assign(schemas(doc)['model.asset-group-tag'].properties, {
        position: plainNullable('integer'),
        require_certify: plainNullable('boolean'),
        analysis_enabled: plainNullable('boolean'),
        glyph: plainNullable('string'),
      });
    },
  },
  {
    what: "A tag's type is 1 (zone), 2 (label) or 3 (Owned); a member's certification 0 to 3",
    reason:
      'the document types both as any integer; its own description of `certified` and the Privilege Zones notes ("type: 1 zone, 2 label, 3 Owned"; "Certification values are 0 to 3") name the only values the service sends',
    apply: (doc) => {
      schemas(doc)['model.asset-group-tag'].properties.type.enum = [1, 2, 3];
      const certification = schemas(doc)['model.asset-group-tags-certification-response'].allOf[1];
      certification.properties.data.properties.members.items.properties.certified.enum = [0, 1, 2, 3];
    },
  },
  {
    what: 'The Privilege Zones history answers `{ count, skip, limit, data: { records } }`, its nullable strings plain',
    reason:
      'the Privilege Zones notes ("History answers `data.records`, not an array in `data`"; nullable values are plain JSON values); its paging is that of every list (`api.response.pagination`)',
    apply: (doc) => {
      const history = schemas(doc)['model.asset-group-tags-history'];
      const record = history.properties.data.items.properties.records.items;
      Object.assign(record.properties, {
        email: plainNullable('string'),
        environment_id: plainNullable('string'),
        note: plainNullable('string'),
      });
      schemas(doc)['model.asset-group-tags-history'] = {
        allOf: [
          { $ref: '#/components/schemas/api.response.pagination' },
          { type: 'object', properties: { data: { type: 'object', properties: { records: { type: 'array', items: record } } } } },
        ],
      };
    },
  },
  {
    what: "A request's nullable values are plain JSON values: a user's `sso_provider_id`, a collection's `domain_controller`",
    reason:
      "the document types them as Go's `{int32, valid}` / `{string, valid}` objects; the service reads a number, a string or null (its null types take nothing else), which is what the console sends",
    apply: (doc) => {
      schemas(doc)['api.requests.user.update'].properties.sso_provider_id = plainNullable('integer');
      // Only the request: the task records the service answers keep the document's shape.
      const job = JSON.parse(JSON.stringify(schemas(doc)['model.client-scheduled-job']));
      for (const part of job.allOf)
        if (part.properties?.domain_controller) part.properties.domain_controller = plainNullable('string');
      schemas(doc)['request.client-scheduled-job'] = job;
      for (const path of ['/api/v2/clients/{client_id}/tasks', '/api/v2/clients/{client_id}/jobs']) {
        doc.paths[path].post.requestBody.content['application/json'].schema = {
          $ref: '#/components/schemas/request.client-scheduled-job',
        };
      }
    },
  },
  {
    what: 'The Privilege Zones history takes `created_at` more than once (a date range: `gte:` and `lt:` bounds)',
    reason:
      "the parameter's own description gives the range as `created_at=gt:…&created_at=lt:…`, where its schema allows one value",
    apply: (doc) => {
      const parameter = doc.paths['/api/v2/asset-group-tags-history'].get.parameters.find(
        (p: { name?: string }) => p.name === 'created_at',
      );
      parameter.schema = { type: 'array', items: parameter.schema };
      parameter.style = 'form';
      parameter.explode = true;
    },
  },
  {
    what: 'GET /api/v2/sso-providers may be called without a session',
    reason:
      'the sign-in page lists the SSO providers before anyone is signed in; the service answers it without a token (the short entries), where the document asks for one',
    apply: (doc) => {
      doc.paths['/api/v2/sso-providers'].get.security = [{}, ...doc.security];
    },
  },
];

/**
 * The reference with every correction applied, written beside the other e2e caches; its path. Each worker
 * (`worker`: its parallel index) has its own file, written only when its text changes: Prism watches the
 * document it serves and restarts, dropping its connections, when the file is written again.
 */
export function correctedReference(worker: number): string {
  const doc = JSON.parse(readFileSync(REFERENCE, 'utf8')) as Document;
  for (const correction of CORRECTIONS) correction.apply(doc);
  const text = JSON.stringify(doc);
  const path = join(REFERENCE, '..', '..', 'node_modules', `.e2e-prism-reference-${E2E_PORT}-${worker}.json`);
  if (!existsSync(path) || readFileSync(path, 'utf8') !== text) writeFileSync(path, text);
  return path;
}

/** Whether the reference has the operation `method path` (a concrete path: `/api/v2/roles/3`). */
export function inDocument(method: string, path: string): boolean {
  return operations().some(([m, pattern]) => m === method.toLowerCase() && pattern.test(path));
}

let known: [string, RegExp][] | undefined;
function operations(): [string, RegExp][] {
  if (!known) {
    const doc = JSON.parse(readFileSync(REFERENCE, 'utf8')) as Document;
    known = Object.entries(doc.paths as Record<string, object>).flatMap(([path, item]) => {
      const pattern = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
      return Object.keys(item).map((method): [string, RegExp] => [method, pattern]);
    });
  }
  return known;
}
