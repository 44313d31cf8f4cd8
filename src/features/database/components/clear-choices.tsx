import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DoneIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { useId, useState, type ReactNode, type Ref } from 'react';
import { useController, type Control } from 'react-hook-form';
import { AD_RELATIONSHIP_KINDS } from '@/api/schemas/datapipe';
import { FormCheckbox } from '@/components/form/FormSwitch';
import { PipelineDetails, type usePipeline } from '@/components/pipeline/pipeline-status';
import { ErrorState, LoadingState } from '@/components/states';
import type { useSelectorGroups } from '@/features/database/api/list-selector-groups';
import { relationshipKindProblem, SOURCE_KIND_OPTIONS, type ClearFormValues } from '@/features/database/clear-form';
import { plural } from '@/shared/words';

/** One checkbox of a list with its label and, under it, what choosing it does (its description). */
function ChoiceCheckbox({
  label,
  description,
  checked,
  disabled,
  onChange,
  inputRef,
}: {
  label: ReactNode;
  description: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const descriptionId = useId();
  return (
    <Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={checked}
            disabled={disabled}
            onChange={(_, c) => onChange(c)}
            slotProps={{ input: { ref: inputRef, 'aria-describedby': descriptionId } }}
          />
        }
        label={label}
      />
      <FormHelperText id={descriptionId} sx={{ mt: -0.5, mx: 0 }}>
        {description}
      </FormHelperText>
    </Box>
  );
}

/** A group of checkboxes bound to a list of ids (source kinds, asset groups), with the field's error under it. */
function IdChoices({
  control,
  name,
  legend,
  options,
}: {
  control: Control<ClearFormValues>;
  name: 'sourceKinds' | 'assetGroups';
  legend: string;
  options: readonly { id: number; label: string; description: string; disabled?: boolean }[];
}) {
  const { field, fieldState } = useController({ control, name });
  const errorId = useId();
  const firstEnabled = options.find((o) => !o.disabled)?.id;
  return (
    <FormControl component="fieldset" error={Boolean(fieldState.error)} aria-describedby={fieldState.error ? errorId : undefined}>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        {legend}
      </FormLabel>
      {options.map((o) => (
        <ChoiceCheckbox
          key={o.id}
          label={o.label}
          description={o.description}
          disabled={o.disabled}
          checked={field.value.includes(o.id)}
          inputRef={o.id === firstEnabled ? field.ref : undefined}
          onChange={(checked) =>
            field.onChange(checked ? [...field.value, o.id] : field.value.filter((id: number) => id !== o.id))
          }
        />
      ))}
      {fieldState.error && (
        <FormHelperText id={errorId} sx={{ mx: 0 }}>
          {fieldState.error.message}
        </FormHelperText>
      )}
    </FormControl>
  );
}

/** Relationship kinds: the common ones to pick, or any other typed and added with Enter. */
function RelationshipKinds({ control }: { control: Control<ClearFormValues> }) {
  const { field, fieldState } = useController({ control, name: 'relationships' });
  const [input, setInput] = useState('');
  const [typedProblem, setTypedProblem] = useState<string | null>(null);
  const add = (raw: string) => {
    const parts = raw
      .split(/[\s,;]+/)
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = parts.map(relationshipKindProblem).find((p) => p !== null) ?? null;
    setTypedProblem(bad);
    if (bad) return;
    if (parts.length > 0) field.onChange([...new Set([...field.value, ...parts])]);
    setInput('');
  };
  const error = typedProblem ?? fieldState.error?.message;
  return (
    <Autocomplete
      multiple
      freeSolo
      disableCloseOnSelect
      options={AD_RELATIONSHIP_KINDS.filter((k) => !field.value.includes(k))}
      value={field.value}
      inputValue={input}
      onInputChange={(_, v, reason) => {
        if (reason === 'input' && /[\s,;]$/.test(v)) add(v);
        else {
          setInput(v);
          if (typedProblem) setTypedProblem(null);
        }
      }}
      onChange={(_, v, reason) => {
        if (reason === 'createOption') return add(String(v[v.length - 1] ?? ''));
        field.onChange([...new Set(v.map((s) => s.trim()).filter(Boolean))]);
      }}
      onBlur={() => {
        if (input.trim()) add(input);
        field.onBlur();
      }}
      renderValue={(selected, getItemProps) =>
        selected.map((option, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} label={option} size="small" {...props} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label="Relationship kinds"
          error={Boolean(error)}
          helperText={
            error ??
            'Removes only the relationships (edges) of these kinds, such as the sessions HasSession records; the nodes stay. Pick common kinds or type any other and press Enter.'
          }
        />
      )}
    />
  );
}

