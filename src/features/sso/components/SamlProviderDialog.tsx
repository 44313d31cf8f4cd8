import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Role } from '../../../api/schemas/roles';
import type { SamlProvider, SsoProvider } from '../../../api/schemas/sso';
import { FormDialog } from '../../../components/FormDialog';
import { applyServerErrors } from '../../../components/form-errors';
import { useCreateSamlProvider } from '../api/create-saml-provider';
import { useRoles } from '../../users/api/list-roles';
import { useUpdateSamlProvider } from '../api/update-sso-provider';
import { autoProvisionDefaults, samlFormSchema, SERVER_FIELD_MAP, type SamlFormInput, type SamlFormOutput } from '../form';
import { AutoProvisionFields } from './AutoProvisionFields';
import { DialogPlaceholder } from './DialogPlaceholder';
import { MetadataFilePicker } from './MetadataFilePicker';

const FIELDS = ['name', 'metadata', 'autoProvision', 'defaultRoleId', 'roleProvision'] as const;

/**
 * Create a SAML provider (no `provider`) or edit one: name, metadata XML file
 * (required to create; on edit, optional — without one the current metadata
 * stays) and auto-provisioning. Sent as multipart/form-data.
 */
export function SamlProviderDialog({
  provider,
  onClose,
  onSaved,
}: {
  provider?: SsoProvider;
  onClose: () => void;
  onSaved?: (record: SamlProvider) => void;
}) {
  const roles = useRoles();
  const title = provider ? `Edit SAML provider ${provider.name}` : 'New SAML provider';
  if (!roles.data)
    return <DialogPlaceholder title={title} error={roles.error} onRetry={() => void roles.refetch()} onClose={onClose} />;
  return <SamlProviderForm title={title} provider={provider} roles={roles.data} onClose={onClose} onSaved={onSaved} />;
}

function SamlProviderForm({
  title,
  provider,
  roles,
  onClose,
  onSaved,
}: {
  title: string;
  provider?: SsoProvider;
  roles: Role[];
  onClose: () => void;
  onSaved?: (record: SamlProvider) => void;
}) {
  const mode = provider ? 'edit' : 'create';
  const schema = useMemo(() => samlFormSchema(mode), [mode]);
  const { control, handleSubmit, setError, trigger } = useForm<SamlFormInput, unknown, SamlFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { name: provider?.name ?? '', metadata: null, ...autoProvisionDefaults(roles, provider) },
  });
  const create = useCreateSamlProvider();
  const update = useUpdateSamlProvider();
  const pending = create.isPending || update.isPending;
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const record = provider
        ? await update.mutateAsync({ ssoProviderId: provider.id, values })
        : await create.mutateAsync(values);
      onSaved?.(record);
      onClose();
    } catch (error) {
      setFormError(applyServerErrors<SamlFormInput>(error, setError, FIELDS, SERVER_FIELD_MAP));
    }
  });

  return (
    <FormDialog
      open
      title={title}
      submitLabel={provider ? 'Save changes' : 'Create provider'}
      pending={pending}
      formError={formError}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Controller
        control={control}
        name="name"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label="Name"
            required
            autoFocus
            autoComplete="off"
            error={Boolean(fieldState.error)}
            helperText={
              fieldState.error?.message ??
              'Letters, digits, "-", "_" and "." only: it becomes part of the sign-in and service-provider URLs.'
            }
          />
        )}
      />
      <Controller
        control={control}
        name="metadata"
        render={({ field, fieldState }) => (
          <MetadataFilePicker
            value={field.value ?? null}
            onChange={(file) => {
              field.onChange(file);
              void trigger('metadata');
            }}
            onBlur={field.onBlur}
            buttonRef={field.ref}
            error={fieldState.error?.message}
            required={!provider}
            hint={provider ? 'Optional: choose a new file only to replace the current metadata.' : undefined}
            disabled={pending}
          />
        )}
      />
      <AutoProvisionFields control={control} roles={roles} disabled={pending} />
    </FormDialog>
  );
}
