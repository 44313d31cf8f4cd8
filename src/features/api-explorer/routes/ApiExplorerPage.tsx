import { lazy, Suspense } from 'react';
import { PageHeader } from '@/components/PageHeader';
import { ErrorState, LoadingState } from '@/components/states';
import { useApiSpec } from '../api/get-spec';

/** Swagger UI and its CSS, in their own chunk. */
const SwaggerView = lazy(() => import('../components/SwaggerView'));

const TITLE = 'API explorer';

export default function ApiExplorerPage() {
  const spec = useApiSpec();
  return (
    <>
      <PageHeader
        title={TITLE}
        description={`Every operation of this service, with its parameters, bodies, answers and the permission it needs. "Try it out" sends the request as you, with your session.`}
      />
      {spec.isPending ? (
        <LoadingState label="Loading the API document…" />
      ) : spec.isError ? (
        <ErrorState error={spec.error} title="Could not load the API document" onRetry={() => void spec.refetch()} />
      ) : (
        <Suspense fallback={<LoadingState label="Loading the API explorer…" />}>
          <SwaggerView spec={spec.data} />
        </Suspense>
      )}
    </>
  );
}
