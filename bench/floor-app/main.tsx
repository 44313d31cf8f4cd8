/**
 * The floor app of `npm run bench first-page`: the console's stack (React, MUI, React Router, TanStack
 * Query, React Hook Form, Zod) in one bundle, doing the least the users page does before its first row:
 * read the tab's session token, fetch the users list from the same mock, parse it with the same schema,
 * render one table cell. What the console takes beyond this is its own doing.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { CssBaseline, Table, TableBody, TableCell, TableRow, TextField, ThemeProvider, createTheme } from '@mui/material';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useForm } from 'react-hook-form';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { z } from 'zod';
import { usersListResponse } from '../../src/api/schemas/users';

const token = (JSON.parse(sessionStorage.getItem('admin-console.session') ?? '{}') as { token?: string }).token;

async function listUsers() {
  const res = await fetch('/api/v2/app-users', { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return usersListResponse.parse(await res.json()).data.users;
}

const search = z.object({ q: z.string().max(100) });

function UsersCell() {
  const users = useQuery({ queryKey: ['users'], queryFn: listUsers });
  const form = useForm({ resolver: zodResolver(search), defaultValues: { q: '' } });
  return (
    <>
      <TextField label="Search" size="small" {...form.register('q')} />
      <Table aria-label="Users">
        <TableBody>
          {users.data?.[0] && (
            <TableRow>
              <TableCell>{users.data[0].principal_name}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </>
  );
}

const router = createBrowserRouter([{ path: '*', element: <UsersCell /> }]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={new QueryClient()}>
      <ThemeProvider theme={createTheme()}>
        <CssBaseline />
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>
  </StrictMode>,
);
