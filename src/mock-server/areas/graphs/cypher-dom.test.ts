// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { call, testMockServer, tokenFor } from '../../../testing/mock-service';

// Component tests call the in-process mock from jsdom, whose globals (URL among them) are not Node's.
it('answers Cypher from its worker in a jsdom test environment', async () => {
  const mock = testMockServer();
  const token = await tokenFor(mock, 'reader');
  const res = await call(mock, 'POST', '/api/v2/graphs/cypher', { token, json: { query: 'MATCH (d:Domain) RETURN d' } });
  expect(res.status).toBe(200);
  expect(Object.keys((res.body as { data: { nodes: object } }).data.nodes)).toHaveLength(3);
});
