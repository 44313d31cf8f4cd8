/**
 * What the mock keeps of Privilege Zones (API word: asset group tags): the
 * tags (zones, labels, Owned), their rules (selectors) with seeds, the
 * certification of selected objects, the history of changes, and the
 * membership the last analysis computed. The API's shapes are in
 * src/api/schemas/privilege-zones.ts; how membership is computed is in
 * membership.ts.
 */
import type {
  AssetGroupTag,
  AssetGroupTagSelector,
  Certification,
  MemberSource,
  TagHistoryRecord,
} from '../../../api/schemas/privilege-zones';

/** A tag as stored: the API's tag without counts. */
export type StoredTag = Omit<AssetGroupTag, 'counts' | 'deleted_at' | 'deleted_by'> & {
  deleted_at: string | null;
  deleted_by: string | null;
};

/** A rule as stored: the API's rule without counts. */
export type StoredSelector = Omit<AssetGroupTagSelector, 'counts'>;

/** The certification of one object in one zone (enterprise). */
export interface StoredCertification {
  object_id: string;
  asset_group_tag_id: number;
  certified: Certification;
  certified_by: string;
  created_at: string;
  updated_at: string;
  note: string | null;
}

export type StoredHistoryRecord = TagHistoryRecord;

/** One object a tag holds after analysis: how it came in and which rules select it. */
export interface ComputedMember {
  object_id: string;
  source: MemberSource;
  /** The ids of the rules whose seeds or expansion reach it. */
  selectors: number[];
}

/** What the last analysis computed: each tag's members, by tag id. */
export interface ComputedMembership {
  /** When the analysis that computed it ended. */
  computed_at: string;
  tags: Record<number, ComputedMember[]>;
}

export interface PrivilegeZonesState {
  tags: StoredTag[];
  selectors: StoredSelector[];
  certifications: StoredCertification[];
  history: StoredHistoryRecord[];
  /** Null until the first analysis (the seed computes one). */
  membership: ComputedMembership | null;
  /**
   * The rules that stand for the custom selectors of the legacy system asset
   * groups (`admin_tier_0` → Tier Zero, `owned` → Owned): legacy selector id
   * → rule id (membership.ts `linkLegacySelectors`). Absent until the first link.
   */
  legacy_rules?: Record<number, number>;
  /** The id the next tag, rule and history record get (each taken with `next.x++`). */
  next: { tag: number; selector: number; history: number };
}

/** What this part of the mock keeps in the state (one part of DbState, store/db.ts). */
export interface ZonesState {
  privilegeZones: PrivilegeZonesState;
}
