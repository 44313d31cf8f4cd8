// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { Self } from '@/api/schemas/auth';
import { firstReadsOf, rememberFirstReads } from '@/lib/session';
import { call, signInSession, testMockServer, tokenFor } from '@/testing/mock-service';
import { firstReadsFor } from './first-reads';

async function selfOf(username: string): Promise<Self> {
  const mock = testMockServer();
  const res = await call(mock, 'GET', '/api/v2/self', { token: await tokenFor(mock, username) });
  return (res.body as { data: Self }).data;
}

describe('first reads of list pages', () => {
  afterEach(() => sessionStorage.clear());

  it('are the users and roles pages’ lists, and the lists they read beside them, for an administrator', async () => {
    expect(firstReadsFor(await selfOf('admin'))).toEqual({
      '/users': ['/api/v2/app-users', '/api/v2/roles', '/api/v2/sso-providers'],
      '/roles': ['/api/v2/roles', '/api/v2/app-users'],
    });
  });

  it('leave out what the person may not call (nothing is asked that would be refused)', async () => {
    // Read-Only may list roles but not users; Upload-Only neither.
    expect(firstReadsFor(await selfOf('reader'))).toEqual({ '/roles': ['/api/v2/roles'] });
    expect(firstReadsFor(await selfOf('uploader'))).toEqual({});
  });

  it('are kept with the session only, and read back by page path', async () => {
    rememberFirstReads({ '/users': ['/api/v2/app-users'] });
    expect(firstReadsOf('/users')).toEqual([]); // no session: nothing kept

    await signInSession(testMockServer(), 'admin');
    rememberFirstReads({ '/users': ['/api/v2/app-users', '/api/v2/roles'] });
    expect(firstReadsOf('/users')).toEqual(['/api/v2/app-users', '/api/v2/roles']);
    expect(firstReadsOf('/users/')).toEqual(['/api/v2/app-users', '/api/v2/roles']);
    expect(firstReadsOf('/roles')).toEqual([]);
    expect(firstReadsOf('/users/42')).toEqual([]);

    // A new sign-in replaces the session, and with it what was kept.
    await signInSession(testMockServer(), 'reader');
    expect(firstReadsOf('/users')).toEqual([]);
  });

  it('never hand out anything but an API path', async () => {
    await signInSession(testMockServer(), 'admin');
    rememberFirstReads({ '/users': ['https://elsewhere.example/steal', '/api/v2/roles'] });
    expect(firstReadsOf('/users')).toEqual(['/api/v2/roles']);
  });

  it('read a tab kept by an older console, one path per page, as that one path', async () => {
    await signInSession(testMockServer(), 'admin');
    const stored = JSON.parse(sessionStorage.getItem('admin-console.session')!);
    sessionStorage.setItem('admin-console.session', JSON.stringify({ ...stored, firstReads: { '/users': '/api/v2/app-users' } }));
    expect(firstReadsOf('/users')).toEqual(['/api/v2/app-users']);
  });
});
