import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAzureHound } from './azurehound';
import { IngestError, type IngestBatch } from './batch';
import { parseCollectedFile } from './parse';

const TENANT = '6C12B0B0-0000-4000-8000-000000000001';
const ALICE = 'AAAAAAAA-0000-4000-8000-000000000001';
const BOB = 'AAAAAAAA-0000-4000-8000-000000000002';
const GROUP = 'BBBBBBBB-0000-4000-8000-000000000001';
const APP = 'DDDDDDDD-0000-4000-8000-000000000001';
const SP = 'EEEEEEEE-0000-4000-8000-000000000001';
const GLOBAL_ADMIN = `62E90394-69F5-4237-9190-012177145E10@${TENANT}`;
const SUB = '/SUBSCRIPTIONS/11111111-0000-4000-8000-000000000001';
const RG = `${SUB}/RESOURCEGROUPS/WEB`;
const VM = `${RG}/PROVIDERS/MICROSOFT.COMPUTE/VIRTUALMACHINES/WEB01`;

const fixture = readFileSync(join(import.meta.dirname, 'fixtures', 'azurehound-v5.json'));

/** Bytes in chunks of `size`, as an upload streams them. */
async function* chunksOf(bytes: Uint8Array | string, size = 7) {
  const b = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  for (let at = 0; at < b.length; at += size) yield new Uint8Array(b.subarray(at, at + size));
}

const edges = (b: IngestBatch, kind: string) =>
  b.edges
    .filter((e) => e.kind === kind)
    .map((e) => [(e.source as { objectid: string }).objectid, (e.target as { objectid: string }).objectid]);
const nodeOf = (b: IngestBatch, id: string) => b.nodes.find((n) => n.objectid === id)!;
const file = (data: unknown[], meta: unknown = { type: 'azure', version: 6, count: data.length }) =>
  JSON.stringify({ meta, data });
const reason = async (text: string) => {
  const failure = await parseAzureHound(chunksOf(text)).catch((e: unknown) => e);
  expect(failure).toBeInstanceOf(IngestError);
  return (failure as Error).message;
};

