import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { describeError, HttpError } from '../../../api/errors';
import { safeNext } from '../../../app/RequireAuth';
import { useSession, type EndReason } from '../../../app/session';
import { useLogin } from '../api/login';

const schema = z.object({
  username: z.string().trim().min(1, 'Enter your username'),
  password: z.string().min(1, 'Enter your password'),
  otp: z
    .string()
    .trim()
    .regex(/^(\d{6})?$/, 'Enter the 6-digit code from your authenticator app'),
});
type Values = z.infer<typeof schema>;

const END_MESSAGES: Record<EndReason, string> = {
  'signed-out': 'You have signed out.',
  expired: 'Your session expired. Sign in again to continue.',
  unauthorized: 'Your session is no longer valid. Sign in again to continue.',
};

export default function LoginPage() {
  const { session, signIn, endReason } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(params.get('next'));
  const login = useLogin();
  const [needsOtp, setNeedsOtp] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  /** When sign-in is throttled (429): the time it may be tried again, counted down on the page. */
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (retryAt === null) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= retryAt) setRetryAt(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [retryAt]);
  const waitSeconds = retryAt === null ? 0 : Math.max(0, Math.ceil((retryAt - now) / 1000));
  const otpRef = useRef<HTMLInputElement | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { username: '', password: '', otp: '' } });

  useEffect(() => {
    if (needsOtp) otpRef.current?.focus();
  }, [needsOtp]);

  useEffect(() => {
    document.title = 'Sign in · Admin Console';
  }, []);

  // Already signed in when the page opened: go on. After a sign-in here, onSubmit navigates
  // (to the password page when the server says the password expired), so this must not race it.
  if (session && login.isIdle) return <Navigate to={next} replace />;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (needsOtp && !values.otp) {
      setFormError('Enter the 6-digit code from your authenticator app.');
      return;
    }
    try {
      const result = await login.mutateAsync({
        username: values.username,
        secret: values.password,
        otp: values.otp || undefined,
      });
      signIn(result.data.session_token, result.data.user_id);
      navigate(result.data.auth_expired ? `/account/password?next=${encodeURIComponent(next)}` : next, { replace: true });
    } catch (error) {
      if (error instanceof HttpError && error.fieldErrors.otp) {
        setNeedsOtp(true);
        setValue('otp', '');
        setFormError(error.status === 400 ? null : error.fieldErrors.otp);
        return;
      }
      if (error instanceof HttpError && error.status === 429) {
        const seconds = error.retryAfterSeconds ?? 30;
        setNow(Date.now());
        setRetryAt(Date.now() + seconds * 1000);
        setFormError(null);
        return;
      }
      if (error instanceof HttpError && error.status === 401) {
        setValue('password', '');
        setFocus('password');
      }
      setFormError(describeError(error));
    }
  });

  const otpField = register('otp');
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper sx={{ p: 4, width: '100%', maxWidth: 400 }}>
        <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
          <Box>
            <Typography variant="h1">Sign in</Typography>
            <Typography color="text.secondary">Admin Console</Typography>
          </Box>
          {endReason && !formError && (
            <Alert severity={endReason === 'signed-out' ? 'info' : 'warning'}>{END_MESSAGES[endReason]}</Alert>
          )}
          {formError && (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          )}
          {waitSeconds > 0 && (
            <Alert severity="warning" role="alert">
              Too many failed sign-ins. Try again in {waitSeconds} second{waitSeconds === 1 ? '' : 's'}.
            </Alert>
          )}
          <TextField
            label="Username"
            autoComplete="username"
            autoFocus
            required
            {...register('username')}
            error={!!errors.username}
            helperText={errors.username?.message}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            {...register('password')}
            error={!!errors.password}
            helperText={errors.password?.message}
          />
          {needsOtp && (
            <TextField
              label="One-time code"
              autoComplete="one-time-code"
              required
              {...otpField}
              inputRef={(el: HTMLInputElement | null) => {
                otpField.ref(el);
                otpRef.current = el;
              }}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
              error={!!errors.otp}
              helperText={
                errors.otp?.message ?? 'Multi-factor authentication is on for this account: enter the code from your app.'
              }
            />
          )}
          <Button type="submit" variant="contained" size="large" loading={login.isPending} disabled={waitSeconds > 0}>
            Sign in
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
