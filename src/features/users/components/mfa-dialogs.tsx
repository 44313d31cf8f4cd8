import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { MfaEnrollment, User } from '@/api/schemas/users';
import { mfaActivationBody } from '@/api/schemas/users';
import { FormDialog } from '@/components/FormDialog';
import { ShownSecret } from '@/components/ShownOnceDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useActivateMfa } from '@/features/users/api/activate-mfa';
import { useEnrollMfa } from '@/features/users/api/enroll-mfa';
import { useRemoveMfa } from '@/features/users/api/remove-mfa';
import { useSelf } from '@/api/self';
import { userName } from './user-display';
import { confirmPasswordSchema, type ConfirmPasswordValues } from '@/features/users/password-form';

/**
 * MFA enrolment in two steps: the user's password (POST mfa) answers a QR
 * code and the TOTP secret; a code from the authenticator app then activates
 * it (POST mfa-activation). A wrong or stale code says so and the dialog
 * stays open. The enrolment is held in this dialog only.
 */
export function MfaEnrollDialog({
  user,
  isSelf,
  onClose,
  onDone,
}: {
  user: User;
  isSelf: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [enrollment, setEnrollment] = useState<MfaEnrollment | null>(null);
  const name = userName(user);
  return enrollment ? (
    <ActivateStep
      user={user}
      enrollment={enrollment}
      onClose={onClose}
      onDone={() => onDone(`Multi-factor authentication is now active for ${name}.`)}
    />
  ) : (
    <PasswordStep user={user} isSelf={isSelf} onClose={onClose} onEnrolled={setEnrollment} />
  );
}

/** A one-field form that confirms an MFA change with the signed-in user's password (sent as `secret`). */
function usePasswordConfirmation<R>(
  mutation: { mutateAsync: (v: { id: string; body: { secret: string } }) => Promise<R>; reset: () => void },
  id: string,
  onSuccess: (result: R) => void,
) {
  const form = useForm<ConfirmPasswordValues>({ resolver: zodResolver(confirmPasswordSchema), defaultValues: { password: '' } });
  const submit = useFormSubmit(
    form,
    ({ password }: ConfirmPasswordValues) => mutation.mutateAsync({ id, body: { secret: password } }),
    {
      fieldMap: { secret: 'password' },
      onSuccess,
      onSettled: mutation.reset,
    },
  );
  return { form, submit };
}

function PasswordStep({
  user,
  isSelf,
  onClose,
  onEnrolled,
}: {
  user: User;
  isSelf: boolean;
  onClose: () => void;
  onEnrolled: (e: MfaEnrollment) => void;
}) {
  const enroll = useEnrollMfa();
  const name = userName(user);
  const { form, submit } = usePasswordConfirmation(enroll, user.id, onEnrolled);
  return (
    <FormDialog
      open
      title={`Enrol ${isSelf ? 'yourself' : name} in MFA`}
      submitLabel="Continue"
      submit={submit}
      onClose={onClose}
    >
      <Typography>
        Multi-factor authentication asks for a code from an authenticator app at every sign-in. To start,{' '}
        {isSelf ? 'confirm your password.' : `enter ${name}'s password.`}
      </Typography>
      <FormTextField
        control={form.control}
        name="password"
        label={isSelf ? 'Your password' : `Password of ${name}`}
        type="password"
        required
        autoFocus
        autoComplete={isSelf ? 'current-password' : 'off'}
      />
    </FormDialog>
  );
}

function ActivateStep({
  user,
  enrollment,
  onClose,
  onDone,
}: {
  user: User;
  enrollment: MfaEnrollment;
  onClose: () => void;
  onDone: () => void;
}) {
  const activate = useActivateMfa();
  const form = useForm<{ otp: string }>({ resolver: zodResolver(mfaActivationBody), defaultValues: { otp: '' } });
  const submit = useFormSubmit(form, ({ otp }: { otp: string }) => activate.mutateAsync({ id: user.id, body: { otp } }), {
    onSuccess: onDone,
    onError: () => {
      // A wrong or stale code: ready to type the next one.
      setTimeout(() => form.setFocus('otp', { shouldSelect: true }));
      return undefined;
    },
    onSettled: activate.reset,
  });
  return (
    <FormDialog open title={`Activate MFA for ${userName(user)}`} submitLabel="Activate" submit={submit} onClose={onClose}>
      <Typography>
        Scan the QR code with an authenticator app, or type the setup key into it. Then enter the 6-digit code the app shows.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: 'center' }}>
        <Box
          component="img"
          src={enrollment.qr_code}
          alt={`QR code to add ${user.principal_name} to an authenticator app`}
          sx={{
            width: 200,
            height: 200,
            bgcolor: '#fff',
            p: 1,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            flexShrink: 0,
          }}
        />
        <Box sx={{ minWidth: 0, flex: 1, width: '100%' }}>
          <ShownSecret label="Setup key" value={enrollment.totp_secret} />
          <Alert severity="info" sx={{ mt: 1 }}>
            Keep the key secret: anyone with it can produce codes. It is not shown again.
          </Alert>
        </Box>
      </Stack>
      <FormTextField
        control={form.control}
        name="otp"
        label="6-digit code"
        required
        autoFocus
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
        helperText="From the authenticator app, after adding the key"
      />
    </FormDialog>
  );
}