describe('AzureHound files', () => {
  it('reads tenant, users, group, app, service principal, role, subscription, resource group and VM', async () => {
    const b = await parseAzureHound(chunksOf(fixture));
    expect(b.sourceKind).toBe('Azure');
    expect(b.deleted).toEqual([]);

    const tenant = nodeOf(b, TENANT);
    expect(tenant.kinds).toEqual(['AZTenant', 'AZBase']);
    expect(tenant.props).toMatchObject({ name: 'CONTOSO', tenantid: TENANT, collected: true, objectid: TENANT });

    const alice = nodeOf(b, ALICE);
    expect(alice.kinds).toEqual(['AZUser', 'AZBase']);
    expect(alice.props).toMatchObject({
      name: 'ALICE@CONTOSO.ONMICROSOFT.COM',
      displayname: 'Alice',
      enabled: true,
      usertype: 'Member',
      userprincipalname: 'alice@contoso.onmicrosoft.com',
      onpremid: 'S-1-5-21-1111111111-2222222222-3333333333-1104',
      tenantid: TENANT,
    });
    expect(typeof alice.props.lastcollected).toBe('string');
    expect(nodeOf(b, BOB).props).toMatchObject({ enabled: false, usertype: 'Guest' });

    expect(nodeOf(b, GROUP).kinds).toEqual(['AZGroup', 'AZBase']);
    expect(nodeOf(b, GROUP).props).toMatchObject({
      name: 'CLOUD ADMINS@CONTOSO.ONMICROSOFT.COM',
      securityenabled: true,
      isassignabletorole: true,
    });
    // A member of a type upstream does not read (an org contact) is left out.
    expect(edges(b, 'AZMemberOf')).toEqual([[BOB, GROUP]]);
    expect(edges(b, 'AZOwns')).toEqual([[ALICE, GROUP]]);

    // The app by its application (client) id; the service principal runs as it.
    expect(nodeOf(b, APP).kinds).toEqual(['AZApp', 'AZBase']);
    expect(nodeOf(b, APP).props).toMatchObject({
      name: 'PAYROLL@CONTOSO.ONMICROSOFT.COM',
      appid: 'dddddddd-0000-4000-8000-000000000001',
    });
    expect(nodeOf(b, SP).kinds).toEqual(['AZServicePrincipal', 'AZBase']);
    expect(nodeOf(b, SP).props).toMatchObject({ name: 'PAYROLL@CONTOSO.ONMICROSOFT.COM', serviceprincipaltype: 'Application' });
    expect(edges(b, 'AZRunsAs')).toEqual([[APP, SP]]);

    // Entra roles are per tenant.
    const role = nodeOf(b, GLOBAL_ADMIN);
    expect(role.kinds).toEqual(['AZRole', 'AZBase']);
    expect(role.props).toMatchObject({ name: 'GLOBAL ADMINISTRATOR@CONTOSO.ONMICROSOFT.COM', isbuiltin: true, enabled: true });
    expect(edges(b, 'AZHasRole')).toEqual([[ALICE, GLOBAL_ADMIN]]);
    expect(b.edges.find((e) => e.kind === 'AZHasRole')!.props).toEqual({ scope: TENANT });

    expect(nodeOf(b, SUB).kinds).toEqual(['AZSubscription', 'AZBase']);
    expect(nodeOf(b, SUB).props).toMatchObject({ name: 'PRODUCTION', tenantid: TENANT });
    expect(nodeOf(b, RG).props).toMatchObject({ name: 'WEB' });
    expect(nodeOf(b, VM).kinds).toEqual(['AZVM', 'AZBase']);
    expect(nodeOf(b, VM).props).toMatchObject({ name: 'WEB01', operatingsystem: 'Linux' });

    expect(edges(b, 'AZContains')).toEqual([
      [TENANT, ALICE],
      [TENANT, BOB],
      [TENANT, GROUP],
      [TENANT, APP],
      [TENANT, SP],
      [TENANT, GLOBAL_ADMIN],
      [TENANT, SUB],
      [SUB, RG],
      [RG, VM],
    ]);
    // A contributor on the VM's resource group is a contributor on the VM.
    expect(edges(b, 'AZContributor')).toEqual([[GROUP, VM]]);
    // The VM's system-assigned identity: a service principal not collected, so a node without a name.
    expect(edges(b, 'AZManagedIdentity')).toEqual([[VM, 'EEEEEEEE-0000-4000-8000-000000000002']]);
    const identity = nodeOf(b, 'EEEEEEEE-0000-4000-8000-000000000002');
    expect(identity.kinds).toEqual(['AZServicePrincipal', 'AZBase']);
    expect(identity.props.name).toBeUndefined();
    expect(b.nodes).toHaveLength(11);
  });

  it('reads meta after data, and a byte-order mark', async () => {
    const doc = JSON.parse(fixture.toString('utf8')) as { meta: unknown; data: unknown[] };
    const after = JSON.stringify({ data: doc.data, meta: doc.meta });
    const batch = await parseAzureHound(chunksOf(after, 5));
    const withBom = await parseAzureHound(chunksOf(new Uint8Array([0xef, 0xbb, 0xbf, ...fixture]), 3));
    const first = await parseAzureHound(chunksOf(fixture));
    const shape = (b: IngestBatch) => [b.nodes.map((n) => [n.objectid, n.kinds]), b.edges.map((e) => e.kind)];
    expect(shape(batch)).toEqual(shape(first));
    expect(shape(withBom)).toEqual(shape(first));
  });

  it('skips kinds upstream does not read', async () => {
    const b = await parseAzureHound(
      chunksOf(
        file([
          { kind: 'AZVMRoleAssignment', data: { virtualMachineId: '/x', roleAssignments: [] } },
          { kind: 'AZSomethingNew', data: {} },
          { kind: 'AZTenant', data: { tenantId: 't1', displayName: 'T' } },
        ]),
      ),
    );
    expect(b.nodes.map((n) => n.objectid)).toEqual(['T1']);
    expect(b.edges).toEqual([]);
  });

  it('maps role definitions, scoped application administrators and Microsoft Graph app roles', async () => {
    const kv = '/subscriptions/s/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv1';
    const b = await parseAzureHound(
      chunksOf(
        file([
          {
            kind: 'AZKeyVaultKVContributor',
            data: {
              keyVaultId: kv,
              kvContributors: [{ kvContributor: { properties: { principalId: 'p1', scope: kv } } }],
            },
          },
          {
            kind: 'AZKeyVaultOwner',
            data: { keyVaultId: kv, owners: [{ owner: { properties: { principalId: 'p2', scope: '/subscriptions/s' } } }] },
          },
          {
            kind: 'AZRoleAssignment',
            data: {
              tenantId: 't1',
              roleAssignments: [
                { roleDefinitionId: '9b895d92-2cd3-44c7-9d02-a6ac2d5ea5c3', principalId: 'p3', directoryScopeId: '/app-1' },
              ],
            },
          },
          {
            kind: 'AZAppRoleAssignment',
            data: {
              appId: '00000003-0000-0000-c000-000000000000',
              principalType: 'ServicePrincipal',
              principalId: 'sp-1',
              resourceId: 'graph-sp',
              resourceDisplayName: 'Microsoft Graph',
              appRoleId: '9e3f62cf-ca93-4989-b6ce-bf83c28f9fe8',
              tenantId: 't1',
            },
          },
        ]),
      ),
    );
    expect(edges(b, 'AZKeyVaultContributor')).toEqual([['P1', kv.toUpperCase()]]);
    // Assigned on the subscription, not the vault: upstream leaves it to the subscription's own assignments.
    expect(edges(b, 'AZOwner')).toEqual([]);
    expect(edges(b, 'AZAppAdmin')).toEqual([['P3', 'APP-1']]);
    expect(edges(b, 'AZMGRoleManagement_ReadWrite_Directory')).toEqual([['SP-1', 'GRAPH-SP']]);
    expect(nodeOf(b, 'GRAPH-SP').props).toMatchObject({ displayname: 'MICROSOFT GRAPH' });
    expect(nodeOf(b, kv.toUpperCase()).kinds).toEqual(['AZKeyVault', 'AZBase']);
  });

  it('a role activation policy: its properties on the role, and who approves', async () => {
    const policy = (roleDefinitionId: string, extra: Record<string, unknown>) => ({
      kind: 'AZRoleManagementPolicyAssignment',
      data: { roleDefinitionId, tenantId: 't1', ...extra },
    });
    const b = await parseAzureHound(
      chunksOf(
        file([
          { kind: 'AZRole', data: { id: 'r1', displayName: 'Role One', tenantId: 't1', tenantName: 'x.test' } },
          policy('r1', {
            endUserAssignmentRequiresApproval: true,
            endUserAssignmentRequiresMFA: true,
            endUserAssignmentUserApprovers: ['u1'],
            endUserAssignmentGroupApprovers: ['g1'],
          }),
          policy('r2', { endUserAssignmentRequiresApproval: true }),
          policy('r3', {}),
        ]),
      ),
    );
    expect(nodeOf(b, 'R1@T1').props).toMatchObject({
      name: 'ROLE ONE@X.TEST',
      enduserassignmentrequiresapproval: true,
      enduserassignmentrequiresmfa: true,
      enduserassignmentrequiresjustification: false,
      enduserassignmentuserapprovers: ['U1'],
    });
    expect(edges(b, 'AZRoleApprover')).toEqual([
      ['U1', 'R1@T1'],
      ['G1', 'R1@T1'],
      ['E8611AB8-C189-46E8-94E1-60213AB1F814@T1', 'R2@T1'],
    ]);
    expect(nodeOf(b, 'R3@T1').kinds).toEqual(['AZRole', 'AZBase']);
    expect(nodeOf(b, 'U1').kinds).toEqual(['AZUser', 'AZBase']);
  });

  it.each([
    [[{ data: {} }], /^data\[0\] has no "kind"/],
    [
      [
        { kind: 'AZTenant', data: { tenantId: 't' } },
        { kind: 'AZUser', data: 'alice' },
      ],
      /^data\[1\] \(AZUser\): "data" must be an object/,
    ],
    [
      [{ kind: 'AZTenant', data: { tenantId: 't' } }, { kind: 'AZGroup', data: { id: 'g' } }, {}, { kind: 'AZUser', data: {} }],
      /^data\[2\] has no "kind"/,
    ],
  ])('a malformed item fails the file, naming it (%#)', async (data, expected) => {
    expect(await reason(file(data))).toMatch(expected);
  });

  it('a missing id, a wrong version and a missing meta fail with a reason', async () => {
    expect(
      await reason(
        file([
          { kind: 'AZTenant', data: { tenantId: 't' } },
          { kind: 'AZTenant', data: {} },
          { kind: 'AZApp', data: {} },
        ]),
      ),
    ).toBe('data[1] (AZTenant): it has no "tenantId"');
    expect(await reason(file([{ kind: 'AZUser', data: { displayName: 'x' } }]))).toBe('data[0] (AZUser): it has no "id"');
    expect(await reason(file([], { type: 'azure', version: 3 }))).toMatch(/"meta.version" 3 is not a format read here/);
    expect(await reason(JSON.stringify({ data: [] }))).toMatch(/no "meta"/);
  });

  it('parseCollectedFile sends an AzureHound file to this parser', async () => {
    const b = await parseCollectedFile(chunksOf(fixture));
    expect(b.sourceKind).toBe('Azure');
    expect(nodeOf(b, ALICE).kinds).toEqual(['AZUser', 'AZBase']);
    // Sniffed by an item's `kind` when meta comes last.
    const late = await parseCollectedFile(
      chunksOf(JSON.stringify({ data: [{ kind: 'AZTenant', data: { tenantId: 't' } }], meta: { type: 'azure', version: 5 } })),
    );
    expect(late.nodes.map((n) => n.kinds[0])).toEqual(['AZTenant']);
  });
});
