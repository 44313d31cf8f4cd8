import { z } from 'zod';
import {
  TAG_NAME_MAX_LENGTH,
  TAG_NAME_PATTERN,
  TagType,
  type AssetGroupTag,
  type CreateTagBody,
  type UpdateTagBody,
} from '@/api/schemas/privilege-zones';
import type { TagLimits } from '@/features/privilege-zones/tag-rules';

export const DESCRIPTION_MAX_LENGTH = 1000;

/** The name as upstream allows it, with messages that name the field. */
const tagName = z
  .string()
  .trim()
  .min(1, 'Name: enter a name.')
  .max(TAG_NAME_MAX_LENGTH, `Name: at most ${TAG_NAME_MAX_LENGTH} characters.`)
  .regex(TAG_NAME_PATTERN, 'Name: use only letters, digits, spaces and underscores.');

export interface TagFormValues {
  name: string;
  description: string;
  require_certify: boolean;
  analysis_enabled: boolean;
  glyph: string;
}

/** The form's rules: a name as upstream allows, and for a zone a glyph no other zone uses. */
export function tagFormSchema(zone: boolean, taken: Map<string, string>, glyphFixed: boolean) {
  return z
    .object({
      name: tagName,
      description: z.string().max(DESCRIPTION_MAX_LENGTH, `Description: at most ${DESCRIPTION_MAX_LENGTH} characters.`),
      require_certify: z.boolean(),
      analysis_enabled: z.boolean(),
      glyph: z.string(),
    })
    .superRefine((v, ctx) => {
      if (!zone || glyphFixed) return;
      if (v.glyph === '')
        ctx.addIssue({ code: 'custom', path: ['glyph'], message: 'Glyph: pick the icon the zone is shown with.' });
      else if (taken.has(v.glyph))
        ctx.addIssue({ code: 'custom', path: ['glyph'], message: `Glyph: ${taken.get(v.glyph)} already uses this glyph.` });
    });
}

/** The POST body of a new zone (placed at `position`) or label: a label has no certification or glyph. */
export function newTagBody(values: TagFormValues, zone: boolean, position: number): CreateTagBody {
  return {
    name: values.name,
    type: zone ? TagType.Zone : TagType.Label,
    description: values.description,
    ...(zone ? { require_certify: values.require_certify, glyph: values.glyph, position } : {}),
  };
}

/** The PATCH body: what changed, among what may change. */
export function changedFields(tag: AssetGroupTag, values: TagFormValues, limits: TagLimits): UpdateTagBody {
  const body: UpdateTagBody = {};
  if (limits.name === null && values.name.trim() !== tag.name) body.name = values.name.trim();
  if (limits.description === null && values.description !== tag.description) body.description = values.description;
  if (limits.requireCertify === null && values.require_certify !== tag.require_certify)
    body.require_certify = values.require_certify;
  if (limits.analysisEnabled === null && values.analysis_enabled !== tag.analysis_enabled)
    body.analysis_enabled = values.analysis_enabled;
  if (limits.glyph === null && values.glyph !== (tag.glyph ?? '')) body.glyph = values.glyph;
  return body;
}

/** Changes that move objects between zones wait for the next analysis (upstream's rule). */
export const needsAnalysis = (body: UpdateTagBody) =>
  body.require_certify !== undefined || body.analysis_enabled !== undefined || body.position !== undefined;
