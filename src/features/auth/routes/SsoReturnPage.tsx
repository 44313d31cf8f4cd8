import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoadingState } from '@/components/states';
import { useSession } from '@/lib/session';
import { parseSsoReturn } from '@/features/auth/sso-return';

/**
 * `/login/sso`: where the service sends the browser back after an SSO sign-in. The
 * outcome is in the fragment (never sent to a server); it is read once, taken out of
 * the address (replaced, so Back and the history never hold the token), and the
 * person lands on the page they wanted, or on the sign-in page saying what failed.
 */
export default function SsoReturnPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const outcome = parseSsoReturn(window.location.hash);
    if (outcome.kind === 'signed-in') {
      signIn(outcome.token, outcome.userId);
      navigate(outcome.next, { replace: true });
    } else {
      navigate(`/login?next=${encodeURIComponent(outcome.next)}`, { replace: true, state: { ssoFailure: outcome.failure } });
    }
  }, [signIn, navigate]);

  return <LoadingState label="Signing you in…" />;
}
