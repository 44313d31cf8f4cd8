import { describe, expect, it } from 'vitest';
import { CRITICAL_LABEL, OWNED, SERVERS_ZONE, TAGS, TIER_ZERO } from '@/testing/zones-answers';
import { deleteConsequences } from '@/features/privilege-zones/components/DeleteTagDialog';
import { canEditAnything, glyphsInUse, tagLimits, zonesInOrder } from './tag-rules';

describe('what the tag form may change', () => {
  it('keeps Tier Zero’s name, glyph, position and analysis flag, and never deletes it', () => {
    const limits = tagLimits(TIER_ZERO, true);
    expect(limits.name).toBe('Tier Zero cannot be renamed.');
    expect(limits.glyph).toBe('Tier Zero’s glyph is fixed.');
    expect(limits.analysisEnabled).toBe('Tier Zero’s analysis flag is fixed.');
    expect(limits.position).toBe('Tier Zero is always first.');
    expect(limits.delete).toBe('Tier Zero cannot be deleted.');
    expect(limits.description).toBeNull();
    expect(limits.requireCertify).toBeNull();
  });

  it('keeps Owned’s name, and never deletes it', () => {
    const limits = tagLimits(OWNED, true);
    expect(limits.name).toBe('Owned cannot be renamed.');
    expect(limits.delete).toBe('Owned cannot be deleted.');
    expect(limits.glyph).toBe('Only zones have this.');
  });

  it('lets an enterprise server change everything of another zone, and a label its name and description', () => {
    expect(Object.values(tagLimits(SERVERS_ZONE, true)).every((l) => l === null)).toBe(true);
    const label = tagLimits(CRITICAL_LABEL, true);
    expect([label.name, label.description, label.delete]).toEqual([null, null, null]);
    expect(label.requireCertify).toBe('Only zones have this.');
  });

  it('on a community server allows only Tier Zero’s description', () => {
    expect(tagLimits(TIER_ZERO, false).description).toBeNull();
    expect(canEditAnything(tagLimits(TIER_ZERO, false))).toBe(true);
    for (const tag of [SERVERS_ZONE, CRITICAL_LABEL, OWNED]) expect(canEditAnything(tagLimits(tag, false)), tag.name).toBe(false);
    expect(tagLimits(SERVERS_ZONE, false).delete).toBe('Zones and labels are deleted on the enterprise edition only.');
  });

  it('orders zones by position and knows which glyphs the other zones use', () => {
    expect(zonesInOrder([...TAGS].reverse()).map((t) => t.name)).toEqual(['Tier Zero', 'Tier One Servers']);
    expect([...glyphsInUse(TAGS, SERVERS_ZONE.id)]).toEqual([['gem', 'Tier Zero']]);
  });

  it('spells out what deleting a zone does: rules at once, members at the next analysis', () => {
    expect(deleteConsequences(SERVERS_ZONE)).toEqual([
      'Its 3 rules are deleted at once, default and custom alike.',
      '12 objects lose the zone at the next analysis.',
      'An object another zone also selects joins that zone then; the zones after this one move up a position.',
      'Its history stays. Deleting cannot be undone.',
    ]);
    expect(deleteConsequences(CRITICAL_LABEL)[1]).toBe('12 objects lose the label at the next analysis.');
  });
});
