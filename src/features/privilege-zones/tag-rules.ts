/**
 * What the tag form may change on a zone or label, and why not when it may not: upstream's rules
 * (Tier Zero and Owned cannot be renamed or deleted; Tier Zero's position, analysis flag and glyph are
 * fixed; on the community edition only Tier Zero's description is editable, and tags are created and
 * deleted on the enterprise edition only). The server refuses the same with a 403.
 */
import { TagType, type AssetGroupTag } from '@/api/schemas/privilege-zones';

export const isZone = (tag: Pick<AssetGroupTag, 'type'>) => tag.type === TagType.Zone;
export const isOwned = (tag: Pick<AssetGroupTag, 'type'>) => tag.type === TagType.Owned;
/** Tier Zero: the zone at position 1, the most privileged. */
export const isTierZero = (tag: Pick<AssetGroupTag, 'type' | 'position'>) => isZone(tag) && tag.position === 1;

/** "zone", "label" or "tag" (Owned), for buttons and sentences. */
export function tagNoun(tag: Pick<AssetGroupTag, 'type'>): 'zone' | 'label' | 'tag' {
  return isZone(tag) ? 'zone' : tag.type === TagType.Label ? 'label' : 'tag';
}

export const COMMUNITY_NOTE = 'On the community edition only Tier Zero’s description can be changed.';

/** Each editable part of a tag: null when it may change, else the sentence saying why not. */
export interface TagLimits {
  name: string | null;
  description: string | null;
  glyph: string | null;
  position: string | null;
  requireCertify: string | null;
  analysisEnabled: string | null;
  delete: string | null;
}

export function tagLimits(tag: AssetGroupTag, enterprise: boolean): TagLimits {
  const tierZero = isTierZero(tag);
  const owned = isOwned(tag);
  const fixed = (what: string) => `Tier Zero’s ${what} is fixed.`;
  const community = enterprise ? null : COMMUNITY_NOTE;
  const zoneOnly = isZone(tag) ? null : 'Only zones have this.';
  return {
    name: tierZero || owned ? `${tag.name} cannot be renamed.` : community,
    description: tierZero ? null : community,
    glyph: zoneOnly ?? (tierZero ? fixed('glyph') : community),
    position: zoneOnly ?? (tierZero ? 'Tier Zero is always first.' : community),
    requireCertify: zoneOnly ?? community,
    analysisEnabled: zoneOnly ?? (tierZero ? fixed('analysis flag') : community),
    delete:
      tierZero || owned
        ? `${tag.name} cannot be deleted.`
        : enterprise
          ? null
          : 'Zones and labels are deleted on the enterprise edition only.',
  };
}

/** True when the form has anything the person may change on this tag. */
export function canEditAnything(limits: TagLimits): boolean {
  return [limits.name, limits.description, limits.glyph, limits.requireCertify, limits.analysisEnabled].some((l) => l === null);
}

/** Zones in position order (Tier Zero first). */
export function zonesInOrder(tags: readonly AssetGroupTag[]): AssetGroupTag[] {
  return tags.filter(isZone).sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
}

/** The glyphs zones other than `except` use, by glyph: the zone's name (a glyph is unique among zones). */
export function glyphsInUse(tags: readonly AssetGroupTag[], except?: number): Map<string, string> {
  return new Map(tags.filter((t) => isZone(t) && t.glyph && t.id !== except).map((t) => [t.glyph!, t.name]));
}
