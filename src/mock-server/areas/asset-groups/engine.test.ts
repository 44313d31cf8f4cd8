import { describe, expect, it } from 'vitest';
import { MEMBER_FILTER_COLUMNS, MEMBER_SORTABLE_COLUMNS, type AssetGroupMember } from '../../../api/schemas/asset-groups';
import { MemberIndex, type MemberFilter, type MemberRowsInput, type MemberSort } from './engine';
import { fleetRows, selectedNodes } from './members';
import { directoryGraph } from '../../seed/graph';
import { Rng } from '../../seed/random';

/** A small member set with many ties (repeated names, few kinds and environments). */
function sample(size: number, seed = 7): MemberRowsInput {
  const rng = new Rng(seed);
  const rows = {
    assetGroupId: 42,
    objectId: [] as string[],
    name: [] as string[],
    primaryKind: [] as string[],
    kinds: [] as string[][],
    environmentId: [] as string[],
    environmentKind: [] as string[],
    customMember: [] as boolean[],
  };
  const names = ['alpha', 'Beta', 'gamma', 'ADMIN ONE', 'admin two', 'Zed', 'beta', 'ÄRGER', 'x:y'];
  for (let i = 0; i < size; i++) {
    const kind = rng.pick(['User', 'Computer', 'Group']);
    rows.objectId.push(`S-1-5-21-${rng.int(1, 3)}-${1000 + i}`);
    rows.name.push(`${rng.pick(names)}${rng.bool(0.5) ? '' : ` ${rng.int(1, 20)}`}`);
    rows.primaryKind.push(kind);
    rows.kinds.push(['Base', kind]);
    rows.environmentId.push(rng.pick(['S-1-5-21-1', 'S-1-5-21-2', 'S-1-5-21-3']));
    rows.environmentKind.push(rng.pick(['Domain', 'AZTenant']));
    rows.customMember.push(rng.bool(0.3));
  }
  return rows;
}

function value(m: AssetGroupMember, column: string): string {
  const v = (m as unknown as Record<string, unknown>)[column];
  return typeof v === 'string' ? v : String(v);
}

/** What the engine must answer, computed the slow, obvious way. */
function naive(members: AssetGroupMember[], filters: MemberFilter[], sorts: MemberSort[]): string[] {
  const kept = members.filter((m) =>
    filters.every((f) => {
      const v = value(m, f.column);
      if (f.predicate === 'eq') return v === f.value;
      if (f.predicate === 'neq') return v !== f.value;
      return v.toLowerCase().includes(f.value.toLowerCase());
    }),
  );
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  kept.sort((a, b) => {
    for (const s of sorts) {
      const d = cmp(value(a, s.column), value(b, s.column));
      if (d !== 0) return s.descending ? -d : d;
    }
    return cmp(a.object_id, b.object_id);
  });
  return kept.map((m) => m.object_id);
}

