import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { roleNameLabel } from '@/shared/permissions';
import { isHttpStatus } from '@/api/errors';
import { useAccess } from '@/lib/access';
import type { User } from '@/api/schemas/users';
import { CopyButton } from '@/components/CopyButton';
import { KnownLabel } from '@/components/KnownLabel';
import { PageHeader } from '@/components/PageHeader';
import { DateTime } from '@/components/Time';
import { RestrictedNote } from '@/components/RestrictedNote';
import { ErrorState, LoadingState } from '@/components/states';
import { useSelf } from '@/api/self';
import { useMfaStatus } from '@/features/users/api/get-mfa-status';
import { useSsoProviders } from '@/api/sso-providers';
import { useUser } from '@/features/users/api/get-user';
import { Field, None, Section } from '@/components/DetailSection';
import { UserActionsMenu, useUserActionDialogs } from '@/features/users/components/user-actions';
import {
  emailOf,
  mfaStatusLabel,
  passwordStateOf,
  providerName,
  ssoProviderIdOf,
  userActions,
  userName,
} from '@/features/users/components/user-display';

export default function UserDetailPage() {
  const { userId = '' } = useParams();
  const user = useUser(userId);
  const self = useSelf();
  const edit = useAccess('PATCH', '/api/v2/app-users/{user_id}', { self: false });
  const navigate = useNavigate();
  const dialogs = useUserActionDialogs({
    self: self.data,
    // The notice ("Deleted …") goes with the navigation.
    onDeleted: () => navigate('/users', { replace: true }),
  });
  const name = user.data ? userName(user.data) : 'User';

  useEffect(() => {
    document.title = `${name} · Users · Admin Console`;
  }, [name]);

  if (user.isPending) return <LoadingState label="Loading the user…" />;
  if (user.isError) {
    return (
      <>
        <PageHeader title="User" crumbs={[{ label: 'Users', to: '/users' }, { label: 'User' }]} />
        <ErrorState
          error={user.error}
          title="Could not load the user"
          onRetry={isHttpStatus(user.error, 404) ? undefined : () => void user.refetch()}
        >
          <Box sx={{ mt: 1 }}>
            <Link component={RouterLink} to="/users">
              Back to the users
            </Link>
          </Box>
        </ErrorState>
      </>
    );
  }

  const u = user.data;
  const actions = userActions(u, self.data, { includeView: false });
  const menuActions = actions.filter((a) => a.id !== 'edit');
  const canEdit = actions.some((a) => a.id === 'edit');
  return (
    <>
      <PageHeader
        title={name}
        crumbs={[{ label: 'Users', to: '/users' }, { label: name }]}
        description={
          <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{u.principal_name}</span>
            <Chip
              component="span"
              size="small"
              label={u.is_disabled ? 'Disabled' : 'Enabled'}
              color={u.is_disabled ? 'default' : 'success'}
              variant={u.is_disabled ? 'outlined' : 'filled'}
            />
            {u.id === self.data?.id && <Chip component="span" size="small" label="You" />}
          </Stack>
        }
        actions={
          <>
            {canEdit && (
              <Button variant="contained" startIcon={<EditIcon />} onClick={() => dialogs.start('edit', u)}>
                Edit user
              </Button>
            )}
            {menuActions.length > 0 && (
              <UserActionsMenu user={u} actions={menuActions} onAction={dialogs.start} variant="button" />
            )}
          </>
        }
      />
      {u.id !== self.data?.id && (
        <RestrictedNote missing={edit.missing} canDo="You can look at this user" cannot="change users" />
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title="Profile">
            <Field label="First name">{u.first_name.valid && u.first_name.string ? u.first_name.string : <None />}</Field>
            <Field label="Last name">{u.last_name.valid && u.last_name.string ? u.last_name.string : <None />}</Field>
            <Field label="Email address">{emailOf(u) ?? <None />}</Field>
            <Field label="Principal name">{u.principal_name}</Field>
            <Field label="User ID">
              <Stack direction="row" spacing={0.5} component="span" sx={{ alignItems: 'center' }}>
                <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                  {u.id}
                </Box>
                <CopyButton value={u.id} label="Copy user ID" />
              </Stack>
            </Field>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <AccessSection user={u} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SignInSection user={u} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title="Record">
            <Field label="Created">
              <DateTime value={u.created_at} fallback="Never" />
            </Field>
            <Field label="Last updated">
              <DateTime value={u.updated_at} fallback="Never" />
            </Field>
            <Field label="EULA accepted">{u.eula_accepted ? 'Yes' : 'No'}</Field>
          </Section>
        </Grid>
      </Grid>
      {dialogs.element}
    </>
  );
}

function AccessSection({ user }: { user: User }) {
  const providers = useSsoProviders();
  const ssoId = ssoProviderIdOf(user);
  const environments = (user.environment_targeted_access_control ?? []).map((e) => e.environment_id);
  const all = user.all_environments ?? environments.length === 0;
  return (
    <Section title="Access">
      <Field label="Roles">
        {user.roles.length === 0 ? (
          <None text="No role: the user can sign in but do nothing" />
        ) : (
          <Stack direction="row" spacing={0.5} component="span" sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
            {user.roles.map((r) => (
              <Chip
                key={r.id}
                component={RouterLink}
                to={`/roles/${r.id}`}
                clickable
                label={<KnownLabel label={roleNameLabel(r.name)} />}
                size="small"
                variant="outlined"
              />
            ))}
          </Stack>
        )}
      </Field>
      <Field label="SSO provider">
        {ssoId === null ? <None text="None: signs in with a password" /> : providerName(providers.data, ssoId)}
      </Field>
      <Field label="Environment access">
        {all ? (
          'All environments'
        ) : environments.length === 0 ? (
          <None text="No environments" />
        ) : (
          <Box component="ul" aria-label="Environments" sx={{ m: 0, pl: 2.5 }}>
            {environments.map((e) => (
              <Box component="li" key={e} sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {e}
              </Box>
            ))}
          </Box>
        )}
      </Field>
    </Section>
  );
}

function SignInSection({ user }: { user: User }) {
  const password = passwordStateOf(user);
  const hasPassword = password === 'valid' || password === 'expired';
  const mfa = useMfaStatus(user.id, hasPassword);
  return (
    <Section title="Sign-in">
      <Field label="Password">
        {password === 'sso'
          ? 'None: signs in through the SSO provider'
          : password === 'none'
            ? 'None: the user cannot sign in with a password'
            : password === 'expired'
              ? 'Expired: the user must choose a new one at the next sign-in'
              : 'Set'}
      </Field>
      {hasPassword && user.AuthSecret && (
        <Field label="Password expires">
          <DateTime value={user.AuthSecret.expires_at} fallback="Already expired" />
        </Field>
      )}
      <Field label="Multi-factor authentication">
        {!hasPassword ? (
          <None text="Not applicable" />
        ) : mfa.isPending ? (
          user.AuthSecret?.totp_activated ? (
            'Active'
          ) : (
            'Checking…'
          )
        ) : mfa.isError ? (
          <>
            {user.AuthSecret?.totp_activated ? 'Active' : 'Off'}{' '}
            <Typography component="span" variant="body2" color="error">
              (the current state could not be read)
            </Typography>
          </>
        ) : (
          <KnownLabel label={mfaStatusLabel(mfa.data)} />
        )}
      </Field>
      <Field label="Last login">
        <DateTime value={user.last_login} fallback="Never" />
      </Field>
    </Section>
  );
}
