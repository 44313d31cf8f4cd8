import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { labelText } from '@/shared/value-labels';
import {
  clientTypeLabel,
  isKnownClientType,
  clientTypeSupport,
  type Client,
  type ScheduledEvent,
} from '@/api/schemas/collection';
import { FormDialog } from '@/components/FormDialog';
import { KnownLabel } from '@/components/KnownLabel';
import { FormTextField } from '@/components/form/FormTextField';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useClients } from '@/features/collection/api/list-clients';
import { useSaveEvent } from '@/features/collection/api/save-event';
import { CollectionOptions } from '@/features/collection/components/CollectionOptions';
import { DirectoryPicker, type DirectoryTarget } from '@/components/DirectoryPicker';
import { RecurrenceEditor } from '@/features/collection/components/RecurrenceEditor';
import { eventBody, eventFormSchema, eventFormValues, type EventFormValues } from '@/features/collection/event-form';

function TargetField({
  control,
  name,
  disabled,
}: {
  control: Control<EventFormValues>;
  name: 'ous' | 'domains';
  disabled: boolean;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <DirectoryPicker
      kind={name === 'ous' ? 'OU' : 'Domain'}
      value={field.value as DirectoryTarget[]}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error?.message}
      disabled={disabled}
      helperText={
        name === 'ous'
          ? 'Collect only these OUs. None: the whole domains.'
          : 'Collect these domains. None: the client’s own domain.'
      }
    />
  );
}

/**
 * Schedule a collection, or change a scheduled event: the client, when it
 * runs (RecurrenceEditor), what it collects (each option with a sentence; only
 * what the client's type collects) and the OUs and domains, picked from the
 * directory. The server's refusals land on their fields; what was typed stays.
 */
export function EventFormDialog({
  open,
  event,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The event to change; null to schedule a new one. */
  event: ScheduledEvent | null;
  onClose: () => void;
  onSaved: (event: ScheduledEvent, message: string) => void;
}) {
  const save = useSaveEvent();
  const clients = useClients({ skip: 0, limit: 1000, sort_by: 'name' }, { enabled: open });
  const form = useForm<EventFormValues>({ resolver: zodResolver(eventFormSchema), defaultValues: eventFormValues(event) });
  const clientId = useWatch({ control: form.control, name: 'client_id' });
  const client: Client | undefined = clients.data?.data.find((c) => c.id === clientId);
  const support = clientTypeSupport(client?.type);
  const { reset } = form;

  const submit = useFormSubmit(form, (values) => save.mutateAsync({ id: event?.id ?? null, body: eventBody(values, support) }), {
    onSuccess: (saved) => onSaved(saved, event ? `Event ${saved.id} saved.` : `Collection scheduled as event ${saved.id}.`),
  });
  const { setFormError } = submit;

  useEffect(() => {
    if (open) {
      reset(eventFormValues(event));
      setFormError(null);
    }
    // Start afresh each time the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, event?.id]);

  const collectionsError = useMemo(() => {
    const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
    return errors.collections?.message;
  }, [form.formState.errors]);

  const rrule = useController({ control: form.control, name: 'rrule' });

  return (
    <FormDialog
      open={open}
      title={event ? `Change event ${event.id}` : 'Schedule a collection'}
      submitLabel={event ? 'Save' : 'Schedule'}
      submit={submit}
      onClose={onClose}
      maxWidth="md"
    >
      <FormTextField
        control={form.control}
        name="client_id"
        select
        label="Client"
        error={clients.isError}
        helperText={
          clients.isError
            ? 'The clients could not be loaded.'
            : client
              ? `${labelText(clientTypeLabel(client.type))}: ${support.summary}.`
              : 'The collector that runs the collection.'
        }
      >
        {(clients.data?.data ?? []).map((c) => (
          // A client of a type this console does not know cannot be scheduled: what it collects is unknown.
          <MenuItem key={c.id} value={c.id} disabled={!isKnownClientType(c.type)}>
            {c.name} (<KnownLabel label={clientTypeLabel(c.type)} />)
          </MenuItem>
        ))}
        {clients.isPending && event && (
          <MenuItem value={event.client_id} disabled>
            Loading clients…
          </MenuItem>
        )}
      </FormTextField>

      <FormControl component="fieldset" variant="standard">
        <FormLabel component="legend" sx={{ mb: 1 }}>
          When
        </FormLabel>
        {/* Remounted per dialog opening, so the editor starts from the event's rule. */}
        {open && (
          <RecurrenceEditor
            key={event?.id ?? 'new'}
            value={rrule.field.value}
            onChange={rrule.field.onChange}
            onBlur={rrule.field.onBlur}
            inputRef={rrule.field.ref}
            error={rrule.fieldState.error?.message}
          />
        )}
      </FormControl>

      <CollectionOptions control={form.control} clientType={client?.type} error={collectionsError} />

      {support.targets ? (
        <>
          <TargetField control={form.control} name="ous" disabled={false} />
          <TargetField control={form.control} name="domains" disabled={false} />
        </>
      ) : (
        <Alert severity="info">
          <Typography variant="body2">{support.summary}: there is no scope to choose.</Typography>
        </Alert>
      )}
    </FormDialog>
  );
}
