// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { configureAuth } from '@/api/client';
import { withSession } from './session-interceptor';

const signedInAs = (token: string | null) =>
  configureAuth(
    () => token,
    () => {},
  );

afterEach(() => signedInAs(null));

describe('the explorer request interceptor', () => {
  it("adds the session to the console's own service, as the console's requests carry it", () => {
    signedInAs('session-token');
    const request = withSession({ url: `${window.location.origin}/api/v2/self`, headers: { accept: '*/*' } });
    expect(request.headers).toEqual({ accept: '*/*', Authorization: 'Bearer session-token' });
  });

  it('sends nothing to another origin', () => {
    signedInAs('session-token');
    const request = withSession({ url: 'https://elsewhere.example/api/v2/self', headers: {} });
    expect(request.headers).toEqual({});
  });

  it('leaves an Authorization set in the explorer as it is, and adds none when signed out', () => {
    signedInAs('session-token');
    expect(withSession({ url: '/api/v2/self', headers: { authorization: 'bhesignature abc' } }).headers).toEqual({
      authorization: 'bhesignature abc',
    });
    signedInAs(null);
    expect(withSession({ url: '/api/v2/self', headers: {} }).headers).toEqual({});
  });
});
