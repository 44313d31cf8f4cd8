import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import LoginPage from '@/features/auth/routes/LoginPage';
import type { PageHandle } from '@/lib/area';
import { DocumentTitle } from './DocumentTitle';

/** The error page loads only when something failed (the sign-in page does not download it). */
const LazyRouteError = lazy(() => import('./RouteError').then((m) => ({ default: m.RouteError })));
const routeError = (
  <Suspense fallback={null}>
    <LazyRouteError />
  </Suspense>
);

const ROOT = 'root';

/**
 * The routes the first download knows: sign-in and the SSO return. Every other path belongs to the
 * signed-in routes (src/app/signed-in.tsx), patched in on the first navigation that needs them.
 */
export const routes: RouteObject[] = [
  {
    id: ROOT,
    // While the first page's code loads, show a spinner rather than a blank page (no read has
    // started yet: the shell's own LoadingState says when one is being tried again).
    hydrateFallbackElement: <LoadingSpinner label="Loading the console…" />,
    errorElement: routeError,
    // Every page's tab title, from its route handle.
    element: (
      <>
        <DocumentTitle />
        <Outlet />
      </>
    ),
    children: [
      { path: '/login', element: <LoginPage />, errorElement: routeError, handle: { title: 'Sign in' } satisfies PageHandle },
      {
        // Where the service sends the browser back after an SSO sign-in (the outcome is in the fragment).
        path: '/login/sso',
        lazy: async () => ({ Component: (await import('@/features/auth/routes/SsoReturnPage')).default }),
        errorElement: routeError,
        handle: { title: 'Signing in' } satisfies PageHandle,
      },
    ],
  },
];

/** The signed-in routes' module; started at once by main.tsx when the tab holds a session. */
export const loadSignedInRoutes = () => import('./signed-in');

export function createRouter() {
  let patched = false;
  return createBrowserRouter(routes, {
    async patchRoutesOnNavigation({ patch }) {
      if (patched) return;
      const { signedInRoutes } = await loadSignedInRoutes();
      if (patched) return;
      patched = true;
      patch(ROOT, signedInRoutes);
    },
  });
}
