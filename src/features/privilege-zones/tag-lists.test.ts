import { describe, expect, it } from 'vitest';
import { MemberSource, SeedType, TagType, type AssetGroupTag, type AssetGroupTagMember } from '@/api/schemas/privilege-zones';
import { membersQuery } from './api/privilege-zones';
import { splitPreview } from './components/PreviewResults';
import { seedsText } from './components/RulesSection';
import { orderTags } from './routes/ZonesPage';
import { ruleCountsText } from './tag-text';

function tag(id: number, name: string, type: AssetGroupTag['type'], position: number | null): AssetGroupTag {
  return {
    id,
    type,
    kind_id: id,
    name,
    description: '',
    created_at: '2026-11-01T00:00:00Z',
    created_by: 'SYSTEM',
    updated_at: '2026-11-01T00:00:00Z',
    updated_by: 'SYSTEM',
    position,
    require_certify: type === TagType.Zone ? false : null,
    analysis_enabled: type === TagType.Zone ? true : null,
    glyph: null,
  };
}

describe('zones and labels', () => {
  const tags = [
    tag(4, 'Servers', TagType.Zone, 2),
    tag(2, 'Owned', TagType.Owned, null),
    tag(1, 'Tier Zero', TagType.Zone, 1),
    tag(5, 'crown jewels', TagType.Label, null),
    tag(6, 'Backups', TagType.Label, null),
  ];

  it('lists zones in position order and labels (with Owned) by name', () => {
    expect(orderTags(tags, 'zones').map((t) => t.name)).toEqual(['Tier Zero', 'Servers']);
    expect(orderTags(tags, 'labels').map((t) => t.name)).toEqual(['Backups', 'crown jewels', 'Owned']);
  });

  it('says a tag’s rule counts in one line', () => {
    const counts = { members: 9, selectors: 12, custom_selectors: 2, default_selectors: 10, disabled_selectors: 1 };
    expect(ruleCountsText(counts)).toBe('12 rules: 2 custom, 10 default, 1 disabled');
    expect(ruleCountsText({ ...counts, selectors: 1 })).toMatch(/^1 rule:/);
  });
});

describe('rules and objects', () => {
  it('names a rule’s seeds: Cypher, or how many objects', () => {
    expect(seedsText({ seeds: [{ type: SeedType.Cypher, value: 'MATCH (n) RETURN n' }] })).toBe('Cypher');
    expect(seedsText({ seeds: [1, 2, 3].map((i) => ({ type: SeedType.ObjectId, value: `S-${i}` })) })).toBe('3 objects');
  });

  it('splits a preview into direct objects (source 1) and expanded ones (children and parents)', () => {
    const m = (id: number, source: number): AssetGroupTagMember => ({
      id,
      object_id: `S-${id}`,
      environment_id: 'S-1',
      primary_kind: 'User',
      name: `N${id}`,
      source,
    });
    const { direct, expanded } = splitPreview([m(1, MemberSource.Seed), m(2, MemberSource.Child), m(3, MemberSource.Parent)]);
    expect([direct.map((x) => x.id), expanded.map((x) => x.id)]).toEqual([[1], [2, 3]]);
  });

  it('sends the domain filter as upstream’s plain environments parameter, the rest as predicates', () => {
    expect(membersQuery({ skip: 0, limit: 25, name: '~eq:adm', environments: 'eq:S-1-5-21-1' })).toEqual({
      skip: 0,
      limit: 25,
      name: '~eq:adm',
      environments: 'S-1-5-21-1',
    });
  });
});
