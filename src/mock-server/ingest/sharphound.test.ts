import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IngestError } from './batch';
import { parseCollectedFile } from './parse';

const D = 'S-1-5-21-1111111111-2222222222-3333333333';

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
