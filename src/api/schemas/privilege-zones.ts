/**
 * Privilege Zones (API word: asset group tags) — reference `model.asset-group-tag`,
 * `model.asset-group-tags-selector-response`, `model.asset-group-tags-member`,
 * `model.asset-group-tags-certification-response`, `model.asset-group-tags-history`,
 * as upstream's server sends them (../shared/reference/privilege-zones-and-cypher.md):
 * nullable values are plain JSON values, not the document's `{value, valid}` objects.
 */
import { z } from 'zod';
import { dataEnvelope, intId, paginationFields, timestamp } from './common';

/** A tag's type: 1 a zone, 2 a label, 3 Owned. */
export const TagType = { Zone: 1, Label: 2, Owned: 3 } as const;
export type TagType = (typeof TagType)[keyof typeof TagType];
export const tagType = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** A rule's seed: 1 an object id, 2 a Cypher query. */
export const SeedType = { ObjectId: 1, Cypher: 2 } as const;
export type SeedType = (typeof SeedType)[keyof typeof SeedType];

/** Auto-certification of a rule: 0 off, 1 every object it selects, 2 its seeds only (direct objects). */
export const AutoCertify = { Off: 0, AllMembers: 1, SeedsOnly: 2 } as const;
export type AutoCertify = (typeof AutoCertify)[keyof typeof AutoCertify];

/** How a member came in: 1 a seed, 2 a child (expanded down), 3 a parent (expanded up). */
export const MemberSource = { Seed: 1, Child: 2, Parent: 3 } as const;
export type MemberSource = (typeof MemberSource)[keyof typeof MemberSource];

/** A member's certification: 0 pending, 1 revoked, 2 certified by a person, 3 certified automatically. */
export const Certification = { Pending: 0, Revoked: 1, Manual: 2, Auto: 3 } as const;
export type Certification = (typeof Certification)[keyof typeof Certification];

/** Counts a tag carries with `?counts=true`. */
export const tagCounts = z.object({
  members: z.int(),
  selectors: z.int(),
  custom_selectors: z.int(),
  default_selectors: z.int(),
  disabled_selectors: z.int(),
});

/** A zone or a label (or Owned). Zone-only fields are null on labels. */
export const assetGroupTag = z.object({
  id: intId,
  type: tagType,
  kind_id: z.int(),
  name: z.string(),
  description: z.string(),
  created_at: timestamp,
  created_by: z.string(),
  updated_at: timestamp,
  updated_by: z.string(),
  deleted_at: timestamp.nullable().optional(),
  deleted_by: z.string().nullable().optional(),
  position: z.int().nullable(),
  require_certify: z.boolean().nullable(),
  analysis_enabled: z.boolean().nullable(),
  glyph: z.string().nullable(),
  counts: tagCounts.optional(),
});
export type AssetGroupTag = z.infer<typeof assetGroupTag>;

export const selectorSeed = z.object({ type: z.union([z.literal(1), z.literal(2)]), value: z.string() });
export type SelectorSeed = z.infer<typeof selectorSeed>;

/** A rule (API word: selector) of a tag. */
export const assetGroupTagSelector = z.object({
  id: intId,
  asset_group_tag_id: intId,
  created_at: timestamp,
  created_by: z.string(),
  updated_at: timestamp,
  updated_by: z.string(),
  disabled_at: timestamp.nullable(),
  disabled_by: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  auto_certify: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  is_default: z.boolean(),
  allow_disable: z.boolean(),
  seeds: z.array(selectorSeed),
  counts: z.object({ members: z.int() }).optional(),
});
export type AssetGroupTagSelector = z.infer<typeof assetGroupTagSelector>;

/** A member of a tag or a rule (`properties` and `selectors` only on the one-member answer). */
export const assetGroupTagMember = z.object({
  id: z.int(),
  object_id: z.string(),
  environment_id: z.string(),
  primary_kind: z.string(),
  name: z.string(),
  source: z.int().optional(),
  asset_group_tag_id: intId.optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
  selectors: z.array(assetGroupTagSelector).optional(),
});
export type AssetGroupTagMember = z.infer<typeof assetGroupTagMember>;

/** One row of the certification queue (enterprise). */
export const certificationRecord = z.object({
  id: z.int(),
  object_id: z.string(),
  environment_id: z.string(),
  primary_kind: z.string(),
  name: z.string(),
  asset_group_tag_id: intId,
  created_at: timestamp,
  certified_by: z.string(),
  certified: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
});
export type CertificationRecord = z.infer<typeof certificationRecord>;

/** One history record: a change to a tag, a rule or a certification. */
export const tagHistoryRecord = z.object({
  id: z.int(),
  created_at: timestamp,
  actor: z.string(),
  email: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  asset_group_tag_id: intId,
  environment_id: z.string().nullable(),
  note: z.string().nullable(),
});
export type TagHistoryRecord = z.infer<typeof tagHistoryRecord>;

// Answers, as upstream's server wraps them (where the document is wrong, the server wins).
export const tagsListResponse = dataEnvelope(z.object({ tags: z.array(assetGroupTag) }));
export const tagResponse = dataEnvelope(z.object({ tag: assetGroupTag }));
/** POST and PATCH of a tag answer the tag directly in `data`. */
export const tagWriteResponse = dataEnvelope(assetGroupTag);
export const selectorsListResponse = z.object({
  ...paginationFields,
  data: z.object({ selectors: z.array(assetGroupTagSelector) }),
});
export const selectorResponse = dataEnvelope(z.object({ selector: assetGroupTagSelector }));
/** POST and PATCH of a rule answer it directly in `data`. */
export const selectorWriteResponse = dataEnvelope(assetGroupTagSelector);
export const tagMembersResponse = z.object({ ...paginationFields, data: z.object({ members: z.array(assetGroupTagMember) }) });
export const tagMemberResponse = dataEnvelope(z.object({ member: assetGroupTagMember }));
export const memberCountsResponse = dataEnvelope(z.object({ total_count: z.int(), counts: z.record(z.string(), z.int()) }));
export const previewSelectorsResponse = dataEnvelope(z.object({ members: z.array(assetGroupTagMember) }));
export const tagSearchResponse = dataEnvelope(
  z.object({ tags: z.array(assetGroupTag), selectors: z.array(assetGroupTagSelector), members: z.array(assetGroupTagMember) }),
);
export const historyResponse = z.object({ ...paginationFields, data: z.object({ records: z.array(tagHistoryRecord) }) });
export const certificationsResponse = z.object({
  ...paginationFields,
  data: z.object({ members: z.array(certificationRecord) }),
});
