/**
 * `next` (the page to open after signing in) when it is a path of this console, never another
 * origin or the sign-in pages themselves; anything else is `/`. The console and the mock's SSO
 * sign-in (which carries `next` through the identity provider) both use it.
 */
export function safeNext(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\') || raw.startsWith('/login')) return '/';
  // No control characters or whitespace: a path of this console never has them, and they must not reach a header.
  if (/[\s\p{Cc}]/u.test(raw)) return '/';
  return raw;
}