/** Disable MFA (DELETE mfa), confirmed with the signed-in user's own password. */
export function MfaDisableDialog({
  user,
  isSelf,
  onClose,
  onDone,
}: {
  user: User;
  isSelf: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  // Someone who signs in through SSO has no password to confirm with: as upstream, none is asked.
  const withPassword = !!useSelf().data?.AuthSecret;
  return withPassword ? (
    <MfaDisableWithPassword user={user} isSelf={isSelf} onClose={onClose} onDone={onDone} />
  ) : (
    <MfaDisableWithoutPassword user={user} isSelf={isSelf} onClose={onClose} onDone={onDone} />
  );
}

type DisableProps = Parameters<typeof MfaDisableDialog>[0];

/** The disable dialog's frame: title, what happens, the confirmation (`children`). */
function DisableFrame({
  user,
  isSelf,
  submit,
  onClose,
  confirmation,
  children,
}: Omit<DisableProps, 'onDone'> & {
  submit: Parameters<typeof FormDialog>[0]['submit'];
  confirmation: string;
  children?: React.ReactNode;
}) {
  const who = isSelf ? 'you' : 'they';
  return (
    <FormDialog
      open
      title={`Disable MFA for ${isSelf ? 'your account' : userName(user)}?`}
      submitLabel="Disable MFA"
      submit={submit}
      onClose={onClose}
    >
      <Typography>
        {isSelf ? 'You' : userName(user)} will sign in with the password alone, and the authenticator app&apos;s codes stop
        working. To turn MFA on again, {who} must enrol anew. {confirmation}
      </Typography>
      {children}
    </FormDialog>
  );
}

function MfaDisableWithPassword({ user, isSelf, onClose, onDone }: DisableProps) {
  const remove = useRemoveMfa();
  const { form, submit } = usePasswordConfirmation(remove, user.id, () =>
    onDone(`Multi-factor authentication is off for ${userName(user)}.`),
  );
  return (
    <DisableFrame user={user} isSelf={isSelf} submit={submit} onClose={onClose} confirmation="Confirm with your own password.">
      <FormTextField
        control={form.control}
        name="password"
        label="Your password"
        type="password"
        required
        autoFocus
        autoComplete="current-password"
      />
    </DisableFrame>
  );
}

function MfaDisableWithoutPassword({ user, isSelf, onClose, onDone }: DisableProps) {
  const remove = useRemoveMfa();
  const form = useForm<Record<string, never>>({ defaultValues: {} });
  const submit = useFormSubmit(form, () => remove.mutateAsync({ id: user.id, body: {} }), {
    onSuccess: () => onDone(`Multi-factor authentication is off for ${userName(user)}.`),
    onSettled: remove.reset,
  });
  return (
    <DisableFrame
      user={user}
      isSelf={isSelf}
      submit={submit}
      onClose={onClose}
      confirmation="You sign in through an SSO provider, so no password is asked."
    />
  );
}
