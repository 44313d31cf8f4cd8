import { describe, expect, it } from 'vitest';
import { MemberSource, TagType, type SelectorSeed } from '../../../api/schemas/privilege-zones';
import { directoryGraph, NO_DELETIONS, type GraphNode } from '../../seed/graph';
import type { DbState } from '../../store/db';
import { computeMembership, cypherSeedNodes, Expansion, selectFromSeeds, seedCypherGraph } from './membership';
import type { StoredCertification, StoredSelector, StoredTag } from './model';

const AT = '2026-01-02T03:04:05.000Z';
const graph = directoryGraph();
const node = (name: string, kind?: string): GraphNode =>
  [...graph.domains, ...graph.nodes].find((n) => n.name === name && (kind === undefined || n.primaryKind === kind))!;
const byId = (id: string) => graph.byId.get(id)!;
const edgesOf = (kind: string) => graph.edges.filter((e) => e.kind === kind);

const CORP = 'CORP.ACME.LOCAL';
const domainAdmins = node(`DOMAIN ADMINS@${CORP}`, 'Group');
const administrators = node(`ADMINISTRATORS@${CORP}`, 'Group');
const dcOu = node(`DOMAIN CONTROLLERS@${CORP}`, 'OU');
const corp = node(CORP, 'Domain');

function tag(id: number, type: StoredTag['type'], position: number | null, extra: Partial<StoredTag> = {}): StoredTag {
  return {
    id,
    type,
    kind_id: 100 + id,
    name: `Tag ${id}`,
    description: '',
    created_at: AT,
    created_by: 'test',
    updated_at: AT,
    updated_by: 'test',
    deleted_at: null,
    deleted_by: null,
    position,
    require_certify: type === TagType.Zone ? false : null,
    analysis_enabled: type === TagType.Zone ? true : null,
    glyph: null,
    ...extra,
  };
}

let nextRule = 1;
function rule(tagId: number, seeds: SelectorSeed[], extra: Partial<StoredSelector> = {}): StoredSelector {
  const id = nextRule++;
  return {
    id,
    asset_group_tag_id: tagId,
    created_at: AT,
    created_by: 'test',
    updated_at: AT,
    updated_by: 'test',
    disabled_at: null,
    disabled_by: null,
    name: `Rule ${id}`,
    description: '',
    auto_certify: 0,
    is_default: false,
    allow_disable: true,
    seeds,
    ...extra,
  };
}

const objectSeed = (n: GraphNode): SelectorSeed => ({ type: 1, value: n.objectid });
const cypherSeed = (value: string): SelectorSeed => ({ type: 2, value });

function stateOf(tags: StoredTag[], selectors: StoredSelector[], certifications: StoredCertification[] = []): DbState {
  return {
    graph: { deletions: NO_DELETIONS },
    privilegeZones: {
      tags,
      selectors,
      certifications,
      history: [],
      membership: null,
      next: { tag: 10, selector: 100, history: 1 },
    },
  } as unknown as DbState;
}

const ids = (members: { object_id: string }[] | undefined) => new Set((members ?? []).map((m) => m.object_id));
const sourceIn = (members: { object_id: string; source: number }[] | undefined, id: string) =>
  members?.find((m) => m.object_id === id)?.source;

/** Every node that belongs to a group through MemberOf, nested groups too. */
function nestedMembers(group: GraphNode): Set<string> {
  const out = new Set<string>();
  const queue = [group.objectid];
  while (queue.length > 0) {
    const at = queue.pop()!;
    for (const e of edgesOf('MemberOf')) {
      if (e.target === at && !out.has(e.source) && e.source !== group.objectid) {
        out.add(e.source);
        queue.push(e.source);
      }
    }
  }
  return out;
}

