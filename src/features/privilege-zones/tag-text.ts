import { formatCount } from '@/shared/count';
import { plural } from '@/shared/words';
import { AutoCertify, TagType, type AssetGroupTag, type AssetGroupTagSelector } from '@/api/schemas/privilege-zones';

/** Tier Zero: the zone at position 1, the most privileged (fixed there upstream). */
export function isTierZero(tag: Pick<AssetGroupTag, 'type' | 'position'>): boolean {
  return tag.type === TagType.Zone && tag.position === 1;
}

/** What a tag is, in a word. */
export function tagTypeLabel(type: AssetGroupTag['type']): string {
  return type === TagType.Zone ? 'Zone' : type === TagType.Label ? 'Label' : 'Owned';
}

/** Auto-certify choices (on zones; labels are never certified). */
export const AUTO_CERTIFY_LABELS: Record<AssetGroupTagSelector['auto_certify'], string> = {
  [AutoCertify.Off]: 'Off',
  [AutoCertify.AllMembers]: 'All objects',
  [AutoCertify.SeedsOnly]: 'Direct objects only',
};

/** A tag's rule counts in one line: "12 rules: 2 custom, 10 default, 1 disabled". */
export function ruleCountsText(counts: AssetGroupTag['counts']): string {
  if (!counts) return '';
  return `${plural(counts.selectors, 'rule')}: ${formatCount(counts.custom_selectors)} custom, ${formatCount(counts.default_selectors)} default, ${formatCount(counts.disabled_selectors)} disabled`;
}

/** The three groups of a tag's page: enabled custom rules, enabled default rules, disabled rules (either kind). */
export function groupRules<T extends Pick<AssetGroupTagSelector, 'is_default' | 'disabled_at'>>(rules: readonly T[]) {
  return {
    custom: rules.filter((r) => !r.disabled_at && !r.is_default),
    default: rules.filter((r) => !r.disabled_at && r.is_default),
    disabled: rules.filter((r) => !!r.disabled_at),
  };
}

/**
 * Why a field of a rule is not offered, or null when it is: upstream accepts only auto_certify and disabled on a
 * default rule, refuses to disable one with allow_disable false, and certifies nothing on labels.
 */
export function ruleFieldLock(
  rule: Pick<AssetGroupTagSelector, 'is_default' | 'allow_disable'> | null,
  tag: Pick<AssetGroupTag, 'type'>,
  field: 'name' | 'description' | 'seeds' | 'auto_certify' | 'disabled',
): string | null {
  if (field === 'auto_certify' && tag.type !== TagType.Zone) return 'Labels are not certified: their rules never certify.';
  if (!rule?.is_default) return null;
  if (field === 'disabled') return rule.allow_disable ? null : 'This default rule cannot be disabled: the zone depends on it.';
  if (field === 'auto_certify') return null;
  return 'A default rule keeps its name, description and seeds; only auto-certify and enabled can change.';
}
