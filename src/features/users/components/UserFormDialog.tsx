import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Autocomplete, Box, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { describeError } from '@/api/errors';
import type { Role } from '@/api/schemas/roles';
import type { User } from '@/api/schemas/users';
import { FormDialog } from '@/components/FormDialog';
import { FormCheckbox, FormSwitch } from '@/components/form/FormSwitch';
import { FormTextField } from '@/components/form/FormTextField';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useCreateUser } from '@/features/users/api/create-user';
import { useRoles } from '@/api/roles';
import { useSsoProviders } from '@/api/sso-providers';
import { useUpdateUser } from '@/features/users/api/update-user';
import { NewPasswordFields } from './PasswordRules';
import { ssoProviderIdOf, unrestrictedRoleIds, userName } from './user-display';
import {
  formValuesOf,
  makeUserFormSchema,
  RESTRICTED_ENVIRONMENT_MESSAGE,
  SERVER_FIELD_MAP,
  toCreateBody,
  toUpdateBody,
  type UserFormValues,
} from './user-form';

/**
 * Create user (POST) or edit user (PATCH): names, email, principal, roles,
 * SSO provider, disabled, environment access and, for a new password user,
 * the first password. Nothing typed is lost when the server refuses.
 */
export function UserFormDialog({
  mode,
  user,
  selfId,
  knownEnvironments = [],
  onClose,
  onSaved,
}: {
  mode: 'create' | 'edit';
  user?: User;
  selfId?: string;
  knownEnvironments?: readonly string[];
  onClose: () => void;
  /** `unlinked`: the edit took the user off their SSO provider (they have no password now). */
  onSaved: (user: { id: string; name: string; unlinked?: boolean }) => void;
}) {
  const roles = useRoles();
  const providers = useSsoProviders();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const isSelf = mode === 'edit' && !!user && user.id === selfId;
  const restrictedIds = useMemo(() => unrestrictedRoleIds(roles.data ?? []), [roles.data]);
  const schema = useMemo(() => makeUserFormSchema({ mode, unrestrictedRoleIds: restrictedIds }), [mode, restrictedIds]);
  const form = useForm<UserFormValues>({ resolver: zodResolver(schema), defaultValues: formValuesOf(user) });
  const { control, setValue } = form;
  const [sso, allEnvironments, selectedRoles] = useWatch({
    control,
    name: ['sso_provider_id', 'all_environments', 'roles'],
  });
  const restrictedChosen = selectedRoles.some((id) => restrictedIds.includes(id));
  const originalSso = user ? ssoProviderIdOf(user) : null;
  const linkingRemovesPassword = mode === 'edit' && !!user?.AuthSecret && sso !== '' && Number(sso) !== originalSso;

  const submit = useFormSubmit(
    form,
    async (values: UserFormValues) => {
      if (mode === 'create' || !user) {
        const created = await createUser.mutateAsync(toCreateBody(values));
        return { id: created.id, name: userName(created) };
      }
      await updateUser.mutateAsync({ id: user.id, body: toUpdateBody(values) });
      return {
        id: user.id,
        name: [values.first_name, values.last_name].join(' ').trim() || values.principal,
        unlinked: originalSso !== null && values.sso_provider_id === '',
      };
    },
    { fieldMap: SERVER_FIELD_MAP, onSuccess: onSaved },
  );

  const title = mode === 'create' ? 'Create user' : `Edit ${user ? userName(user) : 'user'}`;

  return (
    <FormDialog
      open
      title={title}
      submitLabel={mode === 'create' ? 'Create user' : 'Save changes'}
      submit={submit}
      onClose={onClose}
      maxWidth="md"
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="first_name" label="First name" required autoFocus autoComplete="off" />
        <FormTextField control={control} name="last_name" label="Last name" required autoComplete="off" />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="email_address" label="Email address" type="email" required autoComplete="off" />
        <FormTextField
          control={control}
          name="principal"
          label="Principal name"
          required
          autoComplete="off"
          helperText="The name the user signs in with"
        />
      </Stack>

      <RolesField
        control={control}
        roles={roles.data ?? []}
        loading={roles.isPending}
        loadError={roles.isError ? `The roles could not be loaded: ${describeError(roles.error)}` : null}
        isSelf={isSelf}
      />

      <FormTextField
        control={control}
        name="sso_provider_id"
        select
        label="SSO provider"
        disabled={isSelf}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        error={providers.isError}
        helperText={
          providers.isError
            ? `The SSO providers could not be loaded: ${describeError(providers.error)}`
            : isSelf
              ? 'You cannot change your own SSO provider.'
              : 'Users of an SSO provider sign in there and have no password here.'
        }
      >
        <MenuItem value="">None: signs in with a password</MenuItem>
        {(providers.data ?? []).map((p) => (
          <MenuItem key={p.id} value={String(p.id)}>
            {p.name} ({p.type})
          </MenuItem>
        ))}
        {originalSso !== null && !providers.data?.some((p) => p.id === originalSso) && (
          <MenuItem value={String(originalSso)}>Provider #{originalSso}</MenuItem>
        )}
      </FormTextField>
      {linkingRemovesPassword && (
        <Alert severity="warning">
          Linking {user ? userName(user) : 'this user'} to an SSO provider removes their password and their MFA enrolment: they
          will sign in through the provider.
        </Alert>
      )}

      {mode === 'create' && sso === '' && (
        <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            First password
          </Typography>
          <NewPasswordFields control={control} side word="Password" />
          <FormCheckbox control={control} name="needs_password_reset" label="Require a new password at next sign-in" />
        </Stack>
      )}

      <FormSwitch
        control={control}
        name="is_disabled"
        label="Disabled (cannot sign in)"
        disabled={isSelf}
        helperText={isSelf ? 'You cannot disable your own account.' : undefined}
      />

      <Stack spacing={1} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle2">
          Environment access
        </Typography>
        <FormSwitch
          control={control}
          name="all_environments"
          label="All environments"
          // "All environments" replaces any list.
          onChange={(checked) => checked && setValue('environments', [], { shouldValidate: false })}
          helperText={
            restrictedChosen
              ? 'Administrators and Power Users always have access to all environments.'
              : 'Or limit the user to a list of environments.'
          }
        />
        {!allEnvironments && <EnvironmentsInput control={control} options={knownEnvironments} restricted={restrictedChosen} />}
      </Stack>
    </FormDialog>
  );
}

