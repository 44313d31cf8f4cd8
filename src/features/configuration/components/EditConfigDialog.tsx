import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { useForm, useWatch, type Path } from 'react-hook-form';
import type { ConfigParameter, ConfigValue } from '@/api/schemas/config';
import { FormDialog } from '@/components/FormDialog';
import { FormSwitch } from '@/components/form/FormSwitch';
import { FormTextField } from '@/components/form/FormTextField';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useSetConfig } from '@/features/configuration/api/set-config';
import {
  durationText,
  fieldsFor,
  jsonValueSchema,
  rruleText,
  toFormValues,
  valueSchemaFor,
  type FieldSpec,
  type FormValues,
} from '@/features/configuration/config-form';

/** Edits one parameter: a form for the known keys, a JSON editor otherwise. Nothing is sent until the value is valid. */
export function EditConfigDialog({
  param,
  onClose,
  onSaved,
}: {
  param: ConfigParameter;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const fields = fieldsFor(param.key, param.value);
  return fields ? (
    <FieldsDialog param={param} fields={fields} onClose={onClose} onSaved={onSaved} />
  ) : (
    <JsonDialog param={param} onClose={onClose} onSaved={onSaved} />
  );
}

function Intro({ param }: { param: ConfigParameter }) {
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {param.description}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
        {param.key}
      </Typography>
    </>
  );
}

function FieldsDialog({
  param,
  fields,
  onClose,
  onSaved,
}: {
  param: ConfigParameter;
  fields: FieldSpec[];
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const mutation = useSetConfig();
  const form = useForm<FormValues, unknown, ConfigValue>({
    resolver: zodResolver(valueSchemaFor(param.key, fields)),
    defaultValues: toFormValues(fields, param.value),
  });
  const names = fields.map((f) => f.name) as Path<FormValues>[];
  const fieldMap = Object.fromEntries(fields.map((f) => [`value.${f.name}`, f.name])) as Record<string, Path<FormValues>>;
  const submit = useFormSubmit(form, (value: ConfigValue) => mutation.mutateAsync({ key: param.key, value }), {
    fields: names,
    fieldMap,
    onSuccess: () => onSaved(param.name),
  });
  const watched = useWatch({ control: form.control });
  return (
    <FormDialog open title={`Edit ${param.name}`} submitLabel="Save" submit={submit} onClose={onClose}>
      <Intro param={param} />
      {fields.map((f) => {
        if (f.type === 'boolean') {
          return <FormSwitch key={f.name} control={form.control} name={f.name} label={f.label} />;
        }
        const current = String(watched[f.name] ?? '');
        const words = f.type === 'duration' ? durationText(current) : f.type === 'rrule' ? rruleText(current) : null;
        const helper = [words ? `Reads as: ${words}.` : null, f.helper].filter(Boolean).join(' ') || undefined;
        return (
          <FormTextField
            key={f.name}
            control={form.control}
            name={f.name}
            label={f.label}
            helperText={helper}
            multiline={f.type === 'multiline'}
            minRows={f.type === 'multiline' ? 4 : undefined}
            slotProps={{ htmlInput: { inputMode: f.type === 'int' ? 'numeric' : undefined, spellCheck: false } }}
          />
        );
      })}
    </FormDialog>
  );
}

function JsonDialog({
  param,
  onClose,
  onSaved,
}: {
  param: ConfigParameter;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const mutation = useSetConfig();
  const form = useForm<{ json: string }, unknown, { json: ConfigValue }>({
    resolver: zodResolver(jsonValueSchema),
    defaultValues: { json: JSON.stringify(param.value, null, 2) },
  });
  const submit = useFormSubmit(form, ({ json }: { json: ConfigValue }) => mutation.mutateAsync({ key: param.key, value: json }), {
    // Field errors of the value (value.x) have no field of their own here: they join the message.
    fields: [],
    onSuccess: () => onSaved(param.name),
  });
  return (
    <FormDialog open title={`Edit ${param.name}`} submitLabel="Save" submit={submit} onClose={onClose}>
      <Intro param={param} />
      <FormTextField
        control={form.control}
        name="json"
        label="Value (JSON)"
        multiline
        minRows={6}
        helperText="A JSON object. This console has no form for this parameter, so the server checks its fields."
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
      />
    </FormDialog>
  );
}