describe('MemberIndex', () => {
  const input = sample(600);
  const index = new MemberIndex(input);
  const all = Array.from({ length: index.size }, (_, r) => index.member(r));

  it('returns members with every field of the reference `model.asset-group-member`', () => {
    const m = index.member(0);
    expect(m).toEqual({
      asset_group_id: 42,
      object_id: input.objectId[0],
      primary_kind: input.primaryKind[0],
      kinds: input.kinds[0],
      environment_id: input.environmentId[0],
      environment_kind: input.environmentKind[0],
      name: input.name[0],
      custom_member: input.customMember[0],
    });
  });

  it('agrees with a naive filter and sort on hundreds of random queries', () => {
    const rng = new Rng(99);
    for (let round = 0; round < 400; round++) {
      const filters: MemberFilter[] = [];
      for (const column of MEMBER_FILTER_COLUMNS) {
        if (!rng.bool(0.3)) continue;
        const source = value(rng.pick(all), column);
        if (column === 'custom_member') {
          filters.push({ column, predicate: rng.pick(['eq', 'neq'] as const), value: source });
          continue;
        }
        const predicate = rng.pick(['eq', '~eq', 'neq'] as const);
        const start = rng.int(0, Math.max(0, source.length - 2));
        const text = predicate === '~eq' ? source.slice(start, start + rng.int(1, 3)) : source;
        filters.push({ column, predicate, value: rng.bool(0.3) ? text.toUpperCase() : text });
      }
      const sorts: MemberSort[] = Array.from({ length: rng.int(0, 3) }, () => ({
        column: rng.pick(MEMBER_SORTABLE_COLUMNS),
        descending: rng.bool(),
      }));
      const expected = naive(all, filters, dedupe(sorts));
      index.clearCache();
      const got = Array.from(index.order(filters, sorts), (r) => all[r]!.object_id);
      expect(got, JSON.stringify({ filters, sorts })).toEqual(expected);
      // The cached answer is the same.
      expect(Array.from(index.order(filters, sorts), (r) => all[r]!.object_id)).toEqual(expected);
    }
  });

  it('pages with skip and limit over the same order, deep pages included', () => {
    const sorts: MemberSort[] = [
      { column: 'primary_kind', descending: true },
      { column: 'name', descending: false },
    ];
    const expected = naive(all, [], sorts);
    for (const skip of [0, 25, 575, 599, 600, 1000]) {
      const page = index.query({ filters: [], sorts, skip, limit: 25 });
      expect(page.count).toBe(600);
      expect(page.members.map((m) => m.object_id)).toEqual(expected.slice(skip, skip + 25));
    }
    expect(index.query({ filters: [], sorts, skip: 0, limit: 0 })).toEqual({ count: 600, members: [] });
  });

  it('contains is case-insensitive; eq and neq are exact', () => {
    const count = (f: MemberFilter) => index.query({ filters: [f], sorts: [], skip: 0, limit: 0 }).count;
    const admin = all.filter((m) => m.name.toLowerCase().includes('admin')).length;
    expect(admin).toBeGreaterThan(0);
    expect(count({ column: 'name', predicate: '~eq', value: 'ADMIN' })).toBe(admin);
    expect(count({ column: 'name', predicate: '~eq', value: 'ärger' })).toBe(
      all.filter((m) => m.name.startsWith('ÄRGER')).length,
    );
    expect(count({ column: 'name', predicate: 'eq', value: 'alpha' })).toBe(all.filter((m) => m.name === 'alpha').length);
    expect(count({ column: 'name', predicate: 'eq', value: 'ALPHA' })).toBe(0);
    expect(count({ column: 'name', predicate: 'neq', value: 'alpha' })).toBe(all.filter((m) => m.name !== 'alpha').length);
    expect(count({ column: 'name', predicate: '~eq', value: 'no such text' })).toBe(0);
    expect(count({ column: 'name', predicate: '~eq', value: '\u0000' })).toBe(0);
    expect(count({ column: 'custom_member', predicate: 'eq', value: 'true' })).toBe(all.filter((m) => m.custom_member).length);
  });

  it('combines filters with AND', () => {
    const page = index.query({
      filters: [
        { column: 'primary_kind', predicate: 'eq', value: 'User' },
        { column: 'environment_kind', predicate: 'neq', value: 'AZTenant' },
        { column: 'name', predicate: '~eq', value: 'a' },
      ],
      sorts: [],
      skip: 0,
      limit: 1000,
    });
    const expected = all.filter(
      (m) => m.primary_kind === 'User' && m.environment_kind !== 'AZTenant' && m.name.toLowerCase().includes('a'),
    );
    expect(page.count).toBe(expected.length);
    expect(new Set(page.members.map((m) => m.object_id))).toEqual(new Set(expected.map((m) => m.object_id)));
  });

  it('refuses member sets it cannot index', () => {
    expect(() => new MemberIndex({ ...input, objectId: input.objectId.map(() => 'same') })).toThrow(/unique/);
    expect(() => new MemberIndex({ ...input, name: input.name.slice(1) })).toThrow(/rows/);
  });

  it('handles an empty group', () => {
    const empty = new MemberIndex(sample(0));
    expect(
      empty.query({
        filters: [{ column: 'name', predicate: '~eq', value: 'a' }],
        sorts: [{ column: 'name', descending: true }],
        skip: 0,
        limit: 10,
      }),
    ).toEqual({
      count: 0,
      members: [],
    });
  });
});

function dedupe(sorts: MemberSort[]): MemberSort[] {
  const seen = new Set<string>();
  return sorts.filter((s) => !seen.has(s.column) && (seen.add(s.column), true));
}

describe('member sources', () => {
  it('generates the same fleet every time, with unique object ids over several kinds and environments', () => {
    const a = fleetRows(6, 5000);
    const b = fleetRows(6, 5000);
    expect(a.objectId).toEqual(b.objectId);
    expect(a.name).toEqual(b.name);
    expect(new Set(a.objectId).size).toBe(5000);
    expect(new Set(a.primaryKind).size).toBeGreaterThanOrEqual(6);
    expect(new Set(a.environmentId).size).toBeGreaterThanOrEqual(5);
    expect(new Set(a.environmentKind)).toEqual(new Set(['Domain', 'AZTenant']));
    // The directory graph's own nodes come first, so their entity pages exist.
    const graph = directoryGraph();
    expect(graph.byId.has(a.objectId[0]!)).toBe(true);
  });

  it('selects graph nodes and the members of selected groups, marking custom members', () => {
    const graph = directoryGraph();
    const domain = graph.domains[0]!;
    const admins = graph.nodes.find((n) => n.name === `DOMAIN ADMINS@${domain.name}`)!;
    const members = selectedNodes([{ selector: admins.objectid, system_selector: true }], graph);
    expect(members.get(admins.objectid)?.custom).toBe(false);
    const direct = graph.edges.filter((e) => e.kind === 'MemberOf' && e.target === admins.objectid).map((e) => e.source);
    expect(direct.length).toBeGreaterThan(0);
    for (const id of direct) expect(members.has(id)).toBe(true);
    // A custom selector of a node already selected makes it a custom member.
    const both = selectedNodes(
      [
        { selector: admins.objectid, system_selector: true },
        { selector: direct[0]!, system_selector: false },
        { selector: 'S-1-5-21-NOT-IN-GRAPH', system_selector: false },
      ],
      graph,
    );
    expect(both.get(direct[0]!)?.custom).toBe(true);
    expect(both.size).toBe(members.size);
  });
});
