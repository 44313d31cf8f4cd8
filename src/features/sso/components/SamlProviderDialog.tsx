import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import type { Role } from '@/api/schemas/roles';
import type { SamlProvider, SsoProvider } from '@/api/schemas/sso';
import { FormDialog } from '@/components/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useCreateSamlProvider } from '@/features/sso/api/create-saml-provider';
import { useUpdateSamlProvider } from '@/features/sso/api/update-sso-provider';
import {
  autoProvisionDefaults,
  providerNameHint,
  samlFormSchema,
  SERVER_FIELD_MAP,
  type SamlFormInput,
  type SamlFormOutput,
} from '@/features/sso/provider-form';
import { AutoProvisionFields } from './AutoProvisionFields';
import { WithRoles } from './DialogPlaceholder';
import { MetadataFilePicker } from './MetadataFilePicker';

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
  const title = provider ? `Edit SAML provider ${provider.name}` : 'New SAML provider';
  return (
    <WithRoles title={title} onClose={onClose}>
      {(roles) => <SamlProviderForm title={title} provider={provider} roles={roles} onClose={onClose} onSaved={onSaved} />}
    </WithRoles>
  );
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
  const form = useForm<SamlFormInput, unknown, SamlFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { name: provider?.name ?? '', metadata: null, ...autoProvisionDefaults(roles, provider) },
  });
  const name = useWatch({ control: form.control, name: 'name' });
  const create = useCreateSamlProvider();
  const update = useUpdateSamlProvider();
  const submit = useFormSubmit(
    form,
    (values: SamlFormOutput) =>
      provider ? update.mutateAsync({ ssoProviderId: provider.id, values }) : create.mutateAsync(values),
    {
      fieldMap: SERVER_FIELD_MAP,
      onSuccess: (record) => {
        onSaved?.(record);
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
      <MetadataField
        control={form.control}
        onChosen={() => void form.trigger('metadata')}
        required={!provider}
        hint={provider ? 'Optional: choose a new file only to replace the current metadata.' : undefined}
        disabled={submit.pending}
      />
      <AutoProvisionFields control={form.control} roles={roles} disabled={submit.pending} />
    </FormDialog>
  );
}

/** The metadata file, bound to the form's `metadata` field; checked as soon as a file is chosen. */
function MetadataField({
  control,
  onChosen,
  ...rest
}: {
  control: Control<SamlFormInput, unknown, SamlFormOutput>;
  onChosen: () => void;
  required: boolean;
  hint?: string;
  disabled?: boolean;
}) {
  const { field, fieldState } = useController({ control, name: 'metadata' });
  return (
    <MetadataFilePicker
      {...rest}
      value={field.value ?? null}
      onChange={(file) => {
        field.onChange(file);
        onChosen();
      }}
      onBlur={field.onBlur}
      buttonRef={field.ref}
      error={fieldState.error?.message}
    />
  );
}
