import { describe, expect, it } from 'vitest';
import { postProcess } from './post-process';
import { DOMAIN_SID, TestGraph, pairs } from './test-graph';

describe('DCSync', () => {
  it('is given to a principal holding GetChanges and GetChangesAll', () => {
    const g = new TestGraph();
    const user = g.node('User', '1101');
    g.edge(user, 'GetChanges', DOMAIN_SID).edge(user, 'GetChangesAll', DOMAIN_SID);
    expect(pairs(postProcess(g.build()), 'DCSync')).toEqual([`${user}>${DOMAIN_SID}`]);
  });

  it('is not given for GetChanges alone', () => {
    const g = new TestGraph();
    const user = g.node('User', '1101');
    g.edge(user, 'GetChanges', DOMAIN_SID);
    expect(pairs(postProcess(g.build()), 'DCSync')).toEqual([]);
  });

  it('reaches the member of nested groups that hold the two rights separately', () => {
    const g = new TestGraph();
    const user = g.node('User', '1101');
    const inner = g.node('Group', '1201');
    const outer = g.node('Group', '1202');
    const other = g.node('Group', '1203');
    g.edge(user, 'MemberOf', inner).edge(inner, 'MemberOf', outer).edge(user, 'MemberOf', other);
    g.edge(outer, 'GetChanges', DOMAIN_SID).edge(other, 'GetChangesAll', DOMAIN_SID);
    expect(pairs(postProcess(g.build()), 'DCSync')).toEqual([`${user}>${DOMAIN_SID}`]);
  });

  it('starts at the group when the group holds both rights', () => {
    const g = new TestGraph();
    const user = g.node('User', '1101');
    const group = g.node('Group', '1201');
    g.edge(user, 'MemberOf', group);
    g.edge(group, 'GetChanges', DOMAIN_SID).edge(group, 'GetChangesAll', DOMAIN_SID);
    expect(pairs(postProcess(g.build()), 'DCSync')).toEqual([`${group}>${DOMAIN_SID}`]);
  });

  it('is not repeated when the graph has it already', () => {
    const g = new TestGraph();
    const user = g.node('User', '1101');
    g.edge(user, 'GetChanges', DOMAIN_SID).edge(user, 'GetChangesAll', DOMAIN_SID).edge(user, 'DCSync', DOMAIN_SID);
    expect(pairs(postProcess(g.build()), 'DCSync')).toEqual([]);
  });
});

describe('SyncLAPSPassword', () => {
  it('goes to every computer of the domain with LAPS', () => {
    const g = new TestGraph();
    const user = g.node('User', '1101');
    const laps = g.node('Computer', '1001', { haslaps: true });
    g.node('Computer', '1002', { haslaps: false });
    g.edge(user, 'GetChanges', DOMAIN_SID).edge(user, 'GetChangesInFilteredSet', DOMAIN_SID);
    expect(pairs(postProcess(g.build()), 'SyncLAPSPassword')).toEqual([`${user}>${laps}`]);
  });

  it('needs GetChangesInFilteredSet', () => {
    const g = new TestGraph();
    const user = g.node('User', '1101');
    g.node('Computer', '1001', { haslaps: true });
    g.edge(user, 'GetChanges', DOMAIN_SID).edge(user, 'GetChangesAll', DOMAIN_SID);
    expect(pairs(postProcess(g.build()), 'SyncLAPSPassword')).toEqual([]);
  });
});
