import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { User } from '../../../api/schemas/users';
import { FormDialog } from '../../../components/FormDialog';
import { useSetUserSecret } from '../api/set-user-secret';
import { applyFieldErrors, setPasswordSchema, type SetPasswordValues } from './password-form';
import { PasswordRules } from './PasswordRules';
import { userName } from './user-display';

/**
 * An administrator sets another user's password (PUT secret), optionally
 * asking them to choose their own at the next sign-in. The strength rule is
 * checked here first and again by the server.
 */
export function SetPasswordDialog({
  user,
  onClose,
  onDone,
}: {
  user: User;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const setSecret = useSetUserSecret();
  const [formError, setFormError] = useState<string | null>(null);
  const name = userName(user);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SetPasswordValues>({
    resolver: zodResolver(setPasswordSchema),
    defaultValues: { password: '', confirm_password: '', needs_password_reset: false },
  });
  const password = useWatch({ control, name: 'password' });
  const field = (n: 'password' | 'confirm_password') => {
    const { ref, ...rest } = register(n);
    return { ...rest, inputRef: ref, error: !!errors[n], helperText: errors[n]?.message };
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await setSecret.mutateAsync({
        id: user.id,
        body: { secret: values.password, needs_password_reset: values.needs_password_reset },
      });
      onDone(
        values.needs_password_reset
          ? `Set a new password for ${name}; they must choose their own at the next sign-in.`
          : `Set a new password for ${name}.`,
      );
    } catch (error) {
      setFormError(applyFieldErrors(error, setError, { secret: 'password', needs_password_reset: 'needs_password_reset' }));
    } finally {
      setSecret.reset();
    }
  });

  return (
    <FormDialog
      open
      title={`Set password for ${name}`}
      submitLabel="Set password"
      pending={isSubmitting}
      formError={formError}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Stack spacing={2}>
        <TextField label="New password" type="password" required autoFocus autoComplete="new-password" {...field('password')} />
        <TextField
          label="Confirm new password"
          type="password"
          required
          autoComplete="new-password"
          {...field('confirm_password')}
        />
        <PasswordRules password={password} />
        <Controller
          control={control}
          name="needs_password_reset"
          render={({ field: f }) => (
            <FormControlLabel
              control={<Checkbox checked={f.value} onChange={(e) => f.onChange(e.target.checked)} onBlur={f.onBlur} />}
              label="Require a new password at next sign-in"
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
