import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { z } from 'zod';
import {
  clientTypeSupport,
  COLLECTION_TYPE_FLAGS,
  NO_COLLECTION_MESSAGE,
  type Client,
  type CollectionFlag,
  type ScheduledTask,
  collectionFlagFields,
  DOMAIN_CONTROLLER_MESSAGE,
  DOMAIN_CONTROLLER_PATTERN,
} from '@/api/schemas/collection';
import { FormDialog } from '@/components/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useCreateJob } from '@/features/collection/api/create-job';
import { busyWith } from '@/features/collection/api/list-clients';
import { CollectionOptions } from '@/features/collection/components/CollectionOptions';
import { statusLabel } from '@/features/collection/status';

const schema = z
  .object({
    ...collectionFlagFields,
    domain_controller: z
      .string()
      .trim()
      .refine((v) => v === '' || DOMAIN_CONTROLLER_PATTERN.test(v), {
        error: `${DOMAIN_CONTROLLER_MESSAGE}, or leave it empty`,
      }),
  })
  .refine((v) => COLLECTION_TYPE_FLAGS.some((f) => v[f]), { error: NO_COLLECTION_MESSAGE, path: ['collections'] });

type Values = z.input<typeof schema>;

/** The switches a new run starts from: sessions, local groups and structure, as far as the client's type collects them. */
function defaultsFor(type: string): Values {
  const supported = clientTypeSupport(type).flags;
  const on = (f: CollectionFlag, value: boolean) => value && supported.includes(f);
  return {
    session_collection: on('session_collection', true),
    local_group_collection: on('local_group_collection', true),
    ad_structure_collection: on('ad_structure_collection', true),
    cert_services_collection: false,
    ca_registry_collection: false,
    dc_registry_collection: false,
    all_trusted_domains: false,
    domain_controller: '',
  };
}

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
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: defaultsFor('sharphound') });
  const collectsDomains = clientTypeSupport(client?.type).targets;
  const submit = useFormSubmit(
    form,
    (values: Values) =>
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
      reset(defaultsFor(client.type));
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
