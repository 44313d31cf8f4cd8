/**
 * Privilege Zones (API word: asset group tags) — reference `model.asset-group-tag`,
 * `model.asset-group-tags-selector-response`, `model.asset-group-tags-member`,
 * `model.asset-group-tags-certification-response`, `model.asset-group-tags-history`,
 * as upstream's server sends them (the operations are privilegeZoneOps): nullable values are plain JSON
 * values, not the `{time, valid}`-style wrappers (wire-format.ts) of the other resources.
 */
import { z } from 'zod';
import { dataEnvelope, intId, pagination, paginationFields, timestamp } from './wire-format';

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
/** The reference's answer has no `count`, `skip` or `limit` (the service sends them): optional. */
export const selectorsListResponse = z.object({
  ...pagination.partial().shape,
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

// Requests (what upstream's handlers accept).

/** A tag's name: letters, digits, spaces and underscores (it becomes the graph kind `Tag_<name>`). */
export const TAG_NAME_PATTERN = /^[a-zA-Z0-9 _]+$/;
export const TAG_NAME_MAX_LENGTH = 250;
const tagName = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, { error: 'name must not be empty' })
  .max(TAG_NAME_MAX_LENGTH, { error: `name must be at most ${TAG_NAME_MAX_LENGTH} characters` })
  .regex(TAG_NAME_PATTERN, { error: 'name may hold only letters, digits, spaces and underscores' });
const description = z
  .string({ error: 'description must be text' })
  .max(1000, { error: 'description must be at most 1000 characters' });
const flag = (name: string) => z.boolean({ error: `${name} must be true or false` });
const glyph = z.string({ error: 'glyph must be an icon name' }).trim().min(1, { error: 'glyph must not be empty' }).max(100);
const position = z.int({ error: 'position must be a whole number' }).min(1, { error: 'position must be 1 or more' });

/** POST /asset-group-tags (enterprise). */
export const createTagBody = z.strictObject(
  {
    name: tagName,
    type: z.union([z.literal(1), z.literal(2)], { error: 'type must be 1 (zone) or 2 (label)' }),
    description: description.optional(),
    position: position.nullable().optional(),
    require_certify: flag('require_certify').nullable().optional(),
    analysis_enabled: flag('analysis_enabled').nullable().optional(),
    glyph: glyph.nullable().optional(),
  },
  { error: (i) => (i.code === 'unrecognized_keys' ? `${i.keys.join(', ')}: not a field of a tag` : undefined) },
);
export type CreateTagBody = z.infer<typeof createTagBody>;

/** PATCH /asset-group-tags/{id}: any of the fields. */
export const updateTagBody = createTagBody.omit({ type: true }).partial();
export type UpdateTagBody = z.infer<typeof updateTagBody>;

const seed = z.object({
  type: z.union([z.literal(1), z.literal(2)], { error: 'type must be 1 (object id) or 2 (Cypher)' }),
  value: z.string({ error: 'value is required' }).trim().min(1, { error: 'value must not be empty' }).max(20_000),
});
const autoCertify = z.union([z.literal(0), z.literal(1), z.literal(2)], {
  error: 'auto_certify must be 0 (off), 1 (all objects) or 2 (direct objects)',
});
const selectorName = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, { error: 'name must not be empty' })
  .max(TAG_NAME_MAX_LENGTH, { error: `name must be at most ${TAG_NAME_MAX_LENGTH} characters` });

/** POST /asset-group-tags/{id}/selectors. */
export const createSelectorBody = z.strictObject(
  {
    name: selectorName,
    description: description.optional(),
    auto_certify: autoCertify.optional(),
    disabled: flag('disabled').optional(),
    seeds: z.array(seed, { error: 'seeds must be a list' }).min(1, { error: 'seeds must hold at least one seed' }).max(1000),
  },
  { error: (i) => (i.code === 'unrecognized_keys' ? `${i.keys.join(', ')}: not a field of a rule` : undefined) },
);
export type CreateSelectorBody = z.infer<typeof createSelectorBody>;

/** PATCH /asset-group-tags/{id}/selectors/{sid}: any of the fields. */
export const updateSelectorBody = createSelectorBody.partial();
export type UpdateSelectorBody = z.infer<typeof updateSelectorBody>;

/** The shortest query POST /asset-group-tags/search takes. */
export const TAG_SEARCH_MIN_LENGTH = 3;
/** POST /asset-group-tags/search. */
export const tagSearchBody = z.object({
  query: z
    .string({ error: 'query is required' })
    .trim()
    .min(TAG_SEARCH_MIN_LENGTH, { error: `query must be at least ${TAG_SEARCH_MIN_LENGTH} characters` })
    .max(1000),
  tag_type: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'tag_type must be 1 (zones), 2 (labels) or 3 (Owned)' }),
  asset_group_tag_id: z.int({ error: 'asset_group_tag_id must be a whole number' }).optional(),
});
export type TagSearchBody = z.infer<typeof tagSearchBody>;

/** POST /asset-group-tags/certifications (enterprise): 1 revoke, 2 certify. */
export const CertifyAction = { Revoke: 1, Certify: 2 } as const;
export const certifyBody = z.object({
  member_ids: z
    .array(z.int({ error: 'member_ids must hold whole numbers' }), { error: 'member_ids must be a list' })
    .min(1, { error: 'member_ids must hold at least one member' })
    .max(10_000),
  action: z.union([z.literal(1), z.literal(2)], { error: 'action must be 1 (revoke) or 2 (certify)' }),
  note: z.string({ error: 'note must be text' }).max(1000, { error: 'note must be at most 1000 characters' }).optional(),
});
export type CertifyBody = z.infer<typeof certifyBody>;

/** POST /asset-group-tags-history: a case-insensitive search over actor, email, action and target. */
export const historySearchBody = z.object({
  query: z.string({ error: 'query must be text' }).max(1000),
});

/** Expansion of a preview: 0 none, 1 both ways (the default), 2 children, 3 parents. */
export const previewExpansion = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], {
  error: 'expansion must be 0 (none), 1 (all), 2 (children) or 3 (parents)',
});

/** POST /asset-group-tags/preview-selectors: the seeds of a rule being written, and how to expand them. */
export const previewSelectorsBody = z.object({
  seeds: z
    .array(
      z.object({
        type: z.union([z.literal(1), z.literal(2)], { error: 'type must be 1 (object id) or 2 (Cypher)' }),
        value: z.string({ error: 'value must be a string' }).refine((v) => v.trim() !== '', { error: 'value must not be empty' }),
      }),
      { error: 'seeds must be a list of {type, value}' },
    )
    .min(1, { error: 'seeds must hold at least one seed' })
    .refine((seeds) => seeds.every((s) => s.type === seeds[0]!.type), {
      error: 'seeds must all be of one type: object ids (1) or Cypher (2), not both',
    }),
  expansion: previewExpansion.optional(),
});
export type PreviewSelectorsBody = z.infer<typeof previewSelectorsBody>;
