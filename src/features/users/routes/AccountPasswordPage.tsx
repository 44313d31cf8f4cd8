import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { safeNext } from '@/shared/safe-next';
import { FormTextField } from '@/components/form/FormTextField';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import { ErrorState, LoadingState } from '@/components/states';
import { useSelf } from '@/api/self';
import { useSetUserSecret } from '@/features/users/api/set-user-secret';
import { ownPasswordSchema, type OwnPasswordValues } from '@/features/users/password-form';
import { NewPasswordFields } from '@/features/users/components/PasswordRules';
import { passwordStateOf } from '@/features/users/components/user-display';

/**
 * /account/password?next=<path>: the signed-in user chooses a new password
 * (PUT secret on their own id, with the current one), then goes on to `next`.
 * Sign-in sends people here when their password has expired or an
 * administrator asked for a new one.
 */
export default function AccountPasswordPage() {
  const self = useSelf();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const rawNext = safeNext(params.get('next'));
  const next = rawNext.startsWith('/account/password') ? '/' : rawNext;
  const setSecret = useSetUserSecret();
  const { notify } = useNotice();
  const form = useForm<OwnPasswordValues>({
    resolver: zodResolver(ownPasswordSchema),
    defaultValues: { current_password: '', password: '', confirm_password: '' },
  });
  const { control } = form;
  const submit = useFormSubmit(
    form,
    (values: OwnPasswordValues) =>
      setSecret.mutateAsync({
        id: self.data!.id,
        body: { secret: values.password, current_secret: values.current_password, needs_password_reset: false },
      }),
    {
      fieldMap: { secret: 'password', current_secret: 'current_password' },
      onSuccess: () => {
        notify('Your new password is set.');
        navigate(next, { replace: true });
      },
      onSettled: setSecret.reset,
    },
  );

  if (self.isPending) return <LoadingState label="Loading your account…" />;
  if (self.isError)
    return <ErrorState error={self.error} title="Could not load your account" onRetry={() => void self.refetch()} />;

  const me = self.data;
  const state = passwordStateOf(me);
  const forced = state === 'expired';

  return (
    <>
      <PageHeader
        title={forced ? 'Choose a new password' : 'Change your password'}
        description={`Signed in as ${me.principal_name}`}
      />
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 560 }}>
        {state === 'sso' || state === 'none' ? (
          <Stack spacing={2}>
            <Alert severity="info">
              {state === 'sso'
                ? 'You sign in through an SSO provider, so there is no password to change here: change it with your identity provider.'
                : 'Your account has no password. Ask an administrator to set one.'}
            </Alert>
            <Box>
              <Button variant="contained" onClick={() => navigate(next, { replace: true })}>
                Continue
              </Button>
            </Box>
          </Stack>
        ) : (
          <Stack component="form" noValidate onSubmit={submit.onSubmit} spacing={2}>
            {forced && (
              <Alert severity="warning">
                Your password has expired or an administrator asked you to choose a new one. Choose it now to go on.
              </Alert>
            )}
            {submit.formError && (
              <Alert severity="error" role="alert">
                {submit.formError}
              </Alert>
            )}
            <FormTextField
              control={control}
              name="current_password"
              label="Current password"
              type="password"
              required
              autoFocus
              autoComplete="current-password"
            />
            <NewPasswordFields control={control} />
            <Typography variant="body2" color="text.secondary">
              Your sessions stay signed in. Use the new password from the next sign-in on.
            </Typography>
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" loading={submit.pending}>
                Set new password
              </Button>
              {!forced && (
                <Button onClick={() => navigate(next)} disabled={submit.pending}>
                  Cancel
                </Button>
              )}
            </Stack>
          </Stack>
        )}
      </Paper>
    </>
  );
}
