import { zodResolver } from '@hookform/resolvers/zod';
import { FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, Switch, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  COLLECTION_FLAG_LABELS,
  COLLECTION_TYPE_FLAGS,
  NO_COLLECTION_MESSAGE,
  type Client,
  type CollectionFlag,
  type ScheduledTask,
} from '../../../api/schemas/collection';
import { FormDialog } from '../../../components/FormDialog';
import { applyServerErrors } from '../../../components/form-errors';
import { useCreateTask } from '../api/create-task';

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
    session_collection: z.boolean(),
    local_group_collection: z.boolean(),
    ad_structure_collection: z.boolean(),
    cert_services_collection: z.boolean(),
    ca_registry_collection: z.boolean(),
    dc_registry_collection: z.boolean(),
    all_trusted_domains: z.boolean(),
    domain_controller: z
      .string()
      .trim()
      .refine((v) => v === '' || HOST_NAME.test(v), {
        error: 'Enter a host name such as dc01.corp.example.com, or leave it empty',
      }),
  })
  .refine((v) => COLLECTION_TYPE_FLAGS.some((f) => v[f]), { error: NO_COLLECTION_MESSAGE, path: ['collections'] });

type Values = z.input<typeof schema>;
const FIELDS = [...COLLECTION_TYPE_FLAGS, 'all_trusted_domains', 'domain_controller'] as const;

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
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: DEFAULTS });

  useEffect(() => {
    if (client) {
      reset({ ...DEFAULTS, domain_controller: '' });
      setFormError(null);
      create.reset();
    }
    // Start afresh each time the dialog opens for a client.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client?.id]);

  const onSubmit = handleSubmit(async (values) => {
    if (!client) return;
    setFormError(null);
    try {
      const task = await create.mutateAsync({
        clientId: client.id,
        body: { ...values, domain_controller: values.domain_controller.trim() || null },
      });
      onCreated(task);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  const collectionsError = (errors as Record<string, { message?: string } | undefined>).collections?.message;
  const { ref: dcRef, ...dcField } = register('domain_controller');

  return (
    <FormDialog
      open={client !== null}
      title={client ? `Run collection now on ${client.name}` : 'Run collection now'}
      submitLabel="Run collection"
      pending={create.isPending}
      formError={formError}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <FormControl component="fieldset" error={Boolean(collectionsError)} variant="standard">
        <FormLabel component="legend">Collect</FormLabel>
        <FormGroup>
          {COLLECTION_TYPE_FLAGS.map((flag) => (
            <Controller
              key={flag}
              name={flag}
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                      onBlur={field.onBlur}
                      slotProps={{ input: { ref: field.ref, 'aria-describedby': `${flag}-hint` } }}
                    />
                  }
                  label={COLLECTION_FLAG_LABELS[flag]}
                />
              )}
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
        <Controller
          name="all_trusted_domains"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref } }}
                />
              }
              label={COLLECTION_FLAG_LABELS.all_trusted_domains}
            />
          )}
        />
        <FormHelperText>{HINTS.all_trusted_domains}.</FormHelperText>
      </FormControl>
      <TextField
        label="Domain controller (optional)"
        placeholder="dc01.corp.example.com"
        autoComplete="off"
        {...dcField}
        inputRef={dcRef}
        error={Boolean(errors.domain_controller)}
        helperText={errors.domain_controller?.message ?? 'The host the client queries. Leave empty to let the client choose.'}
      />
    </FormDialog>
  );
}