describe('expansion', () => {
  const select = (seeds: SelectorSeed[], expansion: Expansion) =>
    selectFromSeeds(graph, (marks) => seedCypherGraph(stateOf([], []), graph, marks), seeds, expansion);

  it('children: a group’s members through nested groups, each as a child', () => {
    const selected = select([objectSeed(administrators)], Expansion.Children);
    const expected = nestedMembers(administrators);
    expect(expected.size).toBeGreaterThan(2);
    expect(new Set(selected.keys())).toEqual(new Set([administrators.objectid, ...expected]));
    expect(selected.get(administrators.objectid)!.source).toBe(MemberSource.Seed);
    for (const id of expected) expect(selected.get(id)!.source).toBe(MemberSource.Child);
  });

  it('children: what an OU contains, recursively', () => {
    const selected = select([objectSeed(dcOu)], Expansion.Children);
    const contained = edgesOf('Contains').filter((e) => e.source === dcOu.objectid);
    expect(contained.length).toBeGreaterThan(0);
    for (const e of contained) expect(selected.get(e.target)?.source).toBe(MemberSource.Child);
    // No parents with children only.
    expect([...selected.values()].some((m) => m.source === MemberSource.Parent)).toBe(false);
  });

  it('parents: the containing OUs and the GPOs linked to the node or them; containers only when the ACL is not protected', () => {
    const dc = byId(
      edgesOf('Contains').find((e) => e.source === dcOu.objectid && byId(e.target).primaryKind === 'Computer')!.target,
    );
    const selected = select([objectSeed(dc)], Expansion.Parents);
    expect(selected.get(dcOu.objectid)?.source).toBe(MemberSource.Parent);
    const gpos = edgesOf('GPLink').filter((e) => e.target === dcOu.objectid);
    expect(gpos.length).toBeGreaterThan(0);
    for (const e of gpos) expect(selected.get(e.source)?.source).toBe(MemberSource.Parent);
    // The domain contains the OU, but a domain is no OU: the walk stops there.
    expect(selected.has(corp.objectid)).toBe(false);

    const inContainer = edgesOf('Contains').filter((e) => byId(e.source).primaryKind === 'Container');
    const open = inContainer.find((e) => byId(e.target).props.isaclprotected === false)!;
    expect(select([objectSeed(byId(open.target))], Expansion.Parents).get(open.source)?.source).toBe(MemberSource.Parent);
    const closed = inContainer.find((e) => byId(e.target).props.isaclprotected !== false);
    if (closed) expect(select([objectSeed(byId(closed.target))], Expansion.Parents).has(closed.source)).toBe(false);
  });

  it('none: the seeds only; missing object ids are ignored; a Cypher seed selects what it returns', () => {
    const selected = select(
      [cypherSeed("MATCH (n:Group) WHERE n.objectid ENDS WITH '-512' RETURN n"), { type: 1, value: 'S-1-5-21-0-0-0-99999' }],
      Expansion.None,
    );
    const expected = graph.nodes.filter((n) => n.primaryKind === 'Group' && n.objectid.endsWith('-512')).map((n) => n.objectid);
    expect(new Set(selected.keys())).toEqual(new Set(expected));
  });
});

describe('Cypher seeds', () => {
  it('run once per graph, except a query that reads the clock', () => {
    const cypher = seedCypherGraph(stateOf([], []), graph);
    const query = "MATCH (n:Group) WHERE n.objectid ENDS WITH '-512' RETURN n";
    const first = cypherSeedNodes(cypher, query);
    expect(first.length).toBeGreaterThan(0);
    expect(cypherSeedNodes(cypher, query)).toBe(first);
    const clock = 'MATCH (n:User) WHERE n.whencreated < datetime().epochseconds RETURN n';
    expect(cypherSeedNodes(cypher, clock)).not.toBe(cypherSeedNodes(cypher, clock));
  });
});

