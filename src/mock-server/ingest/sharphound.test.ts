import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IngestError } from './batch';
import { parseCollectedFile } from './parse';

const D = 'S-1-5-21-1111111111-2222222222-3333333333';
const GPO = 'BBBBBBBB-0000-0000-0000-000000000001';
const OU = 'AAAAAAAA-0000-0000-0000-000000000001';
const CN = 'CCCCCCCC-0000-0000-0000-000000000001';
const [ROOT, AIA, ENT, NTA, TPL, POL] = [1, 2, 3, 4, 5, 6].map((i) => `DDDDDDDD-0000-0000-0000-00000000000${i}`);

/** A fixture file in chunks of `size` bytes, as an upload streams it. */
async function* chunksOf(name: string, size = 7) {
  const bytes = readFileSync(join(import.meta.dirname, 'fixtures', name));
  for (let at = 0; at < bytes.length; at += size) yield new Uint8Array(bytes.subarray(at, at + size));
}

const parse = (name: string) => parseCollectedFile(chunksOf(name));
const edge = (b: Awaited<ReturnType<typeof parse>>, kind: string) =>
  b.edges
    .filter((e) => e.kind === kind)
    .map((e) => [(e.source as { objectid: string }).objectid, (e.target as { objectid: string }).objectid]);

