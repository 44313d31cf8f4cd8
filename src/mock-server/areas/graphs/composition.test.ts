import { beforeAll, describe, expect, it } from 'vitest';
import { edgeCompositionResponse, isComposedEdgeKind, type UnifiedGraph } from '../../../api/schemas/cypher';
import { call, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';
import { graphIdOf } from '../../cypher/graph';
import { directoryGraph, type GraphEdge } from '../../seed/graph';
import { COMPOSITIONS, edgeComposition } from './composition';

let mock: MockServer;
let reader: string;
let uploader: string;

beforeAll(async () => {
  mock = testMockServer();
  [reader, uploader] = await Promise.all([tokenFor(mock, 'reader'), tokenFor(mock, 'uploader')]);
});

const graph = directoryGraph();
const node = (name: string) => [...graph.domains, ...graph.nodes].find((n) => n.name === name)!;
const edgeOf = (kind: string, source?: string) =>
  graph.edges.find((e) => e.kind === kind && (source === undefined || graph.byId.get(e.source)!.name === source))!;

const compose = (query: string, token = reader) => call(mock, 'GET', `/api/v2/graphs/edge-composition?${query}`, { token });
const queryOf = (edge: GraphEdge) =>
  new URLSearchParams({
    source_node: String(graphIdOf(graph.byId.get(edge.source)!)),
    target_node: String(graphIdOf(graph.byId.get(edge.target)!)),
    edge_type: edge.kind,
  }).toString();
const composition = async (edge: GraphEdge) => {
  const res = await compose(queryOf(edge));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return edgeCompositionResponse.parse(res.body).data;
};
const messages = (body: unknown) => (body as { errors: { message: string }[] }).errors.map((e) => e.message);
/** The relationships of a composition as "FROM -Kind-> TO", by name. */
const named = (answer: UnifiedGraph) =>
  answer.edges.map((e) => `${answer.nodes[e.source]!.label} -${e.kind}-> ${answer.nodes[e.target]!.label}`).sort();

describe('GET /api/v2/graphs/edge-composition', () => {
  it('answers how a GoldenCert is made: the CA the computer hosts, its chain to the domain and its NTAuth trust', async () => {
    const answer = await composition(edgeOf('GoldenCert'));
    expect(named(answer)).toEqual(
      [
        'SRV-CA01.CORP.ACME.LOCAL -HostsCAService-> ACME-ISSUING-CA@CORP.ACME.LOCAL',
        'ACME-ISSUING-CA@CORP.ACME.LOCAL -IssuedSignedBy-> ACME-ROOT-CA@CORP.ACME.LOCAL',
        // The AIA CA holding the same certificate, signed by the root CA too.
        'ACME-ISSUING-CA@CORP.ACME.LOCAL -EnterpriseCAFor-> ACME-ISSUING-CA@CORP.ACME.LOCAL',
        'ACME-ISSUING-CA@CORP.ACME.LOCAL -IssuedSignedBy-> ACME-ROOT-CA@CORP.ACME.LOCAL',
        'ACME-ROOT-CA@CORP.ACME.LOCAL -RootCAFor-> CORP.ACME.LOCAL',
        'ACME-ISSUING-CA@CORP.ACME.LOCAL -TrustedForNTAuth-> NTAUTHCERTIFICATES@CORP.ACME.LOCAL',
        'NTAUTHCERTIFICATES@CORP.ACME.LOCAL -NTAuthStoreFor-> CORP.ACME.LOCAL',
      ].sort(),
    );
    // Upstream's unified graph: nodes by graph id with their properties and marks, no literals.
    const host = answer.nodes[String(graphIdOf(node('SRV-CA01.CORP.ACME.LOCAL')))]!;
    expect(host).toMatchObject({ kind: 'Computer', objectId: node('SRV-CA01.CORP.ACME.LOCAL').objectid });
    expect(host.properties).toMatchObject({ name: 'SRV-CA01.CORP.ACME.LOCAL' });
    expect(answer.nodes[String(graphIdOf(node('CORP.ACME.LOCAL')))]).toMatchObject({ kind: 'Domain', isTierZero: true });
    expect(answer.literals).toEqual([]);
  });

  it('answers ESC1 through the template Domain Users enroll on, and an NTLM relay to SMB through its admin', async () => {
    const esc1 = named(await composition(edgeOf('ADCSESC1')));
    expect(esc1).toContain('DOMAIN USERS@CORP.ACME.LOCAL -Enroll-> CORPVPN@CORP.ACME.LOCAL');
    expect(esc1).toContain('CORPVPN@CORP.ACME.LOCAL -PublishedTo-> ACME-ISSUING-CA@CORP.ACME.LOCAL');
    expect(esc1).toContain('DOMAIN USERS@CORP.ACME.LOCAL -Enroll-> ACME-ISSUING-CA@CORP.ACME.LOCAL');
    // Templates that need approval, or let no enrollee name the subject, are not part of it.
    expect(esc1.join('\n')).not.toMatch(/KERBEROSAUTHENTICATION|-> USER@/);

    // The relay: computers of the domain, free to send NTLM, that administer the target, directly or through groups.
    const smb = edgeOf('CoerceAndRelayNTLMToSMB');
    const relay = await composition(smb);
    const target = String(graphIdOf(graph.byId.get(smb.target)!));
    expect(relay.edges.filter((e) => e.kind === 'AdminTo').map((e) => e.target)).toContain(target);
    for (const e of relay.edges) expect(['AdminTo', 'MemberOf']).toContain(e.kind);
    const admins = Object.entries(relay.nodes).filter(([id, n]) => id !== target && n.kind === 'Computer');
    expect(admins.length).toBeGreaterThan(0);
    for (const [, admin] of admins) expect(admin.properties).toMatchObject({ restrictoutboundntlm: false });
  });

  it('composes every seeded relationship of a kind it computes', () => {
    const computed = graph.edges.filter((e) => COMPOSITIONS[e.kind]);
    expect(new Set(computed.map((e) => e.kind))).toEqual(new Set(Object.keys(COMPOSITIONS)));
    for (const edge of computed) expect(edgeComposition(graph, edge).edges.length, edge.kind).toBeGreaterThan(0);
    for (const kind of Object.keys(COMPOSITIONS)) expect(isComposedEdgeKind(kind), kind).toBe(true);
  });

  it('answers an empty composition for a kind made of no others, as upstream does', async () => {
    for (const kind of ['MemberOf', 'CoerceAndRelayNTLMToLDAP']) {
      expect(await composition(edgeOf(kind))).toEqual({ nodes: {}, edges: [], literals: [] });
    }
  });

  it('refuses missing, repeated and malformed parameters with upstream’s messages', async () => {
    const missing = await compose('');
    expect(missing.status).toBe(400);
    expect(messages(missing.body)).toEqual([
      'Expected source_node parameter to be set.',
      'Expected target_node parameter to be set.',
      'Expected edge_type parameter to be set.',
    ]);
    const repeated = await compose('source_node=1&source_node=2&target_node=x&edge_type=GoldenCert');
    expect(repeated.status).toBe(400);
    expect(messages(repeated.body)).toEqual(['Expected only one source_node.', 'target_node: Invalid value for endID: x']);
    const tooLarge = await compose('source_node=2147483648&target_node=1&edge_type=GoldenCert');
    expect(messages(tooLarge.body)).toEqual(['source_node: Invalid value for startID: 2147483648']);
  });

  it('refuses a kind it does not know and a relationship the graph does not hold (400, as upstream)', async () => {
    const unknown = await compose('source_node=1&target_node=2&edge_type=LOREMIPSUM');
    expect(unknown.status).toBe(400);
    expect(messages(unknown.body)).toEqual(['Invalid edge requested: LOREMIPSUM']);

    const golden = edgeOf('GoldenCert');
    const reversed = new URLSearchParams(queryOf(golden));
    const source = reversed.get('source_node')!;
    reversed.set('source_node', reversed.get('target_node')!);
    reversed.set('target_node', source);
    for (const query of [
      reversed.toString(),
      queryOf({ ...golden, kind: 'ADCSESC1' }),
      'source_node=999999&target_node=1&edge_type=GoldenCert',
    ]) {
      const absent = await compose(query);
      expect(absent.status, query).toBe(400);
      expect(messages(absent.body)).toEqual(['Could not find edge matching criteria: not found']);
    }
  });

  it('needs graphdb.Read', async () => {
    expect((await call(mock, 'GET', `/api/v2/graphs/edge-composition?${queryOf(edgeOf('GoldenCert'))}`)).status).toBe(401);
    const refused = await compose(queryOf(edgeOf('GoldenCert')), uploader);
    expect(refused.status).toBe(403);
    expect(messages(refused.body)[0]).toMatch(/graphdb\.Read/);
  });
});
