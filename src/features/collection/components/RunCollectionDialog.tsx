import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { clientTypeSupport, type Client, type ScheduledTask } from '@/api/schemas/collection';
import { FormDialog } from '@/components/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useCreateJob } from '@/features/collection/api/create-job';
import { busyWith } from '@/features/collection/api/list-clients';
import { CollectionOptions } from '@/features/collection/components/CollectionOptions';
import { runCollectionDefaults, runCollectionSchema, type RunCollectionValues } from '@/features/collection/run-collection-form';
import { statusLabel } from '@/features/collection/status';

/**
 * "Run collection now" on one client: the collections its type supports
 * (CollectionOptions) and, for SharpHound, an optional domain controller. At least one collection must be on. Keeps what was
 * chosen when the server refuses.
 *
 * A client works on one task at a time: the server queues a task for a client
 * that is already working on one, and starts it when that one ends. So for a
 * busy client the dialog says which task it is running and asks to queue the
 * new one ("Queue collection") instead of promising a run now.
 */
export function RunCollectionDialog({
  client,
  onClose,
  onCreated,
}: {
  client: Client | null;
  onClose: () => void;
  onCreated: (task: ScheduledTask) => void;
}) {
  const create = useCreateJob();
  const form = useForm<RunCollectionValues>({
    resolver: zodResolver(runCollectionSchema),
    defaultValues: runCollectionDefaults('sharphound'),
  });
  const collectsDomains = clientTypeSupport(client?.type).targets;
  const submit = useFormSubmit(
    form,
    (values: RunCollectionValues) =>
      create.mutateAsync({
        clientId: client!.id,
        body: { ...values, domain_controller: (collectsDomains && values.domain_controller.trim()) || null },
      }),
    { onSuccess: onCreated },
  );
  const { reset } = form;
  const { setFormError } = submit;

  useEffect(() => {
    if (client) {
      reset(runCollectionDefaults(client.type));
      setFormError(null);
      create.reset();
    }
    // Start afresh each time the dialog opens for a client.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client?.id]);

  const collectionsError = (form.formState.errors as Record<string, { message?: string } | undefined>).collections?.message;
  const busy = client ? busyWith(client) : null;

  return (
    <FormDialog
      open={client !== null}
      title={
        !client ? 'Run collection now' : busy ? `Queue a collection on ${client.name}` : `Run collection now on ${client.name}`
      }
      submitLabel={busy ? 'Queue collection' : 'Run collection'}
      submit={submit}
      onClose={onClose}
    >
      {client && busy && (
        <Alert severity="warning">
          {client.name} is already working on{' '}
          <Link component={RouterLink} to={`/jobs/${busy.id}`}>
            job {busy.id}
          </Link>{' '}
          ({statusLabel(busy.status).toLowerCase()}). A new job does not start now: it waits until job {busy.id} ends, then runs.
        </Alert>
      )}
      <CollectionOptions control={form.control} clientType={client?.type} error={collectionsError} />
      {collectsDomains && (
        <FormTextField
          control={form.control}
          name="domain_controller"
          label="Domain controller (optional)"
          placeholder="dc01.corp.example.com"
          autoComplete="off"
          helperText="The host the client queries. Leave empty to let the client choose."
        />
      )}
    </FormDialog>
  );
}
