import { describe, expect, it } from 'vitest';
import { postProcess } from './post-process';
import { TestGraph, pairs } from './test-graph';

describe('ProtectAdminGroups', () => {
  it('runs from AdminSDHolder to the protected objects of its domain', () => {
    const g = new TestGraph();
    const holder = g.node('Container', 'AAAA-BBBB', { distinguishedname: 'CN=AdminSDHolder,CN=System,DC=TEST,DC=LOCAL' });
    const admin = g.node('User', '500', { adminsdholderprotected: true });
    g.node('User', '1101', { adminsdholderprotected: false });
    expect(pairs(postProcess(g.build()), 'ProtectAdminGroups')).toEqual([`${holder}>${admin}`]);
  });

  it('needs the AdminSDHolder container', () => {
    const g = new TestGraph();
    g.node('Container', 'AAAA-BBBB', { distinguishedname: 'CN=Users,DC=TEST,DC=LOCAL' });
    g.node('User', '500', { adminsdholderprotected: true });
    expect(pairs(postProcess(g.build()), 'ProtectAdminGroups')).toEqual([]);
  });
});
