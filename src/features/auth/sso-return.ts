import { safeNext } from '@/shared/safe-next';

/**
 * What the service hands back after an SSO sign-in, in the fragment of `/login/sso`
 * (src/mock-server/areas/sso/idp.ts): `token`, `user_id` and `next`, or `error`
 * with `provider` and `email` for the sentence.
 */
export type SsoReturn =
  { kind: 'signed-in'; token: string; userId: string; next: string } | { kind: 'failed'; failure: SsoFailure; next: string };

export interface SsoFailure {
  error: string;
  provider?: string;
  email?: string;
}

/** Text from the fragment as it may be shown: bounded, one line (anyone can write a link with a fragment). */
function shown(value: string | null, max: number): string | undefined {
  const text = value?.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return text ? text.slice(0, max) : undefined;
}

export function parseSsoReturn(hash: string): SsoReturn {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const next = safeNext(params.get('next'));
  const token = params.get('token');
  const userId = params.get('user_id');
  if (token && userId && !params.get('error')) return { kind: 'signed-in', token, userId, next };
  return {
    kind: 'failed',
    next,
    failure: {
      error: params.get('error') ?? 'unknown',
      provider: shown(params.get('provider'), 100),
      email: shown(params.get('email'), 254),
    },
  };
}

/** The sentence the sign-in page shows for a failed SSO sign-in. */
export function ssoFailureMessage({ error, provider, email }: SsoFailure): string {
  const via = provider ?? 'the SSO provider';
  switch (error) {
    case 'account_disabled':
      return 'Your account is disabled. Ask an administrator to enable it.';
    case 'no_account':
      return `No account exists for ${email ?? 'that address'}, and ${via} does not create accounts. Ask an administrator to add you.`;
    case 'invalid_email':
      return `${via} can create an account only for a full e-mail address (at most 100 characters), not "${email ?? ''}".`;
    case 'other_provider':
      return `Your account does not sign in through ${via}. Sign in with your password or through the provider your administrator set up for you.`;
    case 'provisioning_failed':
      return `${via} could not create your account: its default role no longer exists. Ask an administrator to choose one.`;
    case 'provider_gone':
      return 'That SSO provider no longer exists. Sign in another way, or ask an administrator.';
    case 'bad_state':
      return 'The SSO sign-in expired or was not started from this console. Try again.';
    default:
      return 'The SSO sign-in did not complete. Try again.';
  }
}
