import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { Role } from '@/api/schemas/roles';
import { isOidcProvider, type SsoProvider } from '@/api/schemas/sso';
import { FormDialog } from '@/components/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useCreateOidcProvider } from '@/features/sso/api/create-oidc-provider';
import { useUpdateOidcProvider } from '@/features/sso/api/update-sso-provider';
import {
  autoProvisionDefaults,
  oidcFormSchema,
  providerNameHint,
  SERVER_FIELD_MAP,
  type OidcFormInput,
  type OidcFormOutput,
} from '@/features/sso/provider-form';
import { AutoProvisionFields } from './AutoProvisionFields';
import { WithRoles } from './DialogPlaceholder';

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
  const title = provider ? `Edit OIDC provider ${provider.name}` : 'New OIDC provider';
  return (
    <WithRoles title={title} onClose={onClose}>
      {(roles) => <OidcProviderForm title={title} provider={provider} roles={roles} onClose={onClose} onSaved={onSaved} />}
    </WithRoles>
  );
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
  const details = provider && isOidcProvider(provider) ? provider.details : null;
  const form = useForm<OidcFormInput, unknown, OidcFormOutput>({
    resolver: zodResolver(oidcFormSchema),
    defaultValues: {
      name: provider?.name ?? '',
      issuer: details?.issuer ?? '',
      client_id: details?.client_id ?? '',
      ...autoProvisionDefaults(roles, provider),
    },
  });
  const name = useWatch({ control: form.control, name: 'name' });
  const create = useCreateOidcProvider();
  const update = useUpdateOidcProvider();
  const submit = useFormSubmit(
    form,
    (values: OidcFormOutput) =>
      provider ? update.mutateAsync({ ssoProviderId: provider.id, values }) : create.mutateAsync(values),
    {
      fieldMap: SERVER_FIELD_MAP,
      onSuccess: (_, values) => {
        onSaved?.(values.name);
        onClose();
      },
    },
  );

  return (
    <FormDialog open title={title} submitLabel={provider ? 'Save changes' : 'Create provider'} submit={submit} onClose={onClose}>
      <FormTextField
        control={form.control}
        name="name"
        label="Name"
        required
        autoFocus
        autoComplete="off"
        helperText={providerNameHint(name, provider)}
      />
      <FormTextField
        control={form.control}
        name="issuer"
        label="Issuer URL"
        required
        type="url"
        autoComplete="off"
        placeholder="https://login.example.com/realms/corp"
        helperText={'The OpenID provider\u2019s issuer, as in its /.well-known/openid-configuration.'}
      />
      <FormTextField
        control={form.control}
        name="client_id"
        label="Client ID"
        required
        autoComplete="off"
        helperText="The client (application) ID registered for this console at the provider."
      />
      <AutoProvisionFields control={form.control} roles={roles} disabled={submit.pending} />
    </FormDialog>
  );
}
