// @vitest-environment jsdom
import { queryOptions, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider, type LoaderFunctionArgs } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureAuth } from '@/api/client';
import { adminOps } from '@/api/operations/admin';
import { authOps } from '@/api/operations/auth';
import { queryKeys } from '@/api/query-keys';
import { rolesQueryOptions } from '@/api/roles';
import { lazyPage, page } from './area';
import { pageLoader, useShellShown } from './page-reads';
import { appQueryClient, clearAppQueries } from './query-client';
import { routeFetchTo, testMockServer, tokenFor } from '@/testing/mock-service';

let signedIn = true;
vi.mock('./session', () => ({ hasSessionToken: () => signedIn }));

const args = { request: new Request('http://mock.test/roles'), params: {} } as LoaderFunctionArgs;
let restore: () => void = () => undefined;
let requests: string[] = [];

/** Signs `username` in for the API client and counts the requests that reach the mock. */
async function as(username: string) {
  const mock = testMockServer();
  const token = await tokenFor(mock, username);
  configureAuth(
    () => token,
    () => undefined,
  );
  restore = routeFetchTo(mock);
  const routed = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(
      new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://mock.test').pathname,
    );
    return routed(input, init);
  }) as typeof fetch;
}

beforeEach(() => {
  signedIn = true;
  requests = [];
});
afterEach(() => {
  restore();
  clearAppQueries();
});

describe('pageLoader', () => {
  it("starts the page's query in the console's query client, and waits for a quick answer", async () => {
    await as('admin');
    await expect(pageLoader([async () => rolesQueryOptions()])(args)).resolves.toBeNull();
    expect(appQueryClient().getQueryState(queryKeys.roles.list())?.status).toBe('success');
    expect(requests.filter((p) => p === '/api/v2/roles')).toHaveLength(1);
  });

  it('once the shell is shown, waits for nothing: a read still on its way is left to the page (its loading state)', async () => {
    await as('admin');
    function Shell() {
      useShellShown();
      return null;
    }
    const shell = render(<Shell />);
    const slow = queryOptions({ queryKey: ['slow'], queryFn: () => new Promise<number>(() => undefined) });
    await expect(pageLoader([async () => slow])(args)).resolves.toBeNull();
    await vi.waitFor(() => expect(appQueryClient().getQueryState(['slow'])?.fetchStatus).toBe('fetching'));
    shell.unmount();
  });

  it('before the shell is shown (the first page behind sign-in), waits for its reads however long they take', async () => {
    await as('admin');
    let answer: (n: number) => void = () => undefined;
    const slow = queryOptions({ queryKey: ['slow-first'], queryFn: () => new Promise<number>((resolve) => (answer = resolve)) });
    let done = false;
    const loaded = Promise.resolve(pageLoader([async () => slow])(args)).then(() => (done = true));
    await vi.waitFor(() => expect(appQueryClient().getQueryState(['slow-first'])?.fetchStatus).toBe('fetching'));
    expect(done).toBe(false);
    answer(7);
    await loaded;
    expect(appQueryClient().getQueryData(['slow-first'])).toBe(7);
  });

  it('starts nothing without a session', async () => {
    await as('admin');
    signedIn = false;
    await pageLoader([async () => rolesQueryOptions()])(args);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(appQueryClient().getQueryState(queryKeys.roles.list())).toBeUndefined();
    expect(requests).toEqual([]);
  });

  it('asks nothing the declarations say this person would be refused (a page gate, or one read of several)', async () => {
    await as('reader');
    pageLoader([async () => rolesQueryOptions()], adminOps.deleteBloodHoundDatabase)(args);
    pageLoader([[adminOps.deleteBloodHoundDatabase, async () => rolesQueryOptions()]])(args);
    await vi.waitFor(() => expect(requests).toContain('/api/v2/self'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests.filter((p) => p !== '/api/v2/self')).toEqual([]);
  });
});

describe('a lazy page with reads', () => {
  const countOptions = (n: number) => queryOptions({ queryKey: ['test-count', n], queryFn: () => fetchCount(n) });
  const fetchCount = vi.fn(async (n: number) => n * 10);

  function CountPage({ n }: { n: number }) {
    const count = useQuery(countOptions(n));
    return <p>{count.isPending ? 'Loading…' : `Count ${count.data}`}</p>;
  }

  it('has the page find its read in the cache: started once, as the route matches, and reused on coming back', async () => {
    fetchCount.mockClear();
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <Link to="/one">One</Link> <Link to="/other">Other</Link>
              <Outlet />
            </>
          ),
          children: [
            { path: 'other', element: <p>Other page</p> },
            {
              path: 'one',
              ...lazyPage(
                async () => ({ default: () => <CountPage n={1} /> }),
                [async () => countOptions(1)],
                page('One', authOps.listRoles),
              ),
            },
          ],
        },
      ],
      { initialEntries: ['/other'] },
    );
    await as('admin');
    render(
      <QueryClientProvider client={appQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await act(() => router.navigate('/one'));
    expect(await screen.findByText('Count 10')).toBeInTheDocument();
    expect(fetchCount).toHaveBeenCalledTimes(1);
    await act(() => router.navigate('/other'));
    await act(() => router.navigate('/one'));
    expect(screen.getByText('Count 10')).toBeInTheDocument();
    expect(fetchCount).toHaveBeenCalledTimes(1);
  });
});
