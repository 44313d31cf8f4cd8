import { zodResolver } from '@hookform/resolvers/zod';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { labelText } from '@/shared/value-labels';
import {
  CLIENT_NAME_MAX_LENGTH,
  CLIENT_TYPE_NAMES,
  clientTypeLabel,
  isKnownClientType,
  createClientBody,
  REGISTERABLE_CLIENT_TYPES,
  updateClientBody,
  type Client,
  type CreateClientBody,
  type CreateClientBodyInput,
  type CreatedClient,
  type UpdateClientBody,
  type UpdateClientBodyInput,
} from '@/api/schemas/collection';
import { FormDialog } from '@/components/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useCreateClient, useUpdateClient } from '@/features/collection/api/manage-client';

/** What each type collects, said once beside its choice. */
const TYPE_HELP: Record<(typeof REGISTERABLE_CLIENT_TYPES)[number], string> = {
  sharphound: 'Collects Active Directory from a Windows machine in the domain.',
  azurehound: 'Collects Entra ID and Azure from anywhere with access to the tenant.',
};

const DC_HELP =
  'Optional: the domain controller SharpHound asks, such as dc01.corp.example.com. Empty: the collector finds one itself.';

/** The name field's props, alike in both forms. */
const NAME_FIELD = { name: 'name', label: 'Name', required: true, autoFocus: true, autoComplete: 'off' } as const;

/** The domain controller field's props, alike in both forms. */
const DC_FIELD = { label: 'Domain controller', autoComplete: 'off', spellCheck: false, helperText: DC_HELP } as const;

/**
 * "Register a client": name, type (SharpHound or AzureHound) and, for SharpHound, a domain
 * controller. On success the caller shows the new client's token (once).
 */
export function RegisterClientDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (client: CreatedClient) => void;
}) {
  const create = useCreateClient();
  const typeLabel = useId();
  const form = useForm<CreateClientBodyInput, unknown, CreateClientBody>({
    resolver: zodResolver(createClientBody),
    defaultValues: { name: '', type: 'sharphound', domain_controller: '' },
  });
  const type = useWatch({ control: form.control, name: 'type' });
  const submit = useFormSubmit(
    form,
    (values: CreateClientBody) =>
      create.mutateAsync({
        name: values.name,
        type: values.type,
        ...(values.type === 'sharphound' && values.domain_controller ? { domain_controller: values.domain_controller } : {}),
      }),
    // The answer (with the token's key) goes to the caller's state only, never stays in the mutation.
    { onSuccess: onCreated, onSettled: create.reset },
  );
  return (
    <FormDialog open title="Register a collection client" submitLabel="Register client" submit={submit} onClose={onClose}>
      <Typography>Register the collector here, then configure it with the token shown next: it is shown once.</Typography>
      <FormTextField
        control={form.control}
        {...NAME_FIELD}
        helperText={`How the client is listed, such as “SharpHound Paris”. At most ${CLIENT_NAME_MAX_LENGTH} characters.`}
      />
      <Controller
        control={form.control}
        name="type"
        render={({ field, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)}>
            <FormLabel id={typeLabel}>Type</FormLabel>
            <RadioGroup
              aria-labelledby={typeLabel}
              name={field.name}
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
            >
              {REGISTERABLE_CLIENT_TYPES.map((t) => (
                <FormControlLabel
                  key={t}
                  value={t}
                  control={<Radio />}
                  label={
                    <>
                      <Typography component="span">{CLIENT_TYPE_NAMES[t]}</Typography>
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                        {TYPE_HELP[t]}
                      </Typography>
                    </>
                  }
                  sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.5 }, mb: 0.5 }}
                />
              ))}
            </RadioGroup>
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        )}
      />
      {type === 'sharphound' && <FormTextField control={form.control} name="domain_controller" {...DC_FIELD} />}
    </FormDialog>
  );
}

type EditValues = { name: string; domain_controller: string };

/** "Edit client": its name and, for SharpHound, its domain controller. */
export function EditClientDialog({
  client,
  onClose,
  onSaved,
}: {
  client: Client;
  onClose: () => void;
  onSaved: (client: Client) => void;
}) {
  const update = useUpdateClient();
  const sharphound = client.type === 'sharphound';
  const form = useForm<EditValues, unknown, UpdateClientBody>({
    // Every field is sent, so the name is required here (the server keeps a field left out).
    resolver: zodResolver(updateClientBody.required({ name: true })) as never,
    defaultValues: {
      name: client.name,
      domain_controller: client.domain_controller.valid ? client.domain_controller.string : '',
    },
  });
  const submit = useFormSubmit(
    form,
    (values: UpdateClientBody) => {
      const body: UpdateClientBodyInput = { name: values.name };
      if (sharphound) body.domain_controller = values.domain_controller ?? '';
      return update.mutateAsync({ id: client.id, body });
    },
    { onSuccess: onSaved },
  );
  return (
    <FormDialog open title={`Edit ${client.name}`} submitLabel="Save" submit={submit} onClose={onClose}>
      <FormTextField control={form.control} {...NAME_FIELD} helperText={`At most ${CLIENT_NAME_MAX_LENGTH} characters`} />
      {sharphound ? (
        <FormTextField control={form.control} name="domain_controller" {...DC_FIELD} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {isKnownClientType(client.type)
            ? `${CLIENT_TYPE_NAMES[client.type]} clients have no domain controller.`
            : `${labelText(clientTypeLabel(client.type))}: this console does not know whether clients of this type have a domain controller, so it leaves it as it is.`}
        </Typography>
      )}
    </FormDialog>
  );
}
