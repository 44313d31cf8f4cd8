import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import LoginPage from '@/features/auth/routes/LoginPage';

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
    children: [
      { path: '/login', element: <LoginPage />, errorElement: routeError },
      {
        // Where the service sends the browser back after an SSO sign-in (the outcome is in the fragment).
        path: '/login/sso',
        lazy: async () => ({ Component: (await import('@/features/auth/routes/SsoReturnPage')).default }),
        errorElement: routeError,
      },
    ],
  },
];

/** The signed-in routes' module; started at once by main.tsx when the tab holds a session. */
export const loadSignedInRoutes = () => import('./signed-in');

export function createRouter() {
  let patched = false;
  const router = createBrowserRouter(routes, {
    async patchRoutesOnNavigation({ patch }) {
      if (patched) return;
      const { signedInRoutes, firstPageShown } = await loadSignedInRoutes();
      if (patched) return;
      patched = true;
      // The signed-in pages' loaders wait a little for their first reads on the visit's first page only
      // (src/lib/prefetch.ts): not when the visit began at sign-in, nor once that first page is shown.
      if (router.state.initialized) firstPageShown();
      else {
        const stop = router.subscribe((state) => {
          if (!state.initialized) return;
          stop();
          firstPageShown();
        });
      }
      patch(ROOT, signedInRoutes);
    },
  });
  return router;
}
