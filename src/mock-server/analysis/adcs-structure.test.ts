import { describe, expect, it } from 'vitest';
import { postProcess } from './post-process';
import { TestGraph, adcsFixture, pairs } from './test-graph';

describe('certificate services structure', () => {
  it('derives the chain, NTAuth trust and same-CA edges from certificates', () => {
    const g = new TestGraph();
    const root = g.node('RootCA', 'R', { certthumbprint: 'AA', certchain: ['AA'] });
    const aia = g.node('AIACA', 'A', { certthumbprint: 'BB', certchain: ['BB', 'AA'] });
    const ca = g.node('EnterpriseCA', 'E', { certthumbprint: 'BB', certchain: ['BB', 'AA'] });
    const store = g.node('NTAuthStore', 'S', { certthumbprints: ['BB'] });
    const out = postProcess(g.build());
    expect(pairs(out, 'IssuedSignedBy')).toEqual([`${aia}>${root}`, `${ca}>${root}`].sort());
    expect(pairs(out, 'EnterpriseCAFor')).toEqual([`${ca}>${aia}`]);
    expect(pairs(out, 'TrustedForNTAuth')).toEqual([`${ca}>${store}`]);
  });

  it('gives nothing for certificates that do not match', () => {
    const g = new TestGraph();
    g.node('RootCA', 'R', { certthumbprint: 'AA', certchain: ['AA'] });
    g.node('EnterpriseCA', 'E', { certthumbprint: 'BB', certchain: ['BB', 'CC'] });
    g.node('NTAuthStore', 'S', { certthumbprints: ['DD'] });
    const out = postProcess(g.build());
    expect(out.filter((e) => ['IssuedSignedBy', 'EnterpriseCAFor', 'TrustedForNTAuth'].includes(e.kind))).toEqual([]);
  });

  it('links a template to the issuance policy of its domain', () => {
    const g = new TestGraph();
    const template = g.node('CertTemplate', 'T', { certificatepolicy: ['1.2.3'] });
    const policy = g.node('IssuancePolicy', 'P', { certtemplateoid: '1.2.3' });
    g.node('IssuancePolicy', 'Q', { certtemplateoid: '1.2.4' });
    g.node('IssuancePolicy', 'O', { certtemplateoid: '1.2.3' }, 'S-1-5-21-9-9-9');
    expect(pairs(postProcess(g.build()), 'ExtendedByPolicy')).toEqual([`${template}>${policy}`]);
  });
});

describe('GoldenCert', () => {
  it('runs from the host of a CA that serves the domain', () => {
    const { g, host } = adcsFixture();
    expect(pairs(postProcess(g.build()), 'GoldenCert')).toEqual([`${host}>${g.domains[0]!.objectid}`]);
  });

  it('needs the CA in the NTAuth store', () => {
    const { g } = adcsFixture();
    g.nodes.find((n) => n.primaryKind === 'NTAuthStore')!.props.certthumbprints = [];
    expect(pairs(postProcess(g.build()), 'GoldenCert')).toEqual([]);
  });
});
