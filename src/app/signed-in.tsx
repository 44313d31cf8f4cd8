import { Outlet, type RouteObject } from 'react-router-dom';
import { lazyPage } from '@/lib/area';
import { prefetchOnEnter, setPrefetchClient } from '@/lib/prefetch';
import { appQueryClient, QueryLayer } from '@/lib/query-client';
import { areas } from './areas';
import { RequireAuth } from './RequireAuth';
import { RouteError } from './RouteError';

/** For the router: the visit's first page is shown, later pages' loaders never wait (see src/lib/prefetch.ts). */
export { firstPageShown } from '@/lib/prefetch';

/**
 * Everything behind sign-in: the query layer, the signed-in shell and every area's routes. Loaded
 * with the first page behind sign-in (the router patches these routes in; see router.tsx), so the
 * sign-in page downloads none of it.
 */
setPrefetchClient(appQueryClient());

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
        // Who is signed in, and the edition, are asked for while the shell's code loads
        // (the requests themselves start at start-up; see main.tsx).
        lazy: async () => ({ Component: (await import('./AppShell')).AppShell }),
        ...prefetchOnEnter(async (client) => {
          const [self, version] = await Promise.all([import('@/api/self'), import('@/api/version')]);
          await Promise.all([client.prefetchQuery(self.selfQueryOptions()), client.prefetchQuery(version.versionQueryOptions())]);
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
];
