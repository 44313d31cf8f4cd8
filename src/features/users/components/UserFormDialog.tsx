import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { adDomainsByName, useAvailableDomains } from '@/api/domains';
import { describeError } from '@/api/errors';
import { ADMINISTRATOR_ROLE, permissionLabel } from '@/shared/permissions';
import { useAccess } from '@/lib/access';
import type { Role } from '@/api/schemas/roles';
import { ssoProviderTypeLabel } from '@/api/schemas/sso';
import { isEnvironmentId, type User } from '@/api/schemas/users';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { KnownLabel } from '@/components/KnownLabel';
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
  resolveEnvironment,
  roleGrant,
  unknownEnvironments,
  unknownEnvironmentsWarning,
  type EnvironmentChoice,
  type RoleGrant,
  type UserFormValues,
} from '@/features/users/user-form';
import { compareText } from '@/shared/compare-text';
import { graphOps } from '@/api/operations/graph';

/** A save the person called off at the privilege question: nothing is sent, and no message shown. */
const CALLED_OFF = Symbol('called off');

/**
 * Create user (POST) or edit user (PATCH): names, email, principal, role (one,
 * as upstream), SSO provider, disabled, environment access and, for a new
 * password user, the first password. A save that grants more (a role with
 * permissions the user did not have; a new user who manages users) asks first
 * and lists what it grants. Nothing typed is lost when the server refuses.
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
  // People who may read domains pick them by name; the others type ids, as before.
  const mayReadDomains = useAccess(graphOps.getAvailableDomains).allowed;
  const domains = useAvailableDomains({ enabled: mayReadDomains && !allEnvironments });
  const domainChoices = useMemo(() => (domains.data ? adDomainsAndTenants(domains.data) : []), [domains.data]);
  const originalSso = user ? ssoProviderIdOf(user) : null;
  const linkingRemovesPassword = mode === 'edit' && !!user?.AuthSecret && sso !== '' && Number(sso) !== originalSso;

  const [grant, setGrant] = useState<{ grant: RoleGrant; name: string } | null>(null);
  const answer = useRef<(go: boolean) => void>(() => {});
  const confirmGrant = (question: RoleGrant, name: string) =>
    new Promise<boolean>((resolve) => {
      answer.current = (go) => {
        setGrant(null);
        resolve(go);
      };
      setGrant({ grant: question, name });
    });

  const submit = useFormSubmit(
    form,
    async (values: UserFormValues) => {
      const name = [values.first_name, values.last_name].join(' ').trim() || values.principal;
      const question = roleGrant(roles.data ?? [], values.roles, mode === 'edit' && user ? user.roles : null);
      if (question && !(await confirmGrant(question, name))) throw CALLED_OFF;
      if (mode === 'create' || !user) {
        const created = await createUser.mutateAsync(toCreateBody(values));
        return { id: created.id, name: userName(created) };
      }
      await updateUser.mutateAsync({ id: user.id, body: toUpdateBody(values) });
      return { id: user.id, name, unlinked: originalSso !== null && values.sso_provider_id === '' };
    },
    { fieldMap: SERVER_FIELD_MAP, onSuccess: onSaved, onError: (error) => (error === CALLED_OFF ? null : undefined) },
  );

  const title = mode === 'create' ? 'Create user' : `Edit ${user ? userName(user) : 'user'}`;

  return (
    <>
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

        <RoleField
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
              {p.name} (<KnownLabel label={ssoProviderTypeLabel(p.type)} />)
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
          {!allEnvironments && (
            <EnvironmentsInput
              control={control}
              options={knownEnvironments}
              restricted={restrictedChosen}
              domains={
                mayReadDomains
                  ? {
                      choices: domainChoices,
                      loaded: domains.isSuccess,
                      loading: domains.isPending,
                      error: domains.isError
                        ? `The domains could not be loaded (${describeError(domains.error)}); type IDs.`
                        : null,
                    }
                  : null
              }
            />
          )}
        </Stack>
      </FormDialog>
      {grant && (
        <GrantQuestion
          grant={grant.grant}
          name={grant.name}
          before={mode === 'edit' && user ? user.roles.map((r) => r.name) : null}
          onAnswer={(go) => answer.current(go)}
        />
      )}
    </>
  );
}

/** "Give Amara Tanaka the Administrator role?", with what the role adds; Cancel keeps the form as it is. */
function GrantQuestion({
  grant,
  name,
  before,
  onAnswer,
}: {
  grant: RoleGrant;
  name: string;
  /** The user's roles now; null for a new user. */
  before: string[] | null;
  onAnswer: (go: boolean) => void;
}) {
  const admin = grant.role.name === ADMINISTRATOR_ROLE;
  return (
    <ConfirmDialog
      open
      wide
      title={`Give ${name} the ${grant.role.name} role?`}
      confirmLabel={`Grant ${grant.role.name}`}
      destructive={admin}
      onConfirm={() => onAnswer(true)}
      onClose={() => onAnswer(false)}
    >
      <Typography sx={{ mb: 1 }}>
        {admin
          ? `Administrators can do everything in the console, including managing every user (other administrators too) and clearing the database. `
          : ''}
        {before && before.length > 0
          ? `Compared with ${before.join(' and ')}, ${name} will also be able to:`
          : `${name} will be able to:`}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {grant.added.map((p) => (
          <li key={p}>
            <KnownLabel label={permissionLabel(p)} />
          </li>
        ))}
      </Box>
    </ConfirmDialog>
  );
}

