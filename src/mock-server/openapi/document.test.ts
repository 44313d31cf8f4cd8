import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../api/schemas/wire-format';
import { customNodeResponse, kindNameField, updateCustomNodeBody } from '../../api/schemas/custom-nodes';
import { operationKey } from '../../api/operation';
import { OPERATIONS } from '../../api/operations';
import { call, testMockServer, tokenFor } from '../../testing/mock-service';
import { buildApiDocument, jsonSchemaOf } from './document';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a parsed document

const enterprise = buildApiDocument({ edition: 'enterprise', usersPathWord: 'app' }) as Json;
const community = buildApiDocument({ edition: 'community', usersPathWord: 'app' }) as Json;

describe('the operations in the document', () => {
  /** Whether the mock has a handler for the row (a request to it is not answered "No operation … exists"). */
  async function served(method: string, path: string): Promise<boolean> {
    const mock = testMockServer();
    const token = await tokenFor(mock, 'admin');
    const write = method !== 'GET';
    const res = await mock.fetch(
      new Request(`http://mock.test${path.replace(/\{[^}]+\}/g, '1')}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(write ? { 'Content-Type': 'application/json' } : {}) },
        body: write ? '{}' : undefined,
      }),
    );
    return !(res.status === 404 && (await res.text()).includes('No operation'));
  }

  // One request per operation, the first of them seeding the mock: on a busy machine that takes more than the usual 20 s.
  it('are all served by the mock, and the rows it does not serve are left out', { timeout: 60_000 }, async () => {
    const wrong: string[] = [];
    for (const route of OPERATIONS) {
      const doc = route;
      const listed = enterprise.paths[route.path]?.[route.method.toLowerCase()] !== undefined;
      if (listed === Boolean(doc.unserved)) wrong.push(`${operationKey(route)}: ${listed ? 'listed' : 'left out'}`);
      if ((await served(route.method, route.path)) === Boolean(doc.unserved)) {
        wrong.push(`${operationKey(route)}: ${doc.unserved ? 'served, but marked unserved' : 'not served, but described'}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('GET /api/v2/spec', () => {
  it('answers the document without a token, the same body every time', async () => {
    const mock = testMockServer();
    const first = await call(mock, 'GET', '/api/v2/spec');
    expect(first.status).toBe(200);
    expect(first.headers.get('Content-Type')).toMatch(/^text\/x-yaml/);
    expect(load(first.body as string)).toMatchObject({ openapi: '3.0.3', servers: [{ url: '/' }] });
    expect((await call(mock, 'GET', '/api/v2/spec')).body).toEqual(first.body);
    // The YAML holds the whole document, every schema written where it is used.
    expect(load(first.body as string)).toEqual(
      JSON.parse(JSON.stringify(buildApiDocument({ edition: 'enterprise', usersPathWord: 'app' }))),
    );
    expect(first.body).not.toMatch(/[&*]ref_\d/);
  });

  it('writes the users path word as deployed', async () => {
    const mock = testMockServer({}, { MOCK_USERS_PATH_WORD: 'bloodhound' });
    const paths = Object.keys((load((await call(mock, 'GET', '/api/v2/spec')).body as string) as Json).paths);
    expect(paths).toContain('/api/v2/bloodhound-users/{user_id}');
    expect(paths).toContain('/api/v2/bloodhound-users-minimal');
    expect(paths.filter((p) => p.includes('app-users'))).toEqual([]);
  });

  it('lists the enterprise operations only on an enterprise server', async () => {
    const mock = testMockServer({ edition: 'community' });
    const paths = (load((await call(mock, 'GET', '/api/v2/spec')).body as string) as Json).paths;
    expect(paths['/api/v2/clients']).toBeUndefined();
    expect(paths['/api/v2/asset-group-tags'].post).toBeUndefined();
    expect(paths['/api/v2/asset-group-tags'].get).toBeDefined();
    expect(enterprise.paths['/api/v2/clients'].get['x-enterprise']).toBe(true);
    expect(enterprise.paths['/api/v2/asset-group-tags'].post).toBeDefined();
  });
});

describe('an operation in the document', () => {
  const put = enterprise.paths['/api/v2/custom-nodes/{kind_name}'].put;

  it('has its path parameter, body and answer from the schemas the route and the console use', () => {
    expect(put.parameters).toEqual([{ name: 'kind_name', in: 'path', required: true, schema: jsonSchemaOf(kindNameField) }]);
    expect(put.requestBody.content['application/json'].schema).toEqual(jsonSchemaOf(updateCustomNodeBody));
    expect(put.responses['200'].content['application/json'].schema).toEqual(jsonSchemaOf(customNodeResponse));
    expect(put.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['config'],
      properties: { config: { type: 'object' } },
    });
  });

  it('names its permission in the description, the extension and the security', () => {
    expect(put['x-permissions']).toEqual(['app.WriteAppConfig']);
    expect(put['x-access']).toBe('permission');
    expect(put.description).toContain('Needs app.WriteAppConfig.');
    expect(put.security).toContainEqual({ JWTBearerToken: [] });
  });

  it('gives each error the answer its access and inputs can bring', () => {
    expect(Object.keys(put.responses).sort()).toEqual(['200', '400', '401', '403', '404', '413', '415', '500']);
    const read = enterprise.paths['/api/v2/custom-nodes'].get;
    expect(Object.keys(read.responses).sort()).toEqual(['200', '401', '500']);
    expect(read['x-permissions']).toEqual([]);
    const login = enterprise.paths['/api/v2/login'].post;
    expect(login.security).toEqual([]);
    expect(Object.keys(login.responses).sort()).toEqual(['200', '400', '413', '415', '429', '500']);
    const spec = enterprise.paths['/api/v2/spec'].get;
    expect(spec.security).toEqual([]);
    expect(spec['x-access']).toBe('public');
  });

  it('describes account operations and client-only operations in words', () => {
    const secret = enterprise.paths['/api/v2/app-users/{user_id}/secret'].put;
    expect(secret.description).toContain("On your own account needs auth.ManageSelf, on anyone else's auth.ManageUsers");
    expect(secret['x-permissions']).toEqual(['auth.ManageSelf']);
    expect(enterprise.paths['/api/v2/jobs/end'].post.description).toContain('Only a collection client');
    expect(enterprise.paths['/api/v2/jobs/end'].post.description).toContain('Enterprise servers only.');
  });
});

describe('the error body', () => {
  it('is one shared component, the service error body', () => {
    expect(enterprise.components.schemas.ErrorBody).toEqual(jsonSchemaOf(errorBody));
    expect(enterprise.components.schemas.ErrorBody.required).toEqual(['http_status', 'timestamp', 'request_id', 'errors']);
  });

  it('is what every 4xx and 5xx answer of every operation refers to', () => {
    let errors = 0;
    for (const [path, item] of Object.entries<Json>(enterprise.paths)) {
      for (const [method, op] of Object.entries<Json>(item)) {
        for (const [status, answer] of Object.entries<Json>(op.responses)) {
          if (Number(status) < 400) continue;
          errors++;
          expect(answer, `${method} ${path} ${status}`).toEqual({ $ref: `#/components/responses/${status}` });
          const shared = enterprise.components.responses[status];
          expect(shared.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });
        }
      }
    }
    expect(errors).toBeGreaterThan(300);
  });
});

describe('the two editions', () => {
  it('differ by exactly the enterprise rows', () => {
    const count = (doc: Json) => Object.values<Json>(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    const listed = OPERATIONS.filter((r) => !r.unserved);
    expect(count(enterprise)).toBe(listed.length);
    expect(count(community)).toBe(listed.filter((r) => !r.enterprise).length);
  });
});
