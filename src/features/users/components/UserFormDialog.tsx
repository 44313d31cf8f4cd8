import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Autocomplete,
  Box,
  Checkbox,
  Chip,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { describeError } from '../../../api/errors';
import type { User } from '../../../api/schemas/users';
import { FormDialog } from '../../../components/FormDialog';
import { useCreateUser } from '../api/create-user';
import { useRoles } from '../api/list-roles';
import { useSsoProviders } from '../../sso/api/list-sso-providers';
import { useUpdateUser } from '../api/update-user';
import { applyFieldErrors } from './password-form';
import { PasswordRules } from './PasswordRules';
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
  onSaved: (user: { id: string; name: string }) => void;
}) {
  const roles = useRoles();
  const providers = useSsoProviders();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const [formError, setFormError] = useState<string | null>(null);
  const isSelf = mode === 'edit' && !!user && user.id === selfId;
  const restrictedIds = useMemo(() => unrestrictedRoleIds(roles.data ?? []), [roles.data]);
  const schema = useMemo(() => makeUserFormSchema({ mode, unrestrictedRoleIds: restrictedIds }), [mode, restrictedIds]);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<UserFormValues>({ resolver: zodResolver(schema), defaultValues: formValuesOf(user) });
  const [sso, allEnvironments, selectedRoles, password] = useWatch({
    control,
    name: ['sso_provider_id', 'all_environments', 'roles', 'password'],
  });
  const restrictedChosen = selectedRoles.some((id) => restrictedIds.includes(id));
  const originalSso = user ? ssoProviderIdOf(user) : null;
  const linkingRemovesPassword = mode === 'edit' && !!user?.AuthSecret && sso !== '' && Number(sso) !== originalSso;

  const text = (name: Path<UserFormValues>) => {
    const { ref, ...rest } = register(name);
    return {
      ...rest,
      inputRef: ref,
      error: !!errors[name as keyof UserFormValues],
      helperText: errors[name as keyof UserFormValues]?.message,
    };
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (mode === 'create') {
        const created = await createUser.mutateAsync(toCreateBody(values));
        onSaved({ id: created.id, name: userName(created) });
      } else if (user) {
        await updateUser.mutateAsync({ id: user.id, body: toUpdateBody(values) });
        onSaved({ id: user.id, name: [values.first_name, values.last_name].join(' ').trim() || values.principal });
      }
    } catch (error) {
      setFormError(applyFieldErrors(error, setError, SERVER_FIELD_MAP));
    }
  });

  const pending = isSubmitting || createUser.isPending || updateUser.isPending;
  const title = mode === 'create' ? 'Create user' : `Edit ${user ? userName(user) : 'user'}`;

  return (
    <FormDialog
      open
      title={title}
      submitLabel={mode === 'create' ? 'Create user' : 'Save changes'}
      pending={pending}
      formError={formError}
      onSubmit={onSubmit}
      onClose={onClose}
      maxWidth="md"
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="First name" required fullWidth autoFocus autoComplete="off" {...text('first_name')} />
        <TextField label="Last name" required fullWidth autoComplete="off" {...text('last_name')} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="Email address" type="email" required fullWidth autoComplete="off" {...text('email_address')} />
        <TextField
          label="Principal name"
          required
          fullWidth
          autoComplete="off"
          {...text('principal')}
          helperText={errors.principal?.message ?? 'The name the user signs in with'}
        />
      </Stack>

      <Controller
        control={control}
        name="roles"
        render={({ field, fieldState }) => (
          <Autocomplete
            multiple
            options={roles.data ?? []}
            loading={roles.isPending}
            disabled={isSelf}
            // In the order chosen, so Backspace takes off the last one added.
            value={field.value.flatMap((id) => (roles.data ?? []).filter((r) => r.id === id))}
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
                label="Roles"
                required
                error={!!fieldState.error || roles.isError}
                helperText={
                  fieldState.error?.message ??
                  (roles.isError
                    ? `The roles could not be loaded: ${describeError(roles.error)}`
                    : isSelf
                      ? 'You cannot change your own roles.'
                      : 'What the user may do. Administrators manage users.')
                }
              />
            )}
          />
        )}
      />

      <TextField
        select
        label="SSO provider"
        fullWidth
        disabled={isSelf}
        {...text('sso_provider_id')}
        value={sso}
        onChange={(e) => setValue('sso_provider_id', e.target.value, { shouldDirty: true })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        error={!!errors.sso_provider_id || providers.isError}
        helperText={
          errors.sso_provider_id?.message ??
          (providers.isError
            ? `The SSO providers could not be loaded: ${describeError(providers.error)}`
            : isSelf
              ? 'You cannot change your own SSO provider.'
              : 'Users of an SSO provider sign in there and have no password here.')
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
      </TextField>
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
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label="Password" type="password" required fullWidth autoComplete="new-password" {...text('password')} />
            <TextField
              label="Confirm password"
              type="password"
              required
              fullWidth
              autoComplete="new-password"
              {...text('confirm_password')}
            />
          </Stack>
          <PasswordRules password={password} />
          <Controller
            control={control}
            name="needs_password_reset"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} />
                }
                label="Require a new password at next sign-in"
              />
            )}
          />
        </Stack>
      )}

      <Controller
        control={control}
        name="is_disabled"
        render={({ field }) => (
          <Box>
            <FormControlLabel
              control={<Switch checked={field.value} disabled={isSelf} onChange={(e) => field.onChange(e.target.checked)} />}
              label="Disabled (cannot sign in)"
            />
            {isSelf && <FormHelperText sx={{ mt: -0.5 }}>You cannot disable your own account.</FormHelperText>}
          </Box>
        )}
      />

      <Stack spacing={1} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle2">
          Environment access
        </Typography>
        <Controller
          control={control}
          name="all_environments"
          render={({ field, fieldState }) => (
            <Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value}
                    onChange={(e) => {
                      field.onChange(e.target.checked);
                      // "All environments" replaces any list.
                      if (e.target.checked) setValue('environments', [], { shouldValidate: false });
                    }}
                  />
                }
                label="All environments"
              />
              <FormHelperText error={!!fieldState.error} sx={{ mt: -0.5 }}>
                {fieldState.error?.message ??
                  (restrictedChosen
                    ? 'Administrators and Power Users always have access to all environments.'
                    : 'Or limit the user to a list of environments.')}
              </FormHelperText>
            </Box>
          )}
        />
        {!allEnvironments && (
          <Controller
            control={control}
            name="environments"
            render={({ field, fieldState }) => (
              <EnvironmentsInput
                value={field.value}
                onChange={field.onChange}
                options={knownEnvironments}
                error={fieldState.error?.message}
                restricted={restrictedChosen}
              />
            )}
          />
        )}
      </Stack>
    </FormDialog>
  );
}

function EnvironmentsInput({
  value,
  onChange,
  options,
  error,
  restricted,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  options: readonly string[];
  error?: string;
  restricted: boolean;
}) {
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
      onBlur={() => input.trim() && add(input)}
      renderValue={(selected, getItemProps) =>
        selected.map((option, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} label={option} size="small" {...props} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
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
