import { describe, expect, it } from 'vitest';
import { apiDocumentText } from './get-spec';

const JSON_DOC = JSON.stringify({ openapi: '3.0.3', info: { title: 'Service', version: 'v2' }, paths: { '/a': {} } });
const YAML_DOC = `openapi: 3.0.3
info:
  title: Service
  version: v2
paths:
  /api/v2/self:
    get:
      summary: Get self
`;

describe('the API document as the service sends it', () => {
  it("reads the mock's JSON", () => {
    expect(apiDocumentText.parse(JSON_DOC)).toMatchObject({ openapi: '3.0.3', paths: { '/a': {} } });
  });

  it("reads upstream's YAML", () => {
    const doc = apiDocumentText.parse(YAML_DOC);
    expect(doc.info.title).toBe('Service');
    expect(doc.paths['/api/v2/self']).toEqual({ get: { summary: 'Get self' } });
  });

  it('refuses a document that is not OpenAPI 3, naming what is wrong', () => {
    const swagger2 = apiDocumentText.safeParse('swagger: "2.0"\ninfo: {title: t, version: v}\npaths: {}');
    expect(swagger2.success).toBe(false);
    expect(swagger2.error!.issues.map((i) => i.path.join('.'))).toContain('openapi');
    const text = apiDocumentText.safeParse('just some words');
    expect(text.error!.issues[0]!.message).toBe(
      'The document is not an OpenAPI document (an object with openapi, info and paths).',
    );
    const broken = apiDocumentText.safeParse('openapi: [unclosed');
    expect(broken.error!.issues[0]!.message).toMatch(/neither JSON nor YAML/);
  });
});
