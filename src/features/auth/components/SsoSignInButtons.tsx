import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { QueryLayer } from '@/lib/query-client';
import { providerSignInHref, useSignInProviders } from '@/features/auth/api/sign-in-providers';
import { ssoFailureMessage, type SsoFailure } from '@/features/auth/sso-return';

/** Why the SSO sign-in just tried gave no session, in a sentence. */
export function SsoFailureAlert({ failure }: { failure: SsoFailure }) {
  return (
    <Alert severity="error" role="alert">
      {ssoFailureMessage(failure)}
    </Alert>
  );
}

/**
 * "Sign in with <provider>", one per SSO provider of the public list: links (the browser goes to
 * the provider's login URI, with the page wanted after signing in). Nothing while the list loads,
 * when there is no provider, or when the list fails: the password form always works.
 */
export function SsoSignInButtons({ next }: { next: string }) {
  // The sign-in page has no query layer of its own (it stays small): the buttons bring it.
  return (
    <QueryLayer>
      <ProviderLinks next={next} />
    </QueryLayer>
  );
}

function ProviderLinks({ next }: { next: string }) {
  const providers = useSignInProviders();
  const links = (providers.data ?? [])
    .map((p) => ({ id: p.id, name: p.name, href: providerSignInHref(p.login_uri, next) }))
    .filter((p): p is { id: number; name: string; href: string } => p.href !== null);
  if (links.length === 0) return null;
  return (
    <Stack spacing={1.5} component="nav" aria-label="Single sign-on" sx={{ mt: 2 }}>
      <Divider>or</Divider>
      {links.map((p) => (
        <Button key={p.id} variant="outlined" size="large" href={p.href}>
          Sign in with {p.name}
        </Button>
      ))}
    </Stack>
  );
}