describe('computeMembership', () => {
  it('by tag type: a zone expands both ways, a label children only, Owned not at all', () => {
    const seeds = [objectSeed(dcOu)];
    const state = stateOf(
      [tag(1, TagType.Zone, 1), tag(2, TagType.Label, null), tag(3, TagType.Owned, null)],
      [rule(1, seeds), rule(2, seeds), rule(3, seeds)],
    );
    const { tags } = computeMembership(state, AT);
    const gpo = edgesOf('GPLink').find((e) => e.target === dcOu.objectid)!.source;
    const child = edgesOf('Contains').find((e) => e.source === dcOu.objectid)!.target;
    expect(sourceIn(tags[1], gpo)).toBe(MemberSource.Parent);
    expect(sourceIn(tags[1], child)).toBe(MemberSource.Child);
    expect(ids(tags[2]).has(gpo)).toBe(false);
    expect(sourceIn(tags[2], child)).toBe(MemberSource.Child);
    expect([...ids(tags[3])]).toEqual([dcOu.objectid]);
  });

  it('zones in position order: a node belongs only to the highest zone selecting it; labels overlap', () => {
    const seeds = [objectSeed(domainAdmins)];
    const state = stateOf(
      // Listed out of order: position decides.
      [tag(2, TagType.Zone, 2), tag(1, TagType.Zone, 1), tag(3, TagType.Label, null)],
      [rule(2, [objectSeed(administrators)]), rule(1, seeds), rule(3, seeds)],
    );
    const { tags } = computeMembership(state, AT);
    const tierZero = ids(tags[1]);
    expect(tierZero.has(domainAdmins.objectid)).toBe(true);
    for (const id of ids(tags[2])) expect(tierZero.has(id)).toBe(false);
    // Domain Admins belongs to Administrators, so the lower zone would have had it.
    expect(nestedMembers(administrators).has(domainAdmins.objectid)).toBe(true);
    expect(ids(tags[2]).size).toBeGreaterThan(0);
    expect(ids(tags[3]).has(domainAdmins.objectid)).toBe(true);
  });

  it('lists the rules selecting each member, and disabled rules select nothing', () => {
    const enabled = rule(1, [objectSeed(domainAdmins)]);
    const also = rule(1, [cypherSeed("MATCH (n:Group) WHERE n.objectid ENDS WITH '-512' RETURN n")]);
    const disabled = rule(1, [objectSeed(corp)], { disabled_at: AT, disabled_by: 'test' });
    const { tags } = computeMembership(stateOf([tag(1, TagType.Zone, 1)], [enabled, also, disabled]), AT);
    expect(tags[1]!.find((m) => m.object_id === domainAdmins.objectid)!.selectors).toEqual([enabled.id, also.id]);
    expect(ids(tags[1]).has(corp.objectid)).toBe(false);
    expect(tags[1]!.some((m) => m.selectors.includes(disabled.id))).toBe(false);
  });

  it('certification: new records from auto_certify, a person’s value survives, require_certify keeps the uncertified out', () => {
    const allAuto = rule(1, [objectSeed(domainAdmins)], { auto_certify: 1 });
    const seedsOnly = rule(2, [objectSeed(administrators)], { auto_certify: 2 });
    const revoked: StoredCertification = {
      object_id: administrators.objectid,
      asset_group_tag_id: 2,
      certified: 1,
      certified_by: 'someone@example.com',
      created_at: AT,
      updated_at: AT,
      note: 'not this one',
    };
    const state = stateOf(
      [tag(1, TagType.Zone, 1), tag(2, TagType.Zone, 2, { require_certify: true })],
      [allAuto, seedsOnly],
      [revoked],
    );
    const { tags } = computeMembership(state, '2026-02-01T00:00:00.000Z');
    const records = state.privilegeZones.certifications;
    const recordOf = (tagId: number, id: string) => records.find((c) => c.asset_group_tag_id === tagId && c.object_id === id);
    for (const id of ids(tags[1])) expect(recordOf(1, id)).toMatchObject({ certified: 3, certified_by: 'BloodHound' });
    // The revoked record stays as the person left it, and keeps the node out of the zone that requires certification.
    expect(recordOf(2, administrators.objectid)).toEqual(revoked);
    expect(ids(tags[2]).has(administrators.objectid)).toBe(false);
    // Expanded nodes of a seeds-only rule are pending, so not members either.
    const expanded = [...nestedMembers(administrators)].filter((id) => !ids(tags[1]).has(id));
    expect(expanded.length).toBeGreaterThan(0);
    for (const id of expanded) expect(recordOf(2, id)).toMatchObject({ certified: 0, certified_by: '' });
    expect(ids(tags[2]).size).toBe(0);

    // A person certifies one: after the next analysis it is a member.
    const certified = recordOf(2, expanded[0]!)!;
    certified.certified = 2;
    certified.certified_by = 'someone@example.com';
    const again = computeMembership(state, '2026-02-02T00:00:00.000Z');
    expect([...ids(again.tags[2])]).toEqual([expanded[0]]);
    expect(recordOf(2, expanded[0]!)).toMatchObject({ certified: 2, certified_by: 'someone@example.com' });
  });

  it('drops the records of nodes no longer selected, and turns pending records automatic when a rule certifies them', () => {
    const r = rule(1, [objectSeed(domainAdmins)]);
    const state = stateOf([tag(1, TagType.Zone, 1)], [r]);
    computeMembership(state, AT);
    expect(state.privilegeZones.certifications.every((c) => c.certified === 0)).toBe(true);
    r.auto_certify = 1;
    computeMembership(state, AT);
    expect(state.privilegeZones.certifications.every((c) => c.certified === 3)).toBe(true);
    r.disabled_at = AT;
    const { tags } = computeMembership(state, AT);
    expect(tags[1]).toEqual([]);
    expect(state.privilegeZones.certifications).toEqual([]);
  });

  it('a tag whose analysis is disabled keeps its last members; deleted tags hold nothing', () => {
    const zone = tag(2, TagType.Zone, 2);
    const gone = tag(3, TagType.Label, null, { deleted_at: AT, deleted_by: 'test' });
    const state = stateOf([tag(1, TagType.Zone, 1), zone, gone], [rule(2, [objectSeed(corp)]), rule(3, [objectSeed(corp)])]);
    state.privilegeZones.membership = computeMembership(state, AT);
    const before = state.privilegeZones.membership.tags[2];
    expect(ids(before).has(corp.objectid)).toBe(true);
    expect(state.privilegeZones.membership.tags[3]).toBeUndefined();
    zone.analysis_enabled = false;
    state.privilegeZones.selectors.push(rule(2, [objectSeed(domainAdmins)]));
    expect(computeMembership(state, AT).tags[2]).toEqual(before);
  });

  it('a cleared database leaves every tag empty', () => {
    const state = stateOf(
      [tag(1, TagType.Zone, 1), tag(2, TagType.Label, null), tag(3, TagType.Owned, null)],
      [
        rule(1, [objectSeed(corp), cypherSeed('MATCH (n:Group) RETURN n')]),
        rule(2, [objectSeed(domainAdmins)]),
        rule(3, [objectSeed(corp)]),
      ],
    );
    state.graph = { deletions: { ...NO_DELETIONS, all: true } };
    const { tags } = computeMembership(state, AT);
    expect(tags).toEqual({ 1: [], 2: [], 3: [] });
    expect(state.privilegeZones.certifications).toEqual([]);
  });

  it('Cypher seeds see the Tier Zero marks of the last analysis', () => {
    const tierZero = tag(1, TagType.Zone, 1);
    const owned = tag(2, TagType.Owned, null);
    const state = stateOf(
      [tierZero, owned],
      [rule(1, [objectSeed(domainAdmins)]), rule(2, [cypherSeed('MATCH (n:Tag_Tier_Zero) RETURN n')])],
    );
    state.privilegeZones.membership = computeMembership(state, AT);
    expect(state.privilegeZones.membership.tags[2]).toEqual([]);
    const second = computeMembership(state, AT);
    expect(ids(second.tags[2])).toEqual(ids(state.privilegeZones.membership.tags[1]));
  });
});
