/**
 * Privilege Zones request bodies (reference `model.asset-group-tag-request`, `model.asset-group-tag-update`,
 * the certification body), beside the answers in privilege-zones.ts. The console's forms validate with these
 * before sending; the server checks the same rules and names the field when it refuses.
 */
import { z } from 'zod';
import { TagType } from './privilege-zones';

/** A tag's name: letters, digits, spaces and underscores (upstream's rule), unique among live tags. */
export const TAG_NAME_PATTERN = /^[a-zA-Z0-9 _]+$/;
export const TAG_NAME_MAX_LENGTH = 250;

export const tagName = z
  .string()
  .trim()
  .min(1, 'Name: enter a name.')
  .max(TAG_NAME_MAX_LENGTH, `Name: at most ${TAG_NAME_MAX_LENGTH} characters.`)
  .regex(TAG_NAME_PATTERN, 'Name: use only letters, digits, spaces and underscores.');

/** POST /asset-group-tags (enterprise): a zone or a label. Zone-only fields are left out for a label. */
export const createTagBody = z.object({
  name: tagName,
  type: z.union([z.literal(TagType.Zone), z.literal(TagType.Label)]),
  description: z.string(),
  position: z.int().min(1).nullable().optional(),
  require_certify: z.boolean().nullable().optional(),
  glyph: z.string().nullable().optional(),
});
export type CreateTagBody = z.infer<typeof createTagBody>;

/** PATCH /asset-group-tags/{id}: only the fields that change (at least one). */
export const updateTagBody = z.object({
  name: tagName.optional(),
  description: z.string().optional(),
  position: z.int().min(1).optional(),
  require_certify: z.boolean().optional(),
  analysis_enabled: z.boolean().optional(),
  glyph: z.string().optional(),
});
export type UpdateTagBody = z.infer<typeof updateTagBody>;

/** The certification actions: 1 revoke, 2 certify. */
export const CertifyAction = { Revoke: 1, Certify: 2 } as const;
export type CertifyAction = (typeof CertifyAction)[keyof typeof CertifyAction];

/** POST /asset-group-tags/certifications (enterprise). */
export const certifyBody = z.object({
  member_ids: z.array(z.int()).min(1, 'Pick at least one object.'),
  action: z.union([z.literal(CertifyAction.Revoke), z.literal(CertifyAction.Certify)]),
  note: z.string().optional(),
});
export type CertifyBody = z.infer<typeof certifyBody>;
