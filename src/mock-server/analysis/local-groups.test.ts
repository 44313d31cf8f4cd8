import { describe, expect, it } from 'vitest';
import { postProcess } from './post-process';
import { TestGraph, pairs } from './test-graph';

/** A computer with one local group of the RID given, and that group's object id. */
function computerWithGroup(g: TestGraph, rid: string): { computer: string; group: string } {
  const computer = g.node('Computer', '1001');
  const group = g.node('ADLocalGroup', `${computer}-${rid}`);
  g.edge(group, 'LocalToComputer', computer);
  return { computer, group };
}

describe('local group rights', () => {
  it.each([
    ['544', 'AdminTo'],
    ['580', 'CanPSRemote'],
    ['562', 'ExecuteDCOM'],
  ])('members of the group %s get %s', (rid, kind) => {
    const g = new TestGraph();
    const { computer, group } = computerWithGroup(g, rid);
    const admins = g.node('Group', '1201');
    const user = g.node('User', '1101');
    g.edge(user, 'MemberOf', admins).edge(admins, 'MemberOfLocalGroup', group);
    expect(pairs(postProcess(g.build()), kind)).toEqual([`${admins}>${computer}`]);
  });

  it('gives nothing for a group that is not linked to the computer', () => {
    const g = new TestGraph();
    const computer = g.node('Computer', '1001');
    const group = g.node('ADLocalGroup', `${computer}-544`);
    const user = g.node('User', '1101');
    g.edge(user, 'MemberOfLocalGroup', group);
    expect(pairs(postProcess(g.build()), 'AdminTo')).toEqual([]);
  });

  it('gives nothing for another local group', () => {
    const g = new TestGraph();
    const { group } = computerWithGroup(g, '545');
    const user = g.node('User', '1101');
    g.edge(user, 'MemberOfLocalGroup', group);
    expect(postProcess(g.build())).toEqual([]);
  });
});

describe('CanRDP', () => {
  it('goes to the direct members when the group holds the logon right', () => {
    const g = new TestGraph();
    const { computer, group } = computerWithGroup(g, '555');
    const user = g.node('User', '1101');
    g.edge(user, 'MemberOfLocalGroup', group).edge(group, 'RemoteInteractiveLogonRight', computer);
    expect(pairs(postProcess(g.build()), 'CanRDP')).toEqual([`${user}>${computer}`]);
  });

  it('is not given to a member when no one holds the logon right', () => {
    const g = new TestGraph();
    const { group } = computerWithGroup(g, '555');
    const user = g.node('User', '1101');
    g.edge(user, 'MemberOfLocalGroup', group);
    expect(pairs(postProcess(g.build()), 'CanRDP')).toEqual([]);
  });

  it('goes to a holder of the right that is a nested member of the group', () => {
    const g = new TestGraph();
    const { computer, group } = computerWithGroup(g, '555');
    const user = g.node('User', '1101');
    const team = g.node('Group', '1201');
    const outsider = g.node('User', '1102');
    g.edge(user, 'MemberOf', team).edge(team, 'MemberOfLocalGroup', group);
    g.edge(user, 'RemoteInteractiveLogonRight', computer).edge(outsider, 'RemoteInteractiveLogonRight', computer);
    expect(pairs(postProcess(g.build()), 'CanRDP')).toEqual([`${user}>${computer}`]);
  });

  it('goes to the members of a holder group that are in the group', () => {
    const g = new TestGraph();
    const { computer, group } = computerWithGroup(g, '555');
    const holders = g.node('Group', '1202');
    const user = g.node('User', '1101');
    const other = g.node('User', '1102');
    g.edge(user, 'MemberOf', holders).edge(other, 'MemberOf', holders).edge(user, 'MemberOfLocalGroup', group);
    g.edge(holders, 'RemoteInteractiveLogonRight', computer);
    expect(pairs(postProcess(g.build()), 'CanRDP')).toEqual([`${user}>${computer}`]);
  });
});
