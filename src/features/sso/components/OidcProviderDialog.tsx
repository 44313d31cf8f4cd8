import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Role } from '../../../api/schemas/roles';
import type { SsoProvider } from '../../../api/schemas/sso';
import { FormDialog } from '../../../components/FormDialog';
import { applyServerErrors } from '../../../components/form-errors';
import { useCreateOidcProvider } from '../api/create-oidc-provider';
import { useRoles } from '../../users/api/list-roles';
import { useUpdateOidcProvider } from '../api/update-sso-provider';
import { autoProvisionDefaults, oidcFormSchema, SERVER_FIELD_MAP, type OidcFormInput, type OidcFormOutput } from '../form';
import { AutoProvisionFields } from './AutoProvisionFields';
import { DialogPlaceholder } from './DialogPlaceholder';

const FIELDS = ['name', 'issuer', 'client_id', 'autoProvision', 'defaultRoleId', 'roleProvision'] as const;

/** Create an OIDC provider (no `provider`) or edit one: name, issuer URL, client ID, auto-provisioning. Sent as JSON. */
export function OidcProviderDialog({
  provider,
  onClose,
  onSaved,
}: {
  provider?: SsoProvider;
  onClose: () => void;
  onSaved?: (name: string) => void;
}) {
  const roles = useRoles();
  const title = provider ? `Edit OIDC provider ${provider.name}` : 'New OIDC provider';
  if (!roles.data)
    return <DialogPlaceholder title={title} error={roles.error} onRetry={() => void roles.refetch()} onClose={onClose} />;
  return <OidcProviderForm title={title} provider={provider} roles={roles.data} onClose={onClose} onSaved={onSaved} />;
}

function OidcProviderForm({
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
  onSaved?: (name: string) => void;
}) {
  const details = provider?.type === 'OIDC' ? provider.details : null;
  const { control, handleSubmit, setError } = useForm<OidcFormInput, unknown, OidcFormOutput>({
    resolver: zodResolver(oidcFormSchema),
    defaultValues: {
      name: provider?.name ?? '',
      issuer: details?.issuer ?? '',
      client_id: details?.client_id ?? '',
      ...autoProvisionDefaults(roles, provider),
    },
  });
  const create = useCreateOidcProvider();
  const update = useUpdateOidcProvider();
  const pending = create.isPending || update.isPending;
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (provider) await update.mutateAsync({ ssoProviderId: provider.id, values });
      else await create.mutateAsync(values);
      onSaved?.(values.name);
      onClose();
    } catch (error) {
      setFormError(applyServerErrors<OidcFormInput>(error, setError, FIELDS, SERVER_FIELD_MAP));
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
              fieldState.error?.message ?? 'Letters, digits, "-", "_" and "." only: it becomes part of the sign-in URL.'
            }
          />
        )}
      />
      <Controller
        control={control}
        name="issuer"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label="Issuer URL"
            required
            type="url"
            autoComplete="off"
            placeholder="https://login.example.com/realms/corp"
            error={Boolean(fieldState.error)}
            helperText={
              fieldState.error?.message ?? 'The OpenID provider\u2019s issuer, as in its /.well-known/openid-configuration.'
            }
          />
        )}
      />
      <Controller
        control={control}
        name="client_id"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label="Client ID"
            required
            autoComplete="off"
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? 'The client (application) ID registered for this console at the provider.'}
          />
        )}
      />
      <AutoProvisionFields control={control} roles={roles} disabled={pending} />
    </FormDialog>
  );
}
