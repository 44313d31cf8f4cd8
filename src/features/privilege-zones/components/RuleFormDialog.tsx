import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { useGraphKinds } from '@/api/graph-kinds';
import { queryKeys } from '@/api/query-keys';
import {
  AutoCertify,
  SeedType,
  TagType,
  type AssetGroupTag,
  type AssetGroupTagSelector,
  type PreviewSelectorsBody,
} from '@/api/schemas/privilege-zones';
import { fieldQueryRefusal, QueryRefusalMessage, type QueryRefusal } from '@/components/cypher/refusal';
import { DirectoryPicker } from '@/components/DirectoryPicker';
import { FormDialog } from '@/components/FormDialog';
import { FormSwitch } from '@/components/form/FormSwitch';
import { FormTextField } from '@/components/form/FormTextField';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { LoadingState } from '@/components/states';
import { previewSelectors, useCreateSelector, useUpdateSelector } from '@/features/privilege-zones/api/privilege-zones';
import {
  createBody,
  needsPreview,
  patchBody,
  previewExpansion,
  ruleFormDefaults,
  ruleFormSchema,
  seedsOf,
  type RuleFormValues,
} from '@/features/privilege-zones/rule-form';
import { AUTO_CERTIFY_LABELS, ruleFieldLock } from '@/features/privilege-zones/tag-text';
import { PreviewResults } from './PreviewResults';

const CypherEditor = lazy(() => import('@/components/cypher/CypherEditor'));
const NO_KINDS: readonly string[] = [];

/** Thrown by the submit when a changed Cypher query has not been previewed; the form says so. */
class NotPreviewed extends Error {}

/**
 * Create or edit a rule of a zone or label: name, description, seeds (objects picked by directory search, or a
 * Cypher query written in the editor and previewed before saving), auto-certify (zones only), enabled. Preview
 * shows up to 200 of the objects the seeds select now, direct and expanded apart. A default rule offers only
 * auto-certify and enabled (and enabled only where it may be disabled), saying why.
 */
export function RuleFormDialog({
  tag,
  rule,
  onClose,
  onSaved,
}: {
  tag: AssetGroupTag;
  /** The rule to edit; null for a new rule. */
  rule: AssetGroupTagSelector | null;
  onClose: () => void;
  onSaved: (rule: AssetGroupTagSelector, created: boolean) => void;
}) {
  const create = useCreateSelector();
  const update = useUpdateSelector();
  const form = useForm<RuleFormValues>({ resolver: zodResolver(ruleFormSchema), defaultValues: ruleFormDefaults(rule) });
  const [preview, setPreview] = useState<PreviewSelectorsBody | null>(null);
  const previewed = useQuery({
    queryKey: queryKeys.privilegeZones.preview({ ...preview }),
    queryFn: ({ signal }) => previewSelectors(preview!, signal),
    enabled: preview !== null,
    retry: false,
    staleTime: 0,
  });
  const seedType = useWatch({ control: form.control, name: 'seedType' });
  const cypher = useWatch({ control: form.control, name: 'cypher' });
  const previewedCypher =
    previewed.isSuccess && preview?.seeds[0]?.type === SeedType.Cypher ? (preview.seeds[0]?.value ?? null) : null;
  // The service's refusal of the previewed query shows once, under the editor and marked in it, as on the Cypher page.
  const refusal =
    preview?.seeds[0]?.type === SeedType.Cypher && seedType === SeedType.Cypher
      ? fieldQueryRefusal(previewed.error, 'seeds')
      : null;

  const submit = useFormSubmit(
    form,
    async (values: RuleFormValues) => {
      if (needsPreview(values, previewedCypher, rule)) throw new NotPreviewed();
      if (rule)
        return {
          rule: await update.mutateAsync({ tagId: tag.id, selectorId: rule.id, body: patchBody(values, rule, tag) }),
          created: false,
        };
      return { rule: await create.mutateAsync({ tagId: tag.id, body: createBody(values, tag) }), created: true };
    },
    {
      fields: ['name', 'description', 'auto_certify'],
      fieldMap: {
        seeds: rule?.is_default ? undefined : seedType === SeedType.Cypher ? 'cypher' : 'objects',
        disabled: 'enabled',
      },
      onError: (error) =>
        error instanceof NotPreviewed ? 'Preview the query before saving: it has changed since its last preview.' : undefined,
      onSuccess: (result) => onSaved(result.rule, result.created),
    },
  );

  const runPreview = async () => {
    const field = form.getValues('seedType') === SeedType.Cypher ? 'cypher' : 'objects';
    if (!(await form.trigger(field))) return;
    submit.setFormError(null);
    setPreview({ seeds: seedsOf(form.getValues()), expansion: previewExpansion(tag.type) });
  };

  const lock = (field: Parameters<typeof ruleFieldLock>[2]) => ruleFieldLock(rule, tag, field);
  const seedsLock = lock('seeds');
  const zone = tag.type === TagType.Zone;
  const title = rule ? `Edit rule ${rule.name}` : `New rule of ${tag.name}`;

  return (
    <FormDialog
      open
      title={title}
      submitLabel={rule ? 'Save rule' : 'Create rule'}
      submit={submit}
      onClose={onClose}
      maxWidth="md"
      fullScreenOnPhone
    >
      {rule?.is_default && <Alert severity="info">{lock('name')}</Alert>}
      <FormTextField
        control={form.control}
        name="name"
        label="Name"
        required
        autoFocus={!rule?.is_default}
        autoComplete="off"
        disabled={!!lock('name')}
      />
      <FormTextField
        control={form.control}
        name="description"
        label="Description"
        multiline
        minRows={2}
        disabled={!!lock('description')}
      />
      <SeedsField form={form} disabled={!!seedsLock} onPreview={() => void runPreview()} refusal={refusal} />
      {seedType === SeedType.Cypher &&
        cypher.trim() !== '' &&
        needsPreview({ seedType, cypher }, previewedCypher, rule) &&
        !seedsLock && (
          <Typography variant="body2" color="text.secondary">
            Press Preview results (or Ctrl+Enter in the editor) to see what the query selects;{' '}
            {rule ? 'Save rule' : 'Create rule'} then saves it.
          </Typography>
        )}
      <Box>
        <Button variant="outlined" onClick={() => void runPreview()} loading={previewed.isFetching}>
          Preview results
        </Button>
      </Box>
      <PreviewResults query={previewed} requested={preview !== null && refusal === null} tagType={tag.type} />
      {zone ? (
        <FormTextField
          control={form.control}
          name="auto_certify"
          label="Auto-certify"
          select
          helperText="Objects this rule selects are certified without review: all of them, or only the ones it names directly."
        >
          {([AutoCertify.Off, AutoCertify.AllMembers, AutoCertify.SeedsOnly] as const).map((v) => (
            <MenuItem key={v} value={v}>
              {AUTO_CERTIFY_LABELS[v]}
            </MenuItem>
          ))}
        </FormTextField>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Auto-certify: off. {lock('auto_certify')}
        </Typography>
      )}
      <FormSwitch
        control={form.control}
        name="enabled"
        label="Enabled"
        disabled={!!lock('disabled')}
        helperText={lock('disabled') ?? 'A disabled rule selects nothing; its objects leave at the next analysis.'}
      />
    </FormDialog>
  );
}

