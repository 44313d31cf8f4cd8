import { plural } from '@/shared/words';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { useClearDatabase } from '@/api/datapipe';
import { AD_RELATIONSHIP_KINDS, type ClearDatabaseBody } from '@/api/schemas/datapipe';
import { PageHeader } from '@/components/PageHeader';
import { FormCheckbox } from '@/components/form/FormSwitch';
import { applyServerErrors } from '@/components/form/server-errors';
import { useNotice } from '@/components/notice';
import { PipelineDetails, usePipeline } from '@/components/pipeline/PipelineStatus';
import { ErrorState, LoadingState } from '@/components/states';
import { useSelectorGroups, type SelectorGroup } from '@/features/database/api/list-selector-groups';
import { ConfirmClearDialog } from '@/features/database/components/ConfirmClearDialog';
import {
  CLEAR_FIELDS,
  choiceConflict,
  consequences,
  deletedInWords,
  EMPTY_CHOICES,
  NOTHING_CHOSEN_MESSAGE,
  nothingChosen,
  relationshipKindProblem,
  SERVER_FIELD_MAP,
  SOURCE_KIND_OPTIONS,
  toClearBody,
  type ClearFormValues,
} from '@/features/database/clear-form';

const TITLE = 'Database management';

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

interface Result {
  words: string;
}

/**
 * Database management (administrators: db.Wipe): choose what to delete, each option saying what it
 * removes; the service's forbidden combination and an empty choice are refused here with a message;
 * a typed confirmation lists the consequences; the result names what was deleted and shows the pipeline
 * analyzing what is left. Server errors land on the form, and the choices stay.
 */
export default function DatabasePage() {
  const form = useForm<ClearFormValues>({ defaultValues: EMPTY_CHOICES });
  const { control, handleSubmit, setError, clearErrors, reset, setFocus } = form;
  const values = useWatch({ control }) as ClearFormValues;
  const conflict = choiceConflict(values);
  const groups = useSelectorGroups();
  const clear = useClearDatabase();
  const { notify } = useNotice();
  // A refusal of the server that names no field (403, 500, …); cleared by the next try.
  const [formError, setFormError] = useState<string | null>(null);
  // After a try with nothing chosen, the message stays until something is.
  const [tried, setTried] = useState(false);
  const emptyMessage = tried && nothingChosen(values) ? NOTHING_CHOSEN_MESSAGE : null;
  // What the confirmation asks about; kept while the dialog closes, so its text stays put.
  const [confirming, setConfirming] = useState<ClearDatabaseBody | null>(null);
  const [open, setOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result | null>(null);
  const resultId = useId();
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const errorAlert = useRef<HTMLDivElement>(null);
  // Where the focus goes once the confirmation has closed (the dialog gives it back to its opener first):
  // the result, above the form; or the first field the server named, else the form's message.
  const afterClose = useRef<(() => void) | null>(null);
  const { status, details } = usePipeline();

  const groupName = (id: number) => groups.data?.find((g: SelectorGroup) => g.id === id)?.name ?? `asset group ${id}`;

  const onSubmit = handleSubmit((chosen) => {
    clearErrors();
    setFormError(null);
    setTried(true);
    // The conflict is said beside the choices already; the focus goes there.
    if (choiceConflict(chosen)) return setFocus('allGraph');
    if (nothingChosen(chosen)) return;
    setAttempt((n) => n + 1);
    setConfirming(toClearBody(chosen));
    setOpen(true);
  });

  const confirm = () => {
    if (!confirming) return;
    const body = confirming;
    clear.mutate(body, {
      onSuccess: () => {
        const words = deletedInWords(body, groupName);
        afterClose.current = () => resultHeading.current?.focus();
        setOpen(false);
        setResult({ words });
        setTried(false);
        reset(EMPTY_CHOICES);
        notify(`Deleted ${words}. The service is analyzing what is left.`);
      },
      onError: (error) => {
        setOpen(false);
        setResult(null);
        // Field errors go on their fields without taking the focus (the dialog still holds it).
        const quietly: typeof setError = (name, e) => setError(name, e);
        const message = applyServerErrors(error, quietly, CLEAR_FIELDS, SERVER_FIELD_MAP);
        setFormError(message);
        afterClose.current = () => {
          const named = CLEAR_FIELDS.find((f) => form.getFieldState(f).error);
          if (named) setFocus(named);
          else errorAlert.current?.focus();
        };
      },
    });
  };

  return (
    <>
      <PageHeader
        title={TITLE}
        description="Delete data from the service's database, for good. The service analyzes what is left afterwards."
      />
      {result && (
        <Paper component="section" aria-labelledby={resultId} sx={{ p: 2, mb: 3 }}>
          <Typography id={resultId} ref={resultHeading} tabIndex={-1} variant="h2" gutterBottom sx={{ outline: 'none' }}>
            Data deleted
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 2 }}>
            <DoneIcon color="success" aria-hidden />
            <Typography sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              Deleted {result.words}. The service is analyzing what is left.
            </Typography>
          </Stack>
          <Divider sx={{ mb: 2 }} />
          {status.data ? (
            <PipelineDetails status={status.data} headingLevel="h3" {...details} />
          ) : (
            <LoadingState label="Loading the pipeline status…" />
          )}
        </Paper>
      )}
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="What to delete">
        <Stack spacing={2}>
          {(formError ?? emptyMessage) && (
            <Alert ref={errorAlert} tabIndex={-1} severity="error" role="alert">
              {formError ?? emptyMessage}
            </Alert>
          )}
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
          <Box>
            <Button type="submit" variant="contained" color="error" disabled={clear.isPending}>
              Delete chosen data…
            </Button>
          </Box>
        </Stack>
      </Box>
      <ConfirmClearDialog
        key={attempt}
        open={open}
        consequences={confirming ? consequences(confirming, groupName) : []}
        pending={clear.isPending}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
        onExited={() => {
          afterClose.current?.();
          afterClose.current = null;
        }}
      />
    </>
  );
}
