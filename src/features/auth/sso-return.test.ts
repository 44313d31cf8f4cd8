import { describe, expect, it } from 'vitest';
import { providerSignInHref } from '@/features/auth/api/sign-in-providers';
import { parseSsoReturn, ssoFailureMessage } from '@/features/auth/sso-return';

describe('parseSsoReturn', () => {
  it('reads a session and a safe next page', () => {
    expect(parseSsoReturn('#token=a.b.c&user_id=u1&next=%2Fusers%3Fpage%3D2')).toEqual({
      kind: 'signed-in',
      token: 'a.b.c',
      userId: 'u1',
      next: '/users?page=2',
    });
    expect(parseSsoReturn('#token=a.b.c&user_id=u1&next=https%3A%2F%2Fevil.example').next).toBe('/');
  });

  it('reads a failure, with its text bounded to one line', () => {
    const back = parseSsoReturn(`#error=no_account&provider=entra-id&email=a%0Ab%40x.com${'x'.repeat(300)}&next=%2F`);
    expect(back.kind).toBe('failed');
    if (back.kind !== 'failed') return;
    expect(back.failure.email).toHaveLength(254);
    expect(back.failure.email!.startsWith('ab@x.com')).toBe(true);
    expect(parseSsoReturn('').kind).toBe('failed');
  });
});

describe('ssoFailureMessage', () => {
  it('says why in a plain sentence', () => {
    expect(ssoFailureMessage({ error: 'account_disabled' })).toBe('Your account is disabled. Ask an administrator to enable it.');
    expect(ssoFailureMessage({ error: 'no_account', provider: 'entra-id', email: 'n@example.com' })).toBe(
      'No account exists for n@example.com, and entra-id does not create accounts. Ask an administrator to add you.',
    );
    expect(ssoFailureMessage({ error: 'provider_gone' })).toMatch(/^That SSO provider no longer exists/);
    expect(ssoFailureMessage({ error: 'whatever' })).toBe('The SSO sign-in did not complete. Try again.');
  });
});

describe('providerSignInHref', () => {
  it('adds the page wanted to an http(s) login URI and refuses any other scheme', () => {
    expect(providerSignInHref('http://x.test/api/v2/sso/okta/login', '/users?page=2', 'http://x.test/')).toBe(
      'http://x.test/api/v2/sso/okta/login?next=%2Fusers%3Fpage%3D2',
    );
    expect(providerSignInHref('/api/v2/sso/okta/login', '/', 'http://x.test/login')).toBe(
      'http://x.test/api/v2/sso/okta/login?next=%2F',
    );
    expect(providerSignInHref('javascript:alert(1)', '/', 'http://x.test/')).toBeNull();
  });
});