/** The seeds: by Cypher (the editor, lazy) or by objects (directory search), with the preview's refusal on the query. */
function SeedsField({
  form,
  disabled,
  onPreview,
  refusal,
}: {
  form: ReturnType<typeof useForm<RuleFormValues>>;
  disabled: boolean;
  onPreview: () => void;
  /** The service's refusal of the last preview's query. */
  refusal: QueryRefusal | null;
}) {
  const labelId = useId();
  const helpId = useId();
  const errorId = useId();
  const type = useController({ control: form.control, name: 'seedType' });
  const cypher = useController({ control: form.control, name: 'cypher' });
  const objects = useController({ control: form.control, name: 'objects' });
  const nodeKinds = useGraphKinds('node');
  const edgeKinds = useGraphKinds('edge');
  const kinds = useMemo(
    () => ({ node: nodeKinds.data ?? NO_KINDS, edge: edgeKinds.data ?? NO_KINDS }),
    [nodeKinds.data, edgeKinds.data],
  );
  const invalid = cypher.fieldState.error?.message;
  const position =
    refusal?.line !== undefined && refusal.column !== undefined
      ? { line: refusal.line, column: refusal.column, message: refusal.message }
      : null;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} disabled={disabled}>
      <Typography component="legend" variant="h3" sx={{ mb: 0.5 }}>
        Seeds
      </Typography>
      <RadioGroup
        row
        aria-label="Choose objects by"
        value={String(type.field.value)}
        onChange={(_, v) => type.field.onChange(Number(v) === SeedType.Cypher ? SeedType.Cypher : SeedType.ObjectId)}
      >
        <FormControlLabel value={String(SeedType.Cypher)} control={<Radio />} label="Cypher query" disabled={disabled} />
        <FormControlLabel value={String(SeedType.ObjectId)} control={<Radio />} label="Objects" disabled={disabled} />
      </RadioGroup>
      {type.field.value === SeedType.Cypher ? (
        <>
          <Typography id={labelId} variant="body2" sx={{ mb: 0.5 }}>
            Cypher query
          </Typography>
          {disabled ? (
            <TextField
              value={cypher.field.value}
              fullWidth
              multiline
              slotProps={{ htmlInput: { readOnly: true, 'aria-labelledby': labelId, style: { fontFamily: 'monospace' } } }}
            />
          ) : (
            <Suspense fallback={<LoadingState label="Loading the editor…" />}>
              <CypherEditor
                value={cypher.field.value}
                onChange={cypher.field.onChange}
                onRun={onPreview}
                kinds={kinds}
                error={position}
                labelledBy={labelId}
                describedBy={invalid || refusal ? `${helpId} ${errorId}` : helpId}
              />
            </Suspense>
          )}
          <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            It returns the objects the rule selects. Ctrl+Enter or Shift+Enter previews it; Tab leaves the editor.
          </Typography>
          {invalid ? (
            <FormHelperText error id={errorId}>
              {invalid}
            </FormHelperText>
          ) : (
            refusal && <QueryRefusalMessage id={errorId} refusal={refusal} />
          )}
        </>
      ) : (
        <DirectoryPicker
          kind={null}
          value={objects.field.value}
          onChange={objects.field.onChange}
          onBlur={objects.field.onBlur}
          inputRef={objects.field.ref}
          error={objects.fieldState.error?.message}
          helperText="Search the directory by name or object id; each object picked is a seed."
          disabled={disabled}
        />
      )}
    </Box>
  );
}
