import { describe, expect, it } from 'vitest';
import { AdcsModel, issuesWithoutApproval, schannelAuthentication } from './adcs-model';
import { postAdcsStructure } from './adcs-structure';
import { EdgeSink, GraphIndex } from './graph-index';
import { DOMAIN_SID, adcsFixture } from './test-graph';

function model(f: ReturnType<typeof adcsFixture>) {
  const index = new GraphIndex(f.g.build());
  postAdcsStructure(index, new EdgeSink(index));
  return new AdcsModel(index);
}

describe('AdcsModel', () => {
  it('finds the domains a CA serves', () => {
    const f = adcsFixture();
    expect(model(f).serving.map((s) => [s.ca.objectid, s.domains])).toEqual([[f.ca, [DOMAIN_SID]]]);
  });

  it('needs the root chain to reach the domain', () => {
    const f = adcsFixture({}, { certchain: ['BB', 'ZZ'] });
    expect(model(f).serving).toEqual([]);
  });

  it('takes every CA enroller as a victim when Authenticated Users may enroll on the template', () => {
    const f = adcsFixture();
    const computer = f.g.node('Computer', '1010');
    const group = f.g.node('Group', '515');
    f.g.edge(computer, 'MemberOf', group);
    const m = model(f);
    expect([...m.victims([`${DOMAIN_SID}-S-1-5-11`], [group])]).toEqual([computer]);
    expect([...m.victims([f.host], [group])]).toEqual([]);
  });

  it('looks for weak domain controllers across the forest', () => {
    const other = 'S-1-5-21-7-8-9';
    const f = adcsFixture({}, {}, { strongcertificatebindingenforcementraw: 2 });
    f.g.domain(other, 'CHILD.TEST.LOCAL');
    const dc = f.g.node('Computer', '1000', { strongcertificatebindingenforcementraw: 0 }, other);
    f.g.edge(dc, 'DCFor', other).edge(other, 'SameForestTrust', DOMAIN_SID);
    const m = model(f);
    expect(m.weakBindingInForest(DOMAIN_SID)).toBe(true);
    expect(m.upnMappingInForest(DOMAIN_SID)).toBe(false);
  });
});

describe('template conditions', () => {
  const t = (props: Record<string, unknown>) => ({
    objectid: 'T',
    name: 'T',
    kinds: ['Base', 'CertTemplate'],
    primaryKind: 'CertTemplate',
    domainSid: DOMAIN_SID,
    props,
  });

  it('issues without approval on schema 1 or without signatures', () => {
    const base = { requiresmanagerapproval: false, schemaversion: 2, authorizedsignatures: 0 };
    expect(issuesWithoutApproval(t(base))).toBe(true);
    expect(issuesWithoutApproval(t({ ...base, authorizedsignatures: 1 }))).toBe(false);
    expect(issuesWithoutApproval(t({ ...base, schemaversion: 1, authorizedsignatures: 1 }))).toBe(true);
    expect(issuesWithoutApproval(t({ ...base, requiresmanagerapproval: true }))).toBe(false);
  });

  it('authenticates over Schannel by its flag or its EKUs', () => {
    expect(schannelAuthentication(t({ schannelauthenticationenabled: false, effectiveekus: [] }))).toBe(false);
    expect(schannelAuthentication(t({ effectiveekus: [] }))).toBe(true);
    expect(schannelAuthentication(t({ effectiveekus: ['1.3.6.1.5.5.7.3.1'] }))).toBe(false);
  });
});
