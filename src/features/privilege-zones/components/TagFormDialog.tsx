import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  TAG_NAME_MAX_LENGTH,
  TAG_NAME_PATTERN,
  TagType,
  type AssetGroupTag,
  type UpdateTagBody,
} from '@/api/schemas/privilege-zones';
import { FormDialog } from '@/components/FormDialog';
import { FormSwitch } from '@/components/form/FormSwitch';
import { FormTextField } from '@/components/form/FormTextField';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useCreateTag, useUpdateTag } from '@/features/privilege-zones/api/tags';
import { GLYPHS, GlyphIcon } from '@/features/privilege-zones/components/glyphs';
import { glyphsInUse, isZone, tagLimits, tagNoun, zonesInOrder, type TagLimits } from '@/features/privilege-zones/tag-rules';

export const DESCRIPTION_MAX_LENGTH = 1000;

/** The name as upstream allows it, with messages that name the field. */
const tagName = z
  .string()
  .trim()
  .min(1, 'Name: enter a name.')
  .max(TAG_NAME_MAX_LENGTH, `Name: at most ${TAG_NAME_MAX_LENGTH} characters.`)
  .regex(TAG_NAME_PATTERN, 'Name: use only letters, digits, spaces and underscores.');

interface Values {
  name: string;
  description: string;
  require_certify: boolean;
  analysis_enabled: boolean;
  glyph: string;
}

/** The form's rules: a name as upstream allows, and for a zone a glyph no other zone uses. */
function valuesSchema(zone: boolean, taken: Map<string, string>, glyphFixed: boolean) {
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

/** The PATCH body: what changed, among what may change. */
export function changedFields(tag: AssetGroupTag, values: Values, limits: TagLimits): UpdateTagBody {
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
const needsAnalysis = (body: UpdateTagBody) =>
  body.require_certify !== undefined || body.analysis_enabled !== undefined || body.position !== undefined;

export type TagFormTarget =
  { mode: 'create'; type: typeof TagType.Zone | typeof TagType.Label } | { mode: 'edit'; tag: AssetGroupTag };

/**
 * Create a zone or a label, or edit one: name, description and, for zones, whether members need
 * certification, whether analysis tags them, and the glyph. What may not change is shown disabled with
 * the reason (Tier Zero and Owned keep their names; Tier Zero's glyph and analysis flag are fixed; on
 * the community edition only Tier Zero's description). A new zone goes after the last one; the order is
 * changed with "Reorder zones".
 */
export function TagFormDialog({
  target,
  tags,
  enterprise,
  onClose,
  onSaved,
}: {
  target: TagFormTarget;
  /** Every live tag: the glyphs in use and the new zone's position come from it. */
  tags: readonly AssetGroupTag[];
  enterprise: boolean;
  onClose: () => void;
  onSaved: (tag: AssetGroupTag, message: string) => void;
}) {
  const create = useCreateTag();
  const update = useUpdateTag();
  const tag = target.mode === 'edit' ? target.tag : null;
  const zone = tag ? isZone(tag) : target.mode === 'create' && target.type === TagType.Zone;
  const noun = tag ? tagNoun(tag) : zone ? 'zone' : 'label';
  const limits = tag ? tagLimits(tag, enterprise) : null;
  const taken = useMemo(() => glyphsInUse(tags, tag?.id), [tags, tag?.id]);
  const form = useForm<Values>({
    resolver: zodResolver(valuesSchema(zone, taken, limits?.glyph != null)),
    defaultValues: {
      name: tag?.name ?? '',
      description: tag?.description ?? '',
      require_certify: tag?.require_certify ?? false,
      analysis_enabled: tag?.analysis_enabled ?? true,
      glyph: tag?.glyph ?? '',
    },
  });

  const submit = useFormSubmit(
    form,
    async (values: Values): Promise<{ saved: AssetGroupTag; message: string }> => {
      if (!tag) {
        const saved = await create.mutateAsync({
          name: values.name,
          type: zone ? TagType.Zone : TagType.Label,
          description: values.description,
          ...(zone
            ? { require_certify: values.require_certify, glyph: values.glyph, position: zonesInOrder(tags).length + 1 }
            : {}),
        });
        return {
          saved,
          message: `${zone ? 'Zone' : 'Label'} ${saved.name} was created. Add rules to it; members are tagged at the next analysis.`,
        };
      }
      const body = changedFields(tag, values, limits!);
      if (Object.keys(body).length === 0) return { saved: tag, message: `Nothing changed on ${tag.name}.` };
      const saved = await update.mutateAsync({ id: tag.id, body });
      return {
        saved,
        message: `${saved.name} was saved.${needsAnalysis(body) ? ' Members update after the next analysis.' : ''}`,
      };
    },
    { onSuccess: ({ saved, message }) => onSaved(saved, message) },
  );

  const title = tag ? `Edit ${tag.name}` : `Create a ${noun}`;
  const reason = (limit: string | null | undefined) => (limit ? limit : undefined);
  return (
    <FormDialog open title={title} submitLabel={tag ? 'Save' : `Create ${noun}`} submit={submit} onClose={onClose}>
      {!enterprise && (
        <Alert severity="info" role="note">
          On the community edition only Tier Zero’s description can be changed; zones and labels are created, renamed and deleted
          on the enterprise edition.
        </Alert>
      )}
      <FormTextField
        control={form.control}
        name="name"
        label="Name"
        required
        autoComplete="off"
        autoFocus={!limits?.name}
        disabled={limits?.name != null}
        helperText={reason(limits?.name) ?? 'Letters, digits, spaces and underscores; unique among zones and labels.'}
      />
      <FormTextField
        control={form.control}
        name="description"
        label="Description"
        multiline
        minRows={2}
        autoFocus={limits?.name != null && limits.description === null}
        disabled={limits?.description != null}
        helperText={reason(limits?.description) ?? 'What the objects in it have in common.'}
      />
      {zone && (
        <Stack spacing={2}>
          <FormTextField
            control={form.control}
            name="glyph"
            label="Glyph"
            select
            required
            disabled={limits?.glyph != null}
            helperText={reason(limits?.glyph) ?? 'The icon the zone’s objects are shown with; each zone has its own.'}
          >
            {withCurrent(tag?.glyph).map(({ name, label }) => (
              <MenuItem key={name} value={name} disabled={taken.has(name)}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <GlyphIcon glyph={name} fontSize="small" />
                  <span>{label}</span>
                  {taken.has(name) && (
                    <Typography variant="body2" color="text.secondary" component="span">
                      (used by {taken.get(name)})
                    </Typography>
                  )}
                </Stack>
              </MenuItem>
            ))}
          </FormTextField>
          <FormSwitch
            control={form.control}
            name="require_certify"
            label="Require certification"
            disabled={limits?.requireCertify != null}
            helperText={
              reason(limits?.requireCertify) ??
              'Objects a rule selects join the zone only once certified (by a person, or automatically by the rule).'
            }
          />
          {tag && (
            <FormSwitch
              control={form.control}
              name="analysis_enabled"
              label="Analysis enabled"
              disabled={limits?.analysisEnabled != null}
              helperText={reason(limits?.analysisEnabled) ?? 'Off: analysis stops tagging the zone’s objects.'}
            />
          )}
        </Stack>
      )}
    </FormDialog>
  );
}

/** The glyph list, with a glyph the console does not draw kept as a choice when the zone has it. */
function withCurrent(current: string | null | undefined) {
  return current && !GLYPHS.some((g) => g.name === current) ? [...GLYPHS, { name: current, label: current }] : GLYPHS;
}
