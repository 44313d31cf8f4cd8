import Button from '@mui/material/Button';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { EmptyState } from '@/components/states';
import { PageHeader } from '@/components/PageHeader';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader title="Page not found" />
      <EmptyState
        title={`There is no page at ${pathname}`}
        action={
          <Button component={RouterLink} to="/" variant="contained">
            Go to the home page
          </Button>
        }
      >
        Check the address, or use the navigation to find what you were looking for.
      </EmptyState>
    </>
  );
}
