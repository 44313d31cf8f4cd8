import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router-dom';
import { ErrorState } from '@/components/states';
import { PageHeader } from '@/components/PageHeader';

/**
 * Shown when a page throws or its code fails to load: what failed, and a retry.
 * `inShell`: rendered inside the signed-in shell, whose own `main` landmark holds it.
 */
export function RouteError({ inShell = false }: { inShell?: boolean }) {
  const error = useRouteError();
  const navigate = useNavigate();
  const chunkFailed =
    error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
  const shown = isRouteErrorResponse(error)
    ? new Error(`${error.status} ${error.statusText}`)
    : chunkFailed
      ? new Error('This page could not be loaded; the console may have been updated. Reload to get the latest version.')
      : error;
  return (
    <Box component={inShell ? 'div' : 'main'} sx={{ p: inShell ? 0 : 3, maxWidth: 720 }}>
      <PageHeader title="Something went wrong" description="This page failed. The rest of the console still works." />
      <ErrorState error={shown} title="The page failed" />
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
        <Button onClick={() => navigate('/')}>Go to the home page</Button>
      </Stack>
    </Box>
  );
}