/** One role per user (upstream's roles are exclusive levels of power), each offered with what it is for. */
function RoleField({
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
  // A user given several roles elsewhere shows none chosen here, and is told to choose one.
  const chosen = field.value.length === 1 ? (roles.find((r) => r.id === field.value[0]) ?? null) : null;
  return (
    <Autocomplete
      options={roles}
      loading={loading}
      disabled={isSelf}
      value={chosen}
      onChange={(_, value) => field.onChange(value ? [value.id] : [])}
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
          label="Role"
          required
          error={!!fieldState.error || loadError !== null}
          helperText={
            fieldState.error?.message ??
            loadError ??
            (isSelf
              ? 'You cannot change your own role.'
              : (chosen?.description ?? 'One role: what the user may do. Administrators manage users.'))
          }
        />
      )}
    />
  );
}

/** Every environment the picker offers, by name: AD domains first, then tenants and other environments. */
function adDomainsAndTenants(list: Parameters<typeof adDomainsByName>[0]): EnvironmentChoice[] {
  const ad = adDomainsByName(list);
  const rest = list.filter((d) => !ad.includes(d)).sort((a, b) => compareText(a.name, b.name));
  return [...ad, ...rest].map((d) => ({ id: d.id, name: d.name }));
}

const NO_CHOICES: readonly EnvironmentChoice[] = [];

/** The domains the picker offers: null for people who may not read them (free text only). */
interface DomainsForPicker {
  choices: readonly EnvironmentChoice[];
  /** The list was read, so an id missing from it is not a known domain. */
  loaded: boolean;
  loading: boolean;
  error: string | null;
}

/**
 * The environment list, bound to the form's `environments` field. With `domains`, pick them by name
 * (each option shows the name and the id), or type an id not listed and press Enter; an id that is no
 * known domain is kept and named in a warning. Without, type one and press Enter, or paste several.
 */
function EnvironmentsInput({
  control,
  options,
  restricted,
  domains,
}: {
  control: Control<UserFormValues>;
  options: readonly string[];
  restricted: boolean;
  domains: DomainsForPicker | null;
}) {
  const { field, fieldState } = useController({ control, name: 'environments' });
  const { value, onChange } = field;
  const error = fieldState.error?.message;
  const [input, setInput] = useState('');
  const choices = domains?.choices ?? NO_CHOICES;
  const byId = useMemo(() => new Map(choices.map((d) => [d.id, d])), [choices]);
  const parts = (raw: string) =>
    raw
      .split(/[\s,;]+/)
      .map((s) => s.trim())
      .filter(Boolean);
  // One entry as typed: a domain's name or id as its id, else split at separators (several pasted at once).
  const entries = (raw: string) => {
    const whole = resolveEnvironment(raw, choices);
    return whole !== raw.trim() ? [whole] : parts(raw).map((p) => resolveEnvironment(p, choices));
  };
  const add = (raw: string) => {
    const found = entries(raw);
    if (found.length > 0) onChange([...new Set([...value, ...found])]);
    setInput('');
  };
  // With the picker, typed text filters the names: it becomes an entry by itself only when it is an id or a
  // domain's whole name (Enter or picking an option always adds).
  const complete = (v: string) => !domains || parts(v).every((p) => isEnvironmentId(p) || resolveEnvironment(p, choices) !== p);
  const endsEntry = (v: string) => /[\s,;]$/.test(v) && complete(v);
  const offered = domains ? [...new Set([...choices.map((d) => d.id), ...options])] : [...options];
  const unknown = domains?.loaded ? unknownEnvironments(value, choices) : [];
  const warning = unknownEnvironmentsWarning(unknown);
  return (
    <>
      <Autocomplete
        multiple
        freeSolo
        options={offered.filter((o) => !value.includes(o))}
        loading={domains?.loading}
        value={value}
        inputValue={input}
        getOptionLabel={(id) => byId.get(id)?.name ?? id}
        filterOptions={(ids, { inputValue }) => {
          const q = inputValue.trim().toLowerCase();
          return q
            ? ids.filter((id) => id.toLowerCase().includes(q) || (byId.get(id)?.name.toLowerCase().includes(q) ?? false))
            : ids;
        }}
        renderOption={(props, id) => {
          const { key, ...rest } = props;
          const domain = byId.get(id);
          return (
            <li key={key} {...rest}>
              {domains ? (
                <Box sx={{ minWidth: 0 }}>
                  <Typography>{domain?.name ?? id}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {domain ? id : 'Used by other users; not a known domain'}
                  </Typography>
                </Box>
              ) : (
                id
              )}
            </li>
          );
        }}
        onInputChange={(_, v, reason) => {
          if (reason === 'input' && endsEntry(v)) add(v);
          else setInput(v);
        }}
        onChange={(_, v) => {
          onChange([...new Set(v.flatMap(entries))]);
          setInput('');
        }}
        onBlur={() => {
          if (input.trim() && complete(input)) add(input);
          field.onBlur();
        }}
        renderValue={(selected, getItemProps) =>
          selected.map((id, index) => {
            const { key, ...props } = getItemProps({ index });
            const domain = byId.get(id);
            const strange = unknown.includes(id);
            return (
              <Chip
                key={key}
                label={domain ? domain.name : id}
                title={domain ? id : undefined}
                size="small"
                color={strange ? 'warning' : 'default'}
                variant={strange ? 'outlined' : 'filled'}
                {...props}
              />
            );
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
                : (domains?.error ??
                  (domains
                    ? 'Pick domains by name, or type an ID that is not listed (a domain SID S-1-5-21-… or a tenant ID) and press Enter.'
                    : 'Domain SIDs (S-1-5-21-…) or tenant IDs. Type one and press Enter; paste several at once.')))
            }
          />
        )}
      />
      {warning && <Alert severity="warning">{warning}</Alert>}
    </>
  );
}
