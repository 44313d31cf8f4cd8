import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { lazyPage } from '@/lib/area';
import { areas } from './areas';
import { RequireAuth } from './RequireAuth';
import { RouteError } from './RouteError';
import { LoadingState } from '@/components/states';
import { prefetchOnEnter } from '@/lib/prefetch';
import LoginPage from '@/features/auth/routes/LoginPage';

export const routes: RouteObject[] = [
  {
    // While the first page's code loads, show a spinner rather than a blank page.
    hydrateFallbackElement: <LoadingState label="Loading the console…" />,
    children: [
      { path: '/login', element: <LoginPage />, errorElement: <RouteError /> },
      {
        // Where the service sends the browser back after an SSO sign-in (the outcome is in the fragment).
        path: '/login/sso',
        lazy: async () => ({ Component: (await import('@/features/auth/routes/SsoReturnPage')).default }),
        errorElement: <RouteError />,
      },
      {
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        errorElement: <RouteError />,
        children: [
          {
            // The signed-in shell loads with the first page behind sign-in, so the
            // sign-in page downloads none of it. Who is signed in, and the edition,
            // are asked for while its code loads.
            lazy: async () => ({ Component: (await import('./AppShell')).AppShell }),
            ...prefetchOnEnter(async (client) => {
              const [self, version] = await Promise.all([import('@/api/self'), import('@/api/version')]);
              await Promise.all([
                client.prefetchQuery(self.selfQueryOptions()),
                client.prefetchQuery(version.versionQueryOptions()),
              ]);
            }),
            children: [
              {
                // Errors below here render inside the shell, so navigation stays usable.
                element: <Outlet />,
                errorElement: <RouteError inShell />,
                children: [...areas.flatMap((a) => a.routes), { path: '*', ...lazyPage(() => import('./NotFoundPage')) }],
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
