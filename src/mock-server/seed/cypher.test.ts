import { beforeAll, describe, expect, it } from 'vitest';
import { call, testMockServer, tokenFor } from '../../testing/mock-service';
import type { MockServer } from '../app';
import type { CypherAnswer } from '../cypher/answer';
import { PARTNER_DOMAIN } from './trusts';

let mock: MockServer;
let reader: string;

beforeAll(async () => {
  mock = testMockServer();
  reader = await tokenFor(mock, 'reader');
});

const answer = async (query: string) => {
  const res = await call(mock, 'POST', '/api/v2/graphs/cypher', { token: reader, json: { query } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { data: CypherAnswer }).data;
};
const labels = (data: CypherAnswer) => Object.values(data.nodes).map((n) => n.label);
const kinds = (data: CypherAnswer) => new Set(data.edges.map((e) => e.kind));

describe('typical pre-built questions over the seeded directory', () => {
  it('finds Kerberoastable users, a Tier Zero one among them', async () => {
    const all = await answer(
      "MATCH (u:User) WHERE u.hasspn = true AND u.enabled = true AND NOT u.objectid ENDS WITH '-502' RETURN u LIMIT 100",
    );
    expect(labels(all)).toEqual(expect.arrayContaining(['SVC_SQL@CORP.ACME.LOCAL', 'SVC_BACKUP@LAB.ACME.LOCAL']));
    const tierZero = await answer('MATCH (u:User:Tag_Tier_Zero) WHERE u.hasspn = true AND u.enabled = true RETURN u');
    expect(Object.keys(tierZero.nodes).length).toBeGreaterThan(0);
    const asRep = await answer('MATCH (u:User) WHERE u.dontreqpreauth = true AND u.enabled = true RETURN u');
    expect(Object.keys(asRep.nodes).length).toBeGreaterThanOrEqual(2);
  });

  it('finds the principals with DCSync, GenericAll or AllExtendedRights on a domain', async () => {
    const data = await answer('MATCH p = (:Base)-[:DCSync|AllExtendedRights|GenericAll]->(:Domain) RETURN p');
    expect(kinds(data)).toEqual(new Set(['DCSync', 'AllExtendedRights', 'GenericAll']));
    expect(labels(data)).toEqual(
      expect.arrayContaining([
        'ADMINISTRATORS@CORP.ACME.LOCAL',
        'ENTERPRISE ADMINS@CORP.ACME.LOCAL',
        'SVC_BACKUP@CORP.ACME.LOCAL',
      ]),
    );
  });

  it('maps the domain trusts', async () => {
    const data = await answer('MATCH p = (:Domain)-[:TrustedBy]->(:Domain) RETURN p');
    expect(labels(data).sort()).toEqual(['CORP.ACME.LOCAL', PARTNER_DOMAIN.name, 'LAB.ACME.LOCAL'].sort());
    expect(data.edges).toHaveLength(4);
    const current = await answer('MATCH p = (:Domain)-[:SameForestTrust|CrossForestTrust]->(:Domain) RETURN p');
    expect(kinds(current)).toEqual(new Set(['SameForestTrust', 'CrossForestTrust']));
  });

  it('finds enrollment rights on published ESC1 templates', async () => {
    const data = await answer(
      'MATCH p = (:Base)-[:Enroll|GenericAll|AllExtendedRights]->(ct:CertTemplate)-[:PublishedTo]->(:EnterpriseCA) ' +
        'WHERE ct.enrolleesuppliessubject = true AND ct.authenticationenabled = true AND ct.requiresmanagerapproval = false ' +
        'AND (ct.authorizedsignatures = 0 OR ct.schemaversion = 1) RETURN p',
    );
    expect(labels(data)).toEqual(
      expect.arrayContaining(['DOMAIN USERS@CORP.ACME.LOCAL', 'CORPVPN@CORP.ACME.LOCAL', 'ACME-ISSUING-CA@CORP.ACME.LOCAL']),
    );
    const findings = await answer('MATCH p = (:Group)-[:ADCSESC1]->(:Domain) RETURN p');
    expect(findings.edges).toHaveLength(2);
  });

  it('walks the OU structure and the PKI hierarchy down to the domains', async () => {
    const ous = await answer('MATCH p = (:Domain)-[:Contains*1..]->(:OU) RETURN p');
    expect(labels(ous)).toEqual(expect.arrayContaining(['WORKSTATIONS@LAB.ACME.LOCAL', 'FINANCE@CORP.ACME.LOCAL']));
    const pki = await answer(
      'MATCH p = ()-[:HostsCAService|IssuedSignedBy|EnterpriseCAFor|RootCAFor|TrustedForNTAuth|NTAuthStoreFor*..]->(:Domain) RETURN p',
    );
    expect(kinds(pki)).toEqual(
      new Set(['HostsCAService', 'IssuedSignedBy', 'EnterpriseCAFor', 'RootCAFor', 'TrustedForNTAuth', 'NTAuthStoreFor']),
    );
  });

  it('lists the new kinds among the graph kinds', async () => {
    const res = await call(mock, 'GET', '/api/v2/graphs/kinds', { token: reader });
    expect(res.status).toBe(200);
    const names = JSON.stringify(res.body);
    for (const kind of [
      'CertTemplate',
      'EnterpriseCA',
      'GPO',
      'Container',
      'ADCSESC1',
      'GPLink',
      'Contains',
      'DCSync',
      'SameForestTrust',
    ]) {
      expect(names, kind).toContain(`"${kind}"`);
    }
  });
});
