import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { describeError, HttpError } from '@/api/errors';
import { FormTextInput } from '@/components/form/FormTextInput';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { safeNext } from '@/shared/safe-next';
import { useSession, type EndReason } from '@/lib/session';
import { useLogin } from '@/features/auth/api/login';
import type { SsoFailure } from '@/features/auth/sso-return';
import { plural } from '@/shared/words';

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
  // Asked for (and so shown) only once the server said the account has MFA on.
  otp: { validate: (v: string) => /^\d{6}$/.test(v.trim()) || 'Enter the 6-digit code from your authenticator app' },
} as const;

/** SSO (the buttons and their query, the failure sentences) loads after the form, so the page every visit starts from stays small. */
const ssoModule = () => import('@/features/auth/components/SsoSignInButtons');
const SsoSignInButtons = lazy(() => ssoModule().then((m) => ({ default: m.SsoSignInButtons })));
const SsoFailureAlert = lazy(() => ssoModule().then((m) => ({ default: m.SsoFailureAlert })));

/**
 * MUI's Alert (with its icons) loads when the page first has something to say, so the page every visit starts
 * from stays within its size budget.
 */
const Alert = lazy(() => import('@mui/material/Alert'));

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
  /** A failed SSO sign-in, handed over by the return page (SsoReturnPage). */
  const ssoFailure = (useLocation().state as { ssoFailure?: SsoFailure } | null)?.ssoFailure;
  const login = useLogin();
  const [needsOtp, setNeedsOtp] = useState(false);
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
  const form = useForm<Values>({ defaultValues: { username: '', password: '', otp: '' } });
  const { control, setValue, setFocus } = form;
  const { onSubmit, formError } = useFormSubmit(
    form,
    (values: Values) =>
      login.mutateAsync({ username: values.username.trim(), secret: values.password, otp: values.otp.trim() || undefined }),
    {
      onSuccess: (result) => {
        signIn(result.data.session_token, result.data.user_id);
        navigate(result.data.auth_expired ? `/account/password?next=${encodeURIComponent(next)}` : next, { replace: true });
      },
      onError: (error) => {
        if (error instanceof HttpError && error.fieldErrors.otp) {
          setNeedsOtp(true);
          setValue('otp', '');
          return error.status === 400 ? null : error.fieldErrors.otp;
        }
        if (error instanceof HttpError && error.status === 429) {
          const seconds = error.retryAfterSeconds ?? 30;
          setNow(Date.now());
          setRetryAt(Date.now() + seconds * 1000);
          return null;
        }
        if (error instanceof HttpError && error.status === 401) {
          setValue('password', '');
          setFocus('password');
        }
        return describeError(error);
      },
    },
  );

  useEffect(() => {
    if (needsOtp) setFocus('otp');
  }, [needsOtp, setFocus]);

  // Already signed in when the page opened: go on. After a sign-in here, onSubmit navigates
  // (to the password page when the server says the password expired), so this must not race it.
  if (session && login.isIdle) return <Navigate to={next} replace />;

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper sx={{ p: 4, width: '100%', maxWidth: 400 }}>
        {/* A Box, not a Stack: the sign-in page's bundle goes without Stack's responsive machinery. */}
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box>
            <Typography variant="h1">Sign in</Typography>
            <Typography color="text.secondary">Admin Console</Typography>
          </Box>
          <Suspense fallback={null}>
            {ssoFailure && !formError && <SsoFailureAlert failure={ssoFailure} />}
            {endReason && !formError && !ssoFailure && (
              <Alert severity={endReason === 'signed-out' ? 'info' : 'warning'}>{END_MESSAGES[endReason]}</Alert>
            )}
            {formError && (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            )}
            {waitSeconds > 0 && (
              <Alert severity="warning" role="alert">
                Too many failed sign-ins. Try again in {plural(waitSeconds, 'second')}.
              </Alert>
            )}
          </Suspense>
          <FormTextInput
            control={control}
            name="username"
            rules={rules.username}
            label="Username"
            autoComplete="username"
            autoFocus
            required
          />
          <FormTextInput
            control={control}
            name="password"
            rules={rules.password}
            label="Password"
            type="password"
            autoComplete="current-password"
            required
          />
          {needsOtp && (
            <FormTextInput
              control={control}
              name="otp"
              rules={rules.otp}
              label="One-time code"
              autoComplete="one-time-code"
              required
              htmlInput={{ inputMode: 'numeric', maxLength: 6 }}
              helperText="Multi-factor authentication is on for this account: enter the code from your app."
            />
          )}
          <Button type="submit" variant="contained" size="large" loading={login.isPending} disabled={waitSeconds > 0}>
            Sign in
          </Button>
        </Box>
        <Suspense fallback={null}>
          <SsoSignInButtons next={next} />
        </Suspense>
      </Paper>
    </Box>
  );
}