function Section({ title, children, description }: { title: string; description?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} variant="h2" gutterBottom>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {description}
        </Typography>
      )}
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}

/** The asset groups to pick custom selectors from (GET /api/v2/asset-groups), with their loading and error states. */
function SelectorChoices({
  control,
  groups,
}: {
  control: Control<ClearFormValues>;
  groups: ReturnType<typeof useSelectorGroups>;
}) {
  if (groups.isPending) return <LoadingState label="Loading the asset groups…" />;
  if (groups.isError)
    return <ErrorState error={groups.error} title="Could not load the asset groups" onRetry={() => void groups.refetch()} />;
  if (groups.data.length === 0) return <Typography color="text.secondary">There are no asset groups.</Typography>;
  const options = groups.data.map((g) => ({
    id: g.id,
    label: g.name,
    description: g.customSelectors === 0 ? 'No custom selectors.' : `${plural(g.customSelectors, 'custom selector')}.`,
    disabled: g.customSelectors === 0,
  }));
  return <IdChoices control={control} name="assetGroups" legend="Asset groups" options={options} />;
}

/** The choices of what to delete: the collected graph (all, by source kind, by relationship kind), selectors, histories. */
export function ClearChoices({
  control,
  conflict,
  groups,
}: {
  control: Control<ClearFormValues>;
  /** The forbidden combination chosen, in words, or null. */
  conflict: string | null;
  groups: ReturnType<typeof useSelectorGroups>;
}) {
  return (
    <>
      <Section
        title="Collected graph data"
        description="The nodes and relationships collected from Active Directory, Azure and other sources. Delete all of it, or only part of it."
      >
        <FormCheckbox
          control={control}
          name="allGraph"
          label="All collected graph data"
          helperText="Removes every node and relationship, from every source. Asset groups keep their names and selectors; entity pages and asset group members stay empty until new data is collected and analyzed."
        />
        <IdChoices
          control={control}
          name="sourceKinds"
          legend="Or the data of chosen source kinds"
          options={SOURCE_KIND_OPTIONS}
        />
        <Box>
          <Typography color="text.secondary" sx={{ mb: 1.5 }}>
            Or only the relationships of chosen kinds
          </Typography>
          <RelationshipKinds control={control} />
        </Box>
        {conflict && (
          <Alert severity="warning" role="alert">
            {conflict}
          </Alert>
        )}
      </Section>
      <Section
        title="Custom asset group selectors"
        description="Removes the selectors people added to the chosen asset groups (the built-in ones stay); the groups' members are worked out again."
      >
        <SelectorChoices control={control} groups={groups} />
      </Section>
      <Section title="History">
        <FormCheckbox
          control={control}
          name="fileIngestHistory"
          label="File ingest history"
          helperText="Removes the list of file uploads on the File ingest page; the data they brought into the graph stays."
        />
        <FormCheckbox
          control={control}
          name="dataQualityHistory"
          label="Data quality history"
          helperText="Removes the data quality statistics over time of every domain; the graph stays."
        />
      </Section>
    </>
  );
}

/** What the last clearing deleted, and the pipeline analyzing what is left; its heading takes the focus. */
export function ClearedResult({
  words,
  headingRef,
  pipeline: { status, details },
}: {
  words: string;
  headingRef: Ref<HTMLHeadingElement>;
  pipeline: ReturnType<typeof usePipeline>;
}) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: 2, mb: 3 }}>
      <Typography id={id} ref={headingRef} tabIndex={-1} variant="h2" gutterBottom sx={{ outline: 'none' }}>
        Data deleted
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 2 }}>
        <DoneIcon color="success" aria-hidden />
        <Typography sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          Deleted {words}. The service is analyzing what is left.
        </Typography>
      </Stack>
      <Divider sx={{ mb: 2 }} />
      {status.data ? (
        <PipelineDetails status={status.data} headingLevel="h3" {...details} />
      ) : (
        <LoadingState label="Loading the pipeline status…" />
      )}
    </Paper>
  );
}
