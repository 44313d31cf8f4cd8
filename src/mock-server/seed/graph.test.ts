import { describe, expect, it } from 'vitest';
import { completenessStats, controllersOf, directoryGraph, groupsOf } from './graph';
import { userCounts } from '../areas/entities/entity-counts';

const SID = /^S-1-5-21-\d+-\d+-\d+$/;
/** Kinds whose object id is a GUID (the others have a SID). */
const GUID_KINDS = new Set([
  'OU',
  'Container',
  'GPO',
  'RootCA',
  'AIACA',
  'EnterpriseCA',
  'NTAuthStore',
  'CertTemplate',
  'IssuancePolicy',
]);

describe('directory graph', () => {
  const graph = directoryGraph();
  const of = (kind: string) => graph.nodes.filter((n) => n.primaryKind === kind);

  it('has at least 2 domains, 200 users, 100 computers and 50 groups, with unique ids under their domain', () => {
    expect(graph.domains.length).toBeGreaterThanOrEqual(2);
    expect(of('User').length).toBeGreaterThanOrEqual(200);
    expect(of('Computer').length).toBeGreaterThanOrEqual(100);
    expect(of('Group').length).toBeGreaterThanOrEqual(50);
    for (const d of graph.domains) expect(d.objectid).toMatch(SID);
    for (const n of graph.nodes) {
      if (GUID_KINDS.has(n.primaryKind))
        expect(n.objectid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/);
      else if (n.primaryKind === 'Domain') expect(n.objectid).toMatch(SID);
      else if (n.objectid.includes('-S-1-5-32-')) expect(n.objectid).toBe(`${n.props.domain as string}-S-1-5-32-544`);
      else if (n.objectid.endsWith('-S-1-5-11')) expect(n.objectid).toBe(`${n.props.domain as string}-S-1-5-11`);
      else {
        expect(n.objectid.startsWith(`${n.domainSid}-`)).toBe(true);
        expect(n.objectid).toMatch(/^S-1-5-21-\d+-\d+-\d+-\d+$/);
      }
      expect(n.kinds).toContain(n.primaryKind);
      expect(graph.byId.get(n.objectid)).toBe(n);
    }
    expect(new Set(graph.nodes.map((n) => n.objectid)).size).toBe(graph.nodes.length);
  });

  it('has an OU node for every OU an object’s distinguished name passes through, and the empty ones events name', () => {
    const ous = new Map(of('OU').map((n) => [n.props.distinguishedname as string, n]));
    for (const n of graph.nodes) {
      const parts = (n.props.distinguishedname as string).split(',');
      for (let i = 1; i < parts.length; i++)
        if (parts[i]!.startsWith('OU=')) expect(ous.has(parts.slice(i).join(','))).toBe(true);
    }
    const finance = ous.get('OU=Finance,OU=Departments,DC=CORP,DC=ACME,DC=LOCAL')!;
    expect(finance).toMatchObject({
      name: 'FINANCE@CORP.ACME.LOCAL',
      kinds: ['Base', 'OU'],
      domainSid: graph.domains[0]!.objectid,
    });
    expect(ous.has('OU=Departments,DC=CORP,DC=ACME,DC=LOCAL')).toBe(true);
    expect(ous.has('OU=Workstations,DC=LAB,DC=ACME,DC=LOCAL')).toBe(true);
  });

  it('is memoized and deterministic', () => {
    expect(directoryGraph()).toBe(graph);
    expect(graph.nodes[20]!.name).toBe(directoryGraph().nodes[20]!.name);
  });

  it('every edge joins known nodes', () => {
    for (const e of graph.edges) {
      expect(graph.byId.has(e.source)).toBe(true);
      expect(graph.byId.has(e.target)).toBe(true);
    }
  });

  it('has computers controlled by users, groups and computers', () => {
    const kinds = new Set<string>();
    for (const c of of('Computer')) for (const n of controllersOf(graph, c.objectid)) kinds.add(n.primaryKind);
    expect(kinds).toEqual(new Set(['User', 'Group', 'Computer']));
  });

  it('counts a user’s groups through nesting', () => {
    const admin = of('User').find((u) => u.name.startsWith('ADMINISTRATOR@'))!;
    const names = groupsOf(graph, admin.objectid).map((g) => g.name);
    expect(names.some((n) => n.startsWith('DOMAIN ADMINS@'))).toBe(true);
    expect(names.some((n) => n.startsWith('DOMAIN USERS@'))).toBe(true);
    expect(userCounts({ graph, tagsOf: () => '' }, admin).groupMembership).toBe(names.length);
    // Domain Admins are AdminTo every computer with local group data in their domain, so the admin's count is large.
    expect(userCounts({ graph, tagsOf: () => '' }, admin).adminRights).toBeGreaterThan(30);
  });

  it('completeness is a share between 0 and 1', () => {
    const s = completenessStats(graph);
    expect(s.localGroupCompleteness).toBeGreaterThan(0.5);
    expect(s.localGroupCompleteness).toBeLessThan(1);
    expect(s.sessionCompleteness).toBeGreaterThan(0.3);
    expect(s.sessionCompleteness).toBeLessThan(1);
  });
});
