import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';

/**
 * Renders `element` at `path` inside the console's providers (query client,
 * theme, session) and a memory router. Pair with routeFetchTo() to talk to an
 * in-process mock service.
 */
export function renderWithProviders(
  element: ReactElement,
  { path = '/', routePath = '/', extraRoutes = [] }: { path?: string; routePath?: string; extraRoutes?: RouteObject[] } = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, staleTime: 0 }, mutations: { retry: false } });
  const router = createMemoryRouter([{ path: routePath, element }, ...extraRoutes], { initialEntries: [path] });
  const result = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return Object.assign(result, { router });
}
