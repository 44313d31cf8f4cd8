import { describe, expect, it } from 'vitest';
import { postProcess } from './post-process';
import { DOMAIN_SID, TestGraph, pairs } from './test-graph';

const OTHER_SID = 'S-1-5-21-4000-5000-6000';

describe('HasTrustKeys', () => {
  function trust(netbios: string | undefined, sam: string) {
    const g = new TestGraph(false);
    g.domain(DOMAIN_SID, 'TEST.LOCAL', netbios === undefined ? {} : { netbios });
    g.domain(OTHER_SID, 'OTHER.LOCAL', { netbios: 'OTHER' });
    g.edge(DOMAIN_SID, 'SameForestTrust', OTHER_SID);
    const account = g.node('User', '1104', { samaccountname: sam }, OTHER_SID);
    return { graph: g.build(), account };
  }

  it("runs from the domain to the other domain's trust account", () => {
    const { graph, account } = trust('TEST', 'TEST$');
    expect(pairs(postProcess(graph), 'HasTrustKeys')).toEqual([`${DOMAIN_SID}>${account}`]);
  });

  it('needs the account named after the NetBIOS name', () => {
    expect(pairs(postProcess(trust('TEST', 'OTHERUSER$').graph), 'HasTrustKeys')).toEqual([]);
  });

  it('needs the NetBIOS name', () => {
    expect(pairs(postProcess(trust(undefined, 'TEST$').graph), 'HasTrustKeys')).toEqual([]);
  });
});

describe('CoerceToTGT', () => {
  it('runs from a principal with unconstrained delegation to its domain', () => {
    const g = new TestGraph();
    const computer = g.node('Computer', '1001', { unconstraineddelegation: true });
    const user = g.node('User', '1101', { unconstraineddelegation: true });
    g.node('User', '1102', { unconstraineddelegation: false });
    expect(pairs(postProcess(g.build()), 'CoerceToTGT')).toEqual([`${computer}>${DOMAIN_SID}`, `${user}>${DOMAIN_SID}`].sort());
  });

  it('leaves out domain controllers', () => {
    const g = new TestGraph();
    const dc = g.node('Computer', '1000', { unconstraineddelegation: true });
    g.edge(dc, 'DCFor', DOMAIN_SID);
    expect(pairs(postProcess(g.build()), 'CoerceToTGT')).toEqual([]);
  });
});
