import { Outlet, type RouteObject } from 'react-router-dom';
import { lazyPage } from '@/lib/area';
import { pageLoader } from '@/lib/page-reads';
import { QueryLayer } from '@/lib/query-client';
import { areas } from './areas';
import { RequireAuth } from './RequireAuth';
import { RouteError } from './RouteError';

/**
 * Everything behind sign-in: the query layer, the signed-in shell and every area's routes. Loaded
 * with the first page behind sign-in (the router patches these routes in; see router.tsx), so the
 * sign-in page downloads none of it.
 */
export const signedInRoutes: RouteObject[] = [
  {
    id: 'signed-in',
    element: (
      <QueryLayer>
        <RequireAuth>
          <Outlet />
        </RequireAuth>
      </QueryLayer>
    ),
    errorElement: <RouteError />,
    children: [
      {
        // Who is signed in, and the edition, are asked for while the shell's code loads.
        lazy: async () => ({ Component: (await import('./AppShell')).AppShell }),
        loader: pageLoader([
          () => import('@/api/self').then((m) => m.selfQueryOptions()),
          () => import('@/api/version').then((m) => m.versionQueryOptions()),
        ]),
        shouldRevalidate: () => false,
        children: [
          {
            // Errors below here render inside the shell, so navigation stays usable.
            element: <Outlet />,
            errorElement: <RouteError inShell />,
            children: [
              ...areas.flatMap((a) => a.routes),
              { path: '*', ...lazyPage(() => import('./NotFoundPage'), undefined, { title: 'Page not found' }) },
            ],
          },
        ],
      },
    ],
  },
];
