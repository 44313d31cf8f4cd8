import { describe, expect, it } from 'vitest';
import reference from '../../../reference/openapi-subset.json';
import { compareWithReference, findingKey, type Finding } from './compare';
import { buildApiDocument } from './document';
import { KNOWN_DIFFERENCES, MOCK_OWN_OPERATIONS } from './reference-differences';

/**
 * The mock's API document against the upstream reference: every operation the
 * mock serves is in the reference (or one of its own, listed with a reason),
 * and where both have it, with the same path and query parameters (names,
 * required-ness) and the same top-level properties of its JSON answer, apart
 * from the differences listed with their reasons (reference-differences.ts).
 */

type Json = Record<string, unknown>;

// The reference spells the users' path word `bloodhound`; the mock's document as deployed there.
const mock = buildApiDocument({ edition: 'enterprise', usersPathWord: 'bloodhound' });
const findings = compareWithReference(mock, reference as unknown as Json);

/** The listed differences by finding key. */
const listed = new Map<string, string>();
for (const own of MOCK_OWN_OPERATIONS) listed.set(findingKey({ kind: 'not-in-reference', operation: own.operation }), own.reason);
for (const d of KNOWN_DIFFERENCES) {
  for (const name of d.names ?? [undefined]) listed.set(findingKey({ kind: d.kind, operation: d.operation, name }), d.reason);
}

const report = (list: readonly Finding[]) =>
  list.map((f) => `  ${f.operation}: ${f.kind}${f.name ? ` ${f.name}` : ''} (${f.detail})`).join('\n');

describe('the mock against the reference', () => {
  it('differs only where a listed reason says so', () => {
    const unexplained = findings.filter((f) => !listed.has(findingKey(f)));
    expect(
      unexplained,
      `Differences from reference/openapi-subset.json: fix the mock, or list each with its reason in reference-differences.ts\n${report(unexplained)}`,
    ).toEqual([]);
  });

  it('lists no difference that no longer occurs', () => {
    const found = new Set(findings.map(findingKey));
    expect([...listed.keys()].filter((key) => !found.has(key))).toEqual([]);
  });

  it('gives every listed difference a reason', () => {
    for (const [key, reason] of listed) expect(reason.length, key).toBeGreaterThan(20);
  });

  it('compares most operations with the reference', () => {
    const ours = Object.values(mock.paths as Record<string, Json>).reduce((n, item) => n + Object.keys(item).length, 0);
    const own = findings.filter((f) => f.kind === 'not-in-reference').length;
    expect(own).toBe(MOCK_OWN_OPERATIONS.length);
    expect(ours - own).toBeGreaterThan(100);
  });
});

describe('the comparison', () => {
  const tiny = (paths: Json): Json => ({ openapi: '3.0.3', paths, components: {} });
  const answer = (properties: string[]) => ({
    '200': {
      description: 'OK',
      content: {
        'application/json': { schema: { type: 'object', properties: Object.fromEntries(properties.map((p) => [p, {}])) } },
      },
    },
  });

  it('finds a renamed path parameter, a missing query parameter, a required-ness and an answer property', () => {
    const ours = tiny({
      '/x/{id}': {
        get: {
          parameters: [
            { name: 'id', in: 'path', required: true },
            { name: 'skip', in: 'query', required: true },
          ],
          responses: answer(['data', 'count']),
        },
      },
      '/y': { post: { responses: {} } },
    });
    const theirs = tiny({
      '/x/{x_id}': {
        parameters: [{ $ref: '#/components/parameters/skip' }],
        get: { parameters: [{ name: 'limit', in: 'query' }], responses: answer(['data']) },
      },
    });
    (theirs.components as Json).parameters = { skip: { name: 'skip', in: 'query', required: false } };
    expect(compareWithReference(ours, theirs).map(findingKey)).toEqual([
      'path-param GET /x/{id} id',
      'query-required GET /x/{id} skip',
      'query-param GET /x/{id} limit',
      'answer-property GET /x/{id} count',
      'not-in-reference POST /y',
    ]);
  });
});
