import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { roleNameLabel } from '@/shared/permissions';
import type { Self } from '@/api/schemas/auth';
import { useSsoProviders } from '@/api/sso-providers';
import { useNotice } from '@/components/notice';
import { KnownLabel } from '@/components/KnownLabel';
import { RestrictedNote } from '@/components/RestrictedNote';
import { DateTime } from '@/components/time';
import { userOps } from '@/api/operations/users';
import { useAccess } from '@/lib/access';
import { useMfaStatus } from '@/features/users/api/get-mfa-status';
import { Field, None, Section } from '@/components/detail-section';
import { MfaDisableDialog, MfaEnrollDialog } from './mfa-dialogs';
import { groupPermissions } from './permission-text';
import { UserIdField } from './user-fields';
import {
  emailOf,
  MFA_STATUS_TEXT,
  mfaStatusLabel,
  passwordStateOf,
  providerName,
  ssoProviderIdOf,
  userName,
} from './user-display';

/** Who you are: name, email address, principal name and user ID. */
export function ProfileSection({ me }: { me: Self }) {
  return (
    <Section title="Profile">
      <Field label="Name">{userName(me)}</Field>
      <Field label="Email address">{emailOf(me) ?? <None />}</Field>
      <Field label="Principal name">{me.principal_name}</Field>
      <UserIdField id={me.id} />
    </Section>
  );
}

/** How you sign in: SSO provider, password, MFA (with the dialogs to enrol or disable it), last sign-in. */
export function ProfileSignInSection({ me }: { me: Self }) {
  const providers = useSsoProviders();
  const { notify } = useNotice();
  const [dialog, setDialog] = useState<'enroll' | 'disable' | null>(null);
  const changePassword = useAccess(userOps.createOrSetUserSecret);
  const enroll = useAccess(userOps.addUserMfa);
  const disable = useAccess(userOps.removeUserMfa);
  const readMfa = useAccess(userOps.getMfaActivationStatus);
  const password = passwordStateOf(me);
  const hasPassword = password === 'valid' || password === 'expired';
  const mfa = useMfaStatus(me.id, { enabled: hasPassword && readMfa.allowed });
  const ssoId = ssoProviderIdOf(me);
  const provider = providerName(providers.data, ssoId);
  const mfaActive = mfa.data ? mfa.data === 'activated' : !!me.AuthSecret?.totp_activated;
  // A state this console does not know offers neither enrolling nor disabling: either would guess at it.
  const mfaKnown = !mfa.data || mfaStatusLabel(mfa.data).known;
  const mfaAction = mfaActive ? disable : enroll;
  const done = (message: string) => {
    setDialog(null);
    notify(message);
  };
  const note = hasPassword && (
    <Box sx={{ mt: 2, '& .MuiAlert-root': { mb: 0 } }}>
      <RestrictedNote
        missing={changePassword.missing}
        canDo="You sign in with your password"
        cannot="change it or your MFA here"
      />
    </Box>
  );
  return (
    <Section
      title="Sign-in"
      note={
        <>
          {note}
          {dialog === 'enroll' && <MfaEnrollDialog user={me} isSelf onClose={() => setDialog(null)} onDone={done} />}
          {dialog === 'disable' && <MfaDisableDialog user={me} isSelf onClose={() => setDialog(null)} onDone={done} />}
        </>
      }
    >
      <Field label="SSO provider">
        {provider === null ? <None text="None: you sign in with a password" /> : `You sign in through ${provider}`}
      </Field>
      <Field label="Password">
        <Stack spacing={1} component="span" sx={{ alignItems: 'flex-start' }}>
          <span>
            {password === 'sso'
              ? 'None: your identity provider checks it'
              : password === 'none'
                ? 'None: ask an administrator to set one'
                : password === 'expired'
                  ? 'Expired: choose a new one'
                  : 'Set'}
          </span>
          {hasPassword && me.AuthSecret && password === 'valid' && (
            <Typography component="span" variant="body2" color="text.secondary">
              Expires <DateTime value={me.AuthSecret.expires_at} />
            </Typography>
          )}
          {hasPassword && changePassword.allowed && (
            <Button component={RouterLink} to="/account/password?next=%2Fprofile" variant="outlined" size="small">
              Change password
            </Button>
          )}
        </Stack>
      </Field>
      <Field label="Multi-factor authentication">
        <Stack spacing={1} component="span" sx={{ alignItems: 'flex-start' }}>
          <span>
            {!hasPassword ? (
              'Not applicable: you have no password here'
            ) : mfa.data ? (
              <KnownLabel label={mfaStatusLabel(mfa.data)} />
            ) : mfaActive ? (
              MFA_STATUS_TEXT.activated
            ) : (
              MFA_STATUS_TEXT.deactivated
            )}
          </span>
          {hasPassword && mfaAction.allowed && mfaKnown && (
            <Button
              variant="outlined"
              size="small"
              color={mfaActive ? 'error' : 'primary'}
              onClick={() => setDialog(mfaActive ? 'disable' : 'enroll')}
            >
              {mfaActive ? 'Disable MFA' : 'Enrol in MFA'}
            </Button>
          )}
        </Stack>
      </Field>
      <Field label="Last login">
        <DateTime value={me.last_login} fallback="Never" />
      </Field>
    </Section>
  );
}

/** Your roles and, grouped by authority, the permissions they give. */
export function ProfileRolesSection({ me }: { me: Self }) {
  const groups = groupPermissions(me.roles);
  return (
    <Section title="Roles and what they allow" plain>
      {me.roles.length === 0 ? (
        <None text="No role: you can sign in but do nothing. An administrator can give you one." />
      ) : (
        <Stack spacing={2}>
          <Box component="ul" aria-label="Your roles" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
            {me.roles.map((r) => (
              <Box component="li" key={r.id} sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
                <Chip size="small" label={<KnownLabel label={roleNameLabel(r.name)} />} />
                <Typography component="span" variant="body2" color="text.secondary">
                  {r.description}
                </Typography>
              </Box>
            ))}
          </Box>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            {groups.map((g) => (
              <Box key={g.authority}>
                <Typography variant="subtitle2" component="h3" id={`perm-group-${g.authority}`}>
                  {g.title}
                </Typography>
                <Box component="ul" aria-labelledby={`perm-group-${g.authority}`} sx={{ m: 0, pl: 2.5 }}>
                  {g.permissions.map((p) => (
                    <Typography component="li" variant="body2" key={p.name}>
                      {/* A permission this console has no words for shows its name, marked unknown. */}
                      {p.label.known ? (
                        <>
                          {p.label.label}{' '}
                          <Typography component="span" variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                            ({p.name})
                          </Typography>
                        </>
                      ) : (
                        <KnownLabel label={p.label} />
                      )}
                    </Typography>
                  ))}
                </Box>
              </Box>
            ))}
          </Box>
        </Stack>
      )}
    </Section>
  );
}
