import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { roleNameLabel } from '@/shared/permissions';
import type { User } from '@/api/schemas/users';
import { useSsoProviders } from '@/api/sso-providers';
import { CopyButton } from '@/components/CopyButton';
import { Field, None, Section } from '@/components/detail-section';
import { KnownLabel } from '@/components/KnownLabel';
import { DateTime } from '@/components/time';
import { useMfaStatus } from '@/features/users/api/get-mfa-status';
import { mfaStatusLabel, passwordStateOf, providerName, ssoProviderIdOf } from './user-display';

/** A user's ID, with a button that copies it. */
export function UserIdField({ id }: { id: string }) {
  return (
    <Field label="User ID">
      <Stack direction="row" spacing={0.5} component="span" sx={{ alignItems: 'center' }}>
        <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {id}
        </Box>
        <CopyButton value={id} label="Copy user ID" />
      </Stack>
    </Field>
  );
}

/** A user's roles, SSO provider and environments. */
export function AccessSection({ user }: { user: User }) {
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

/** How a user signs in: password, its expiry, multi-factor authentication, last sign-in. */
export function SignInSection({ user }: { user: User }) {
  const password = passwordStateOf(user);
  const hasPassword = password === 'valid' || password === 'expired';
  const mfa = useMfaStatus(user.id, { enabled: hasPassword });
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
