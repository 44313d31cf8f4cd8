import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { describeError, HttpError } from '../../../api/errors';
import { TextInput } from '../../../components/TextInput';
import { safeNext } from '../../../app/RequireAuth';
import { useSession, type EndReason } from '../../../app/session';
import { useLogin } from '../api/login';

/**
 * The sign-in form's rules are React Hook Form's own, not a zod schema: the sign-in
 * page is the one every visit starts from, and it does not load zod (the response
 * schema loads with the first request; see api/login.ts).
 */
interface Values {
  username: string;
  password: string;
  otp: string;
}
const rules = {
  username: { validate: (v: string) => v.trim() !== '' || 'Enter your username' },
  password: { validate: (v: string) => v !== '' || 'Enter your password' },
  otp: {
    validate: (v: string) => /^(\d{6})?$/.test(v.trim()) || 'Enter the 6-digit code from your authenticator app',
  },
} as const;

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
  } = useForm<Values>({ defaultValues: { username: '', password: '', otp: '' } });

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
        username: values.username.trim(),
        secret: values.password,
        otp: values.otp.trim() || undefined,
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

  const otpField = register('otp', rules.otp);
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
          <TextInput
            label="Username"
            autoComplete="username"
            autoFocus
            required
            {...register('username', rules.username)}
            error={!!errors.username}
            helperText={errors.username?.message}
          />
          <TextInput
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            {...register('password', rules.password)}
            error={!!errors.password}
            helperText={errors.password?.message}
          />
          {needsOtp && (
            <TextInput
              label="One-time code"
              autoComplete="one-time-code"
              required
              {...otpField}
              ref={(el: HTMLInputElement | null) => {
                otpField.ref(el);
                otpRef.current = el;
              }}
              htmlInput={{ inputMode: 'numeric', maxLength: 6 }}
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
