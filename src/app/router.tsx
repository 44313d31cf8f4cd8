import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { lazyPage } from './area';
import { areas } from './areas';
import { AppShell } from './AppShell';
import { RequireAuth } from './RequireAuth';
import { RouteError } from './RouteError';
import { LoadingState } from '../components/states';
import LoginPage from '../features/auth/routes/LoginPage';

export const routes: RouteObject[] = [
  {
    // While the first page's code loads, show a spinner rather than a blank page.
    hydrateFallbackElement: <LoadingState label="Loading the console…" />,
    children: [
      { path: '/login', element: <LoginPage />, errorElement: <RouteError /> },
      {
        element: (
          <RequireAuth>
            <AppShell />
          </RequireAuth>
        ),
        errorElement: <RouteError />,
        children: [
          {
            // Errors below here render inside the shell, so navigation stays usable.
            element: <Outlet />,
            errorElement: <RouteError />,
            children: [...areas.flatMap((a) => a.routes), { path: '*', ...lazyPage(() => import('./NotFoundPage')) }],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