describe('SharpHound files', () => {
  it('users (v6, meta after data): node, properties lower-cased, membership, delegation, SPN, ACEs, containment', async () => {
    const b = await parse('users-v6.json');
    expect(b.sourceKind).toBe('AD');
    const alice = b.nodes.find((n) => n.objectid === `${D}-1104`)!;
    expect(alice.kinds).toEqual(['User', 'Base']);
    expect(alice.props).toMatchObject({ name: 'ALICE@LAB.TEST', enabled: true, objectid: `${D}-1104`, ownersid: `${D}-512` });
    expect(edge(b, 'MemberOf')).toEqual([[`${D}-1104`, `${D}-513`]]);
    expect(edge(b, 'AllowedToDelegate')).toEqual([[`${D}-1104`, `${D}-1001`]]);
    expect(edge(b, 'SQLAdmin')).toEqual([[`${D}-1104`, `${D}-1001`]]);
    expect(edge(b, 'GenericAll')).toEqual([[`${D}-512`, `${D}-1104`]]);
    expect(b.edges.find((e) => e.kind === 'GenericAll')!.props).toMatchObject({ isacl: true, isinherited: true });
    expect(edge(b, 'OwnsRaw')).toEqual([[`${D}-512`, `${D}-1104`]]);
    expect(edge(b, 'Contains')).toEqual([['AAAAAAAA-0000-0000-0000-000000000001', `${D}-1104`]]);
    // Referred to, not collected: a node with the reference's kind and no name.
    const group = b.nodes.find((n) => n.objectid === `${D}-513`)!;
    expect(group.kinds).toEqual(['Group', 'Base']);
    expect(group.props.name).toBeUndefined();
    expect(b.nodes.find((n) => n.objectid === `${D}-1001`)!.kinds).toEqual(['Computer', 'Base']);
  });

  it('computers (v5, with a byte-order mark): sessions, local groups and user rights', async () => {
    const b = await parse('computers-v5.json');
    expect(b.nodes.find((n) => n.objectid === `${D}-1001`)!.props).toMatchObject({ name: 'WS01.LAB.TEST', hasura: true });
    expect(edge(b, 'HasSession')).toEqual([[`${D}-1001`, `${D}-1104`]]);
    expect(edge(b, 'LocalToComputer')).toEqual([[`${D}-1001-544`, `${D}-1001`]]);
    expect(edge(b, 'MemberOfLocalGroup')).toEqual([[`${D}-512`, `${D}-1001-544`]]);
    expect(edge(b, 'RemoteInteractiveLogonRight')).toEqual([[`${D}-513`, `${D}-1001`]]);
    expect(b.nodes.find((n) => n.objectid === `${D}-1001-544`)!.kinds).toEqual(['ADLocalGroup', 'Base']);
  });

  it('groups: members', async () => {
    const b = await parse('groups-v6.json');
    expect(edge(b, 'MemberOf')).toEqual([[`${D}-1104`, `${D}-512`]]);
  });

  it('domains: GPO links with enforced, children, trusts both ways, numbers from text', async () => {
    const b = await parse('domains-v6.json');
    const domain = b.nodes.find((n) => n.objectid === D)!;
    expect(domain.kinds).toEqual(['Domain', 'Base']);
    expect(domain.props.machineaccountquota).toBe(10);
    expect(edge(b, 'GPLink')).toEqual([['BBBBBBBB-0000-0000-0000-000000000001', D]]);
    expect(b.edges.find((e) => e.kind === 'GPLink')!.props).toMatchObject({ enforced: true });
    expect(edge(b, 'Contains')).toEqual([[D, 'AAAAAAAA-0000-0000-0000-000000000001']]);
    const other = 'S-1-5-21-9999999999-8888888888-7777777777';
    expect(edge(b, 'SameForestTrust')).toEqual([
      [other, D],
      [D, other],
    ]);
    expect(b.nodes.find((n) => n.objectid === other)!.props.name).toBe('OTHER.TEST');
  });

  it.each([
    ['wrong-type.json', /"meta.type" must be one of .*not "printers"/],
    ['bad-json.json', /not valid JSON/],
    ['missing-data.json', /no "data" list/],
  ])('%s fails with a reason', async (name, reason) => {
    const failure = await parse(name).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(IngestError);
    expect((failure as Error).message).toMatch(reason);
  });

  it('gpos (v6): the policy node and the rights on it', async () => {
    const b = await parse('gpos-v6.json');
    expect(b.nodes.find((n) => n.objectid === GPO)).toMatchObject({
      kinds: ['GPO', 'Base'],
      props: { name: 'DEFAULT POLICY@LAB.TEST', gpcpath: '\\\\LAB.TEST\\SYSVOL\\1' },
    });
    expect(edge(b, 'GenericWrite')).toEqual([[`${D}-512`, GPO]]);
  });

  it('ous (v5): GPO links with enforced, children, containment and the local groups GPOs set', async () => {
    const b = await parse('ous-v5.json');
    expect(b.nodes.find((n) => n.objectid === OU)!.kinds).toEqual(['OU', 'Base']);
    expect(edge(b, 'GPLink')).toEqual([[GPO, OU]]);
    expect(b.edges.find((e) => e.kind === 'GPLink')!.props).toMatchObject({ enforced: true });
    expect(edge(b, 'Contains')).toEqual([
      [D, OU],
      [OU, `${D}-1001`],
    ]);
    // The GPO makes the user a member of the computer's local Administrators group.
    expect(edge(b, 'LocalToComputer')).toEqual([[`${D}-1001-544`, `${D}-1001`]]);
    expect(edge(b, 'MemberOfLocalGroup')).toEqual([[`${D}-1104`, `${D}-1001-544`]]);
  });

  it('containers (v6, meta after data): children, containment, inherited rights', async () => {
    const b = await parse('containers-v6.json');
    expect(b.nodes.find((n) => n.objectid === CN)!.kinds).toEqual(['Container', 'Base']);
    expect(edge(b, 'Contains')).toEqual([
      [D, CN],
      [CN, `${D}-1104`],
    ]);
    expect(b.edges.find((e) => e.kind === 'GenericAll')!.props).toMatchObject({ isacl: true, isinherited: true });
  });

  it('rootcas, aiacas and ntauthstores: their nodes and what they are for', async () => {
    const root = await parse('rootcas-v6.json');
    expect(root.nodes.find((n) => n.objectid === ROOT)!.kinds).toEqual(['RootCA', 'Base']);
    expect(edge(root, 'RootCAFor')).toEqual([[ROOT, D]]);
    const aia = await parse('aiacas-v6.json');
    expect(aia.nodes.find((n) => n.objectid === AIA)).toMatchObject({
      kinds: ['AIACA', 'Base'],
      props: { certthumbprint: 'AB12' },
    });
    expect(edge(aia, 'OwnsRaw')).toEqual([[`${D}-512`, AIA]]);
    const store = await parse('ntauthstores-v5.json');
    expect(store.nodes.find((n) => n.objectid === NTA)!.kinds).toEqual(['NTAuthStore', 'Base']);
    expect(edge(store, 'NTAuthStoreFor')).toEqual([[NTA, D]]);
  });

  it('enterprisecas: published templates, the hosting computer, registry rights and web enrollment', async () => {
    const b = await parse('enterprisecas-v6.json');
    expect(b.nodes.find((n) => n.objectid === ENT)).toMatchObject({
      kinds: ['EnterpriseCA', 'Base'],
      props: {
        isuserspecifiessanenabled: true,
        roleseparationenabled: false,
        hasenrollmentagentrestrictions: false,
        httpenrollmentendpoints: ['http://ca.lab.test/certsrv/'],
        hasvulnerableendpoint: true,
      },
    });
    expect(edge(b, 'PublishedTo')).toEqual([[TPL, ENT]]);
    expect(edge(b, 'HostsCAService')).toEqual([[`${D}-1001`, ENT]]);
    expect(edge(b, 'Enroll')).toEqual([[`${D}-513`, ENT]]);
    expect(edge(b, 'ManageCA')).toEqual([[`${D}-512`, ENT]]);
    expect(edge(b, 'GenericAll')).toEqual([[`${D}-519`, ENT]]);
  });

  it('certtemplates and issuancepolicies: template flags, enrollment rights, the OID group link', async () => {
    const t = await parse('certtemplates-v6.json');
    expect(t.nodes.find((n) => n.objectid === TPL)).toMatchObject({
      kinds: ['CertTemplate', 'Base'],
      props: { enrolleesuppliessubject: true, authenticationenabled: true },
    });
    expect(edge(t, 'Enroll')).toEqual([[`${D}-513`, TPL]]);
    const p = await parse('issuancepolicies-v6.json');
    expect(p.nodes.find((n) => n.objectid === POL)).toMatchObject({
      kinds: ['IssuancePolicy', 'Base'],
      props: { grouplinkid: `${D}-1200` },
    });
    expect(edge(p, 'OIDGroupLink')).toEqual([[POL, `${D}-1200`]]);
  });

  it('sessions and deleted: sessions as HasSession, deleted object ids to remove', async () => {
    const s = await parse('sessions-v6.json');
    expect(s.nodes.map((n) => n.objectid).sort()).toEqual([`${D}-1001`, `${D}-1104`, `${D}-1105`]);
    expect(edge(s, 'HasSession')).toEqual([
      [`${D}-1001`, `${D}-1104`],
      [`${D}-1001`, `${D}-1105`],
    ]);
    const d = await parse('deleted-v6.json');
    expect(d.nodes).toEqual([]);
    expect(d.deleted).toEqual([`${D}-1105`, `${D}-1106`]);
  });

  it('an OpenGraph file and an AzureHound file go to their own parsers', async () => {
    async function* file(text: string) {
      yield new TextEncoder().encode(text);
    }
    const graph = await parseCollectedFile(file('{"graph":{"nodes":[{"id":"n1","kinds":["Thing"]}],"edges":[]}}'));
    expect(graph.nodes.map((n) => n.objectid)).toEqual(['N1']);
    await expect(parseCollectedFile(file('{"graph":{"nodes":[],"edges":[]}}'))).rejects.toThrow(/holds no nodes and no edges/);
    const azure = await parseCollectedFile(file('{"meta":{"type":"azure","version":5},"data":[]}'));
    expect(azure.sourceKind).toBe('Azure');
  });
});
