import { zodResolver } from '@hookform/resolvers/zod';
import { FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import type { ConfigParameter, ConfigValue } from '../../../api/schemas/config';
import { FormDialog } from '../../../components/FormDialog';
import { applyServerErrors } from '../../../components/form-errors';
import { useSetConfig } from '../api/set-config';
import {
  durationText,
  fieldsFor,
  jsonValueSchema,
  rruleText,
  toFormValues,
  valueSchemaFor,
  type FieldSpec,
  type FormValues,
} from '../config-fields';

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
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, ConfigValue>({
    resolver: zodResolver(valueSchemaFor(param.key, fields)),
    defaultValues: toFormValues(fields, param.value),
  });
  const names = fields.map((f) => f.name) as Path<FormValues>[];
  const fieldMap = Object.fromEntries(fields.map((f) => [`value.${f.name}`, f.name])) as Record<string, Path<FormValues>>;
  const onSubmit = form.handleSubmit(async (value) => {
    setFormError(null);
    try {
      await mutation.mutateAsync({ key: param.key, value });
      onSaved(param.name);
    } catch (e) {
      setFormError(applyServerErrors(e, form.setError, names, fieldMap));
    }
  });
  const watched = form.watch();
  return (
    <FormDialog
      open
      title={`Edit ${param.name}`}
      submitLabel="Save"
      pending={mutation.isPending}
      formError={formError}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Intro param={param} />
      {fields.map((f) => {
        const error = form.formState.errors[f.name]?.message;
        if (f.type === 'boolean') {
          return (
            <Controller
              key={f.name}
              control={form.control}
              name={f.name}
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value === true}
                      onChange={(e) => field.onChange(e.target.checked)}
                      onBlur={field.onBlur}
                    />
                  }
                  label={f.label}
                />
              )}
            />
          );
        }
        const current = String(watched[f.name] ?? '');
        const words = f.type === 'duration' ? durationText(current) : f.type === 'rrule' ? rruleText(current) : null;
        const helper = error ?? ([words ? `Reads as: ${words}.` : null, f.helper].filter(Boolean).join(' ') || undefined);
        return (
          <TextField
            key={f.name}
            {...form.register(f.name)}
            label={f.label}
            error={!!error}
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
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<{ json: string }, unknown, { json: ConfigValue }>({
    resolver: zodResolver(jsonValueSchema),
    defaultValues: { json: JSON.stringify(param.value, null, 2) },
  });
  const onSubmit = form.handleSubmit(async ({ json }) => {
    setFormError(null);
    try {
      await mutation.mutateAsync({ key: param.key, value: json });
      onSaved(param.name);
    } catch (e) {
      // Field errors of the value (value.x) have no field of their own here: they join the message.
      setFormError(applyServerErrors(e, form.setError, []));
    }
  });
  const error = form.formState.errors.json?.message;
  return (
    <FormDialog
      open
      title={`Edit ${param.name}`}
      submitLabel="Save"
      pending={mutation.isPending}
      formError={formError}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Intro param={param} />
      <TextField
        {...form.register('json')}
        label="Value (JSON)"
        multiline
        minRows={6}
        error={!!error}
        helperText={error ?? 'A JSON object. This console has no form for this parameter, so the server checks its fields.'}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
      />
    </FormDialog>
  );
}
