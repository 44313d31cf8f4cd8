import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, FormControl, FormGroup, FormHelperText, FormLabel, Link } from '@mui/material';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { z } from 'zod';
import {
  COLLECTION_FLAG_LABELS,
  COLLECTION_TYPE_FLAGS,
  NO_COLLECTION_MESSAGE,
  type Client,
  type CollectionFlag,
  type ScheduledTask,
  collectionFlagFields,
} from '@/api/schemas/collection';
import { FormDialog } from '@/components/FormDialog';
import { FormSwitch } from '@/components/form/FormSwitch';
import { FormTextField } from '@/components/form/FormTextField';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useCreateTask } from '@/features/collection/api/create-task';
import { busyWith } from '@/features/collection/api/list-clients';
import { statusLabel } from '@/features/collection/status';

const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

const HINTS: Record<CollectionFlag, string> = {
  session_collection: 'Who is signed in where',
  local_group_collection: 'Members of local groups on computers',
  ad_structure_collection: 'Users, groups, computers, GPOs, OUs and containers',
  cert_services_collection: 'Certificate authorities and templates',
  ca_registry_collection: 'Registry settings of certificate authorities',
  dc_registry_collection: 'Registry settings of domain controllers',
  all_trusted_domains: 'Also collect every domain the client’s domain trusts',
};

const schema = z
  .object({
    ...collectionFlagFields,
    domain_controller: z
      .string()
      .trim()
      .refine((v) => v === '' || HOST_NAME.test(v), {
        error: 'Enter a host name such as dc01.corp.example.com, or leave it empty',
      }),
  })
  .refine((v) => COLLECTION_TYPE_FLAGS.some((f) => v[f]), { error: NO_COLLECTION_MESSAGE, path: ['collections'] });

type Values = z.input<typeof schema>;

const DEFAULTS: Values = {
  session_collection: true,
  local_group_collection: true,
  ad_structure_collection: true,
  cert_services_collection: false,
  ca_registry_collection: false,
  dc_registry_collection: false,
  all_trusted_domains: false,
  domain_controller: '',
};

/**
 * "Run collection now" on one client: the seven switches and an optional
 * domain controller. At least one collection must be on. Keeps what was
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
  const create = useCreateTask();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: DEFAULTS });
  const submit = useFormSubmit(
    form,
    (values: Values) =>
      create.mutateAsync({
        clientId: client!.id,
        body: { ...values, domain_controller: values.domain_controller.trim() || null },
      }),
    { onSuccess: onCreated },
  );
  const { reset } = form;
  const { setFormError } = submit;

  useEffect(() => {
    if (client) {
      reset({ ...DEFAULTS, domain_controller: '' });
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
          <Link component={RouterLink} to={`/tasks/${busy.id}`}>
            task {busy.id}
          </Link>{' '}
          ({statusLabel(busy.status).toLowerCase()}). A new task does not start now: it waits until task {busy.id} ends, then
          runs.
        </Alert>
      )}
      <FormControl component="fieldset" error={Boolean(collectionsError)} variant="standard">
        <FormLabel component="legend">Collect</FormLabel>
        <FormGroup>
          {COLLECTION_TYPE_FLAGS.map((flag) => (
            <FormSwitch
              key={flag}
              control={form.control}
              name={flag}
              label={COLLECTION_FLAG_LABELS[flag]}
              inputProps={{ 'aria-describedby': `${flag}-hint` }}
            />
          ))}
        </FormGroup>
        {COLLECTION_TYPE_FLAGS.map((flag) => (
          <span key={flag} id={`${flag}-hint`} hidden>
            {HINTS[flag]}
          </span>
        ))}
        {collectionsError && <FormHelperText role="alert">{collectionsError}</FormHelperText>}
      </FormControl>
      <FormControl component="fieldset" variant="standard">
        <FormLabel component="legend">Scope</FormLabel>
        <FormSwitch
          control={form.control}
          name="all_trusted_domains"
          label={COLLECTION_FLAG_LABELS.all_trusted_domains}
          helperText={`${HINTS.all_trusted_domains}.`}
        />
      </FormControl>
      <FormTextField
        control={form.control}
        name="domain_controller"
        label="Domain controller (optional)"
        placeholder="dc01.corp.example.com"
        autoComplete="off"
        helperText="The host the client queries. Leave empty to let the client choose."
      />
    </FormDialog>
  );
}
