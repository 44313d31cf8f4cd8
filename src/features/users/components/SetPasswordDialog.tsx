import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import type { User } from '@/api/schemas/users';
import { FormDialog } from '@/components/FormDialog';
import { FormCheckbox } from '@/components/form/FormSwitch';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useSetUserSecret } from '@/features/users/api/set-user-secret';
import { setPasswordSchema, type SetPasswordValues } from '@/features/users/password-form';
import { NewPasswordFields } from './PasswordRules';
import { userName } from './user-display';

/**
 * An administrator sets another user's password (PUT secret), optionally
 * asking them to choose their own at the next sign-in. The strength rule is
 * checked here first and again by the server.
 */
export function SetPasswordDialog({
  user,
  afterUnlink = false,
  onClose,
  onDone,
}: {
  user: User;
  /** Opened right after the user was taken off their SSO provider: they have no password yet. */
  afterUnlink?: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const setSecret = useSetUserSecret();
  const name = userName(user);
  const form = useForm<SetPasswordValues>({
    resolver: zodResolver(setPasswordSchema),
    defaultValues: { password: '', confirm_password: '', needs_password_reset: afterUnlink },
  });
  const submit = useFormSubmit(
    form,
    (values: SetPasswordValues) =>
      setSecret.mutateAsync({
        id: user.id,
        body: { secret: values.password, needs_password_reset: values.needs_password_reset },
      }),
    {
      fieldMap: { secret: 'password' },
      onSuccess: (_, values) =>
        onDone(
          values.needs_password_reset
            ? `Set a new password for ${name}; they must choose their own at the next sign-in.`
            : `Set a new password for ${name}.`,
        ),
      onSettled: setSecret.reset,
    },
  );

  return (
    <FormDialog open title={`Set password for ${name}`} submitLabel="Set password" submit={submit} onClose={onClose}>
      <Stack spacing={2}>
        {afterUnlink && (
          <Typography>
            {name} no longer signs in through SSO and has no password yet. Set one to give them, and they choose their own at the
            next sign-in.
          </Typography>
        )}
        <NewPasswordFields control={form.control} autoFocus />
        <FormCheckbox control={form.control} name="needs_password_reset" label="Require a new password at next sign-in" />
      </Stack>
    </FormDialog>
  );
}