/** The roles, in the order chosen, so Backspace takes off the last one added. */
function RolesField({
  control,
  roles,
  loading,
  loadError,
  isSelf,
}: {
  control: Control<UserFormValues>;
  roles: readonly Role[];
  loading: boolean;
  loadError: string | null;
  isSelf: boolean;
}) {
  const { field, fieldState } = useController({ control, name: 'roles' });
  return (
    <Autocomplete
      multiple
      // Stays open for several picks; Escape, Tab or a click elsewhere closes it.
      disableCloseOnSelect
      options={roles}
      loading={loading}
      disabled={isSelf}
      value={field.value.flatMap((id) => roles.filter((r) => r.id === id))}
      onChange={(_, value) => field.onChange(value.map((r) => r.id))}
      onBlur={field.onBlur}
      getOptionLabel={(r) => r.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={(props, r) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            <Box>
              <Typography>{r.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {r.description}
              </Typography>
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label="Roles"
          required
          error={!!fieldState.error || loadError !== null}
          helperText={
            fieldState.error?.message ??
            loadError ??
            (isSelf ? 'You cannot change your own roles.' : 'What the user may do. Administrators manage users.')
          }
        />
      )}
    />
  );
}

/** The environment list, bound to the form's `environments` field: type one and press Enter, or paste several. */
function EnvironmentsInput({
  control,
  options,
  restricted,
}: {
  control: Control<UserFormValues>;
  options: readonly string[];
  restricted: boolean;
}) {
  const { field, fieldState } = useController({ control, name: 'environments' });
  const { value, onChange } = field;
  const error = fieldState.error?.message;
  const [input, setInput] = useState('');
  const add = (raw: string) => {
    const parts = raw
      .split(/[\s,;]+/)
      .map((s) => s.trim())
      .filter(Boolean);
    if (parts.length > 0) onChange([...new Set([...value, ...parts])]);
    setInput('');
  };
  return (
    <Autocomplete
      multiple
      freeSolo
      options={options.filter((o) => !value.includes(o))}
      value={value}
      inputValue={input}
      onInputChange={(_, v, reason) => {
        if (reason === 'input' && /[\s,;]$/.test(v)) add(v);
        else setInput(v);
      }}
      onChange={(_, v) => onChange([...new Set(v.map((s) => s.trim()).filter(Boolean))])}
      onBlur={() => {
        if (input.trim()) add(input);
        field.onBlur();
      }}
      renderValue={(selected, getItemProps) =>
        selected.map((option, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} label={option} size="small" {...props} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label="Environment IDs"
          error={!!error}
          helperText={
            error ??
            (restricted
              ? RESTRICTED_ENVIRONMENT_MESSAGE
              : 'Domain SIDs (S-1-5-21-…) or tenant IDs. Type one and press Enter; paste several at once.')
          }
        />
      )}
    />
  );
}
