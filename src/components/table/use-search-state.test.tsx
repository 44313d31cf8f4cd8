import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useSearchState, type SearchChange } from './use-search-state';

let update: ((change: SearchChange, options?: { replace?: boolean }) => void) | null = null;

function List() {
  const [params, set] = useSearchState();
  useEffect(() => {
    update = set;
  }, [set]);
  return <p>list {params.get('q') ?? ''}</p>;
}

const withQ = (q: string) => (p: URLSearchParams) => {
  const next = new URLSearchParams(p);
  next.set('q', q);
  return next;
};

describe('useSearchState', () => {
  it('writes changes that build on each other, and drops one that lands while the person is leaving the page', async () => {
    let release: () => void = () => {};
    const detailCode = new Promise<void>((resolve) => {
      release = resolve;
    });
    const router = createMemoryRouter(
      [
        { path: '/users', element: <List /> },
        {
          path: '/users/:id',
          lazy: async () => {
            await detailCode;
            return { Component: () => <p>detail</p> };
          },
        },
      ],
      { initialEntries: ['/users'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('list')).toBeInTheDocument();

    act(() => update!(withQ('ada'), { replace: true }));
    expect(await screen.findByText('list ada')).toBeInTheDocument();

    // A row's link is followed; its page's code is still loading when the debounced filter lands.
    act(() => void router.navigate('/users/7'));
    expect(router.state.navigation.state).toBe('loading');
    act(() => update!(withQ('adam'), { replace: true }));
    await act(async () => {
      release();
      await detailCode;
    });
    expect(await screen.findByText('detail')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users/7');

    // After the page has gone, a late change is dropped too.
    act(() => update!(withQ('late'), { replace: true }));
    expect(router.state.location.pathname).toBe('/users/7');
  });

  it('builds on a change another user of the hook made before this one re-rendered (a date typed, then a sort clicked)', async () => {
    const setters: Record<string, (change: SearchChange) => void> = {};
    function Part({ name }: { name: string }) {
      const [params, set] = useSearchState();
      useEffect(() => {
        setters[name] = set;
      }, [name, set]);
      return <p>{`${name} ${params.toString()}`}</p>;
    }
    const router = createMemoryRouter(
      [
        {
          path: '/audit',
          element: (
            <>
              <Part name="page" />
              <Part name="table" />
            </>
          ),
        },
      ],
      { initialEntries: ['/audit?status=success'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('table status=success')).toBeInTheDocument();
    const withParam = (key: string, value: string) => (p: URLSearchParams) => {
      const next = new URLSearchParams(p);
      next.set(key, value);
      return next;
    };
    act(() => {
      setters.page!(withParam('after', '2026-01-01'));
      setters.table!(withParam('sort_by', 'actor_name'));
    });
    expect(await screen.findByText('table status=success&after=2026-01-01&sort_by=actor_name')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=success&after=2026-01-01&sort_by=actor_name');
  });
});
