import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { TagType, type AssetGroupTag } from '@/api/schemas/privilege-zones';
import { FormDialog } from '@/components/FormDialog';
import { FormSwitch } from '@/components/form/FormSwitch';
import { FormTextField } from '@/components/form/FormTextField';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useCreateTag, useUpdateTag } from '@/features/privilege-zones/api/tags';
import { GLYPHS, GlyphIcon } from '@/features/privilege-zones/components/glyphs';
import { changedFields, needsAnalysis, newTagBody, tagFormSchema, type TagFormValues } from '@/features/privilege-zones/tag-form';
import { glyphsInUse, isZone, tagLimits, tagNoun, zonesInOrder } from '@/features/privilege-zones/tag-rules';

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
  const form = useForm<TagFormValues>({
    resolver: zodResolver(tagFormSchema(zone, taken, limits?.glyph != null)),
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
    async (values: TagFormValues): Promise<{ saved: AssetGroupTag; message: string }> => {
      if (!tag) {
        const saved = await create.mutateAsync(newTagBody(values, zone, zonesInOrder(tags).length + 1));
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
