import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './call';
import { authOps } from './operations/auth';
import { queryKeys } from './query-keys';

/** GET /api/version (signed in, as upstream): API and server versions and the product edition. */
export function getVersion(signal?: AbortSignal) {
  return call(authOps.getApiVersion, { signal }).then((r) => r.data);
}

export const versionQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.version(), queryFn: ({ signal }) => getVersion(signal), staleTime: 5 * 60_000 });

export function useVersion() {
  return useQuery(versionQueryOptions());
}

/** True when the server says it is an enterprise edition (or does not say). */
export function useIsEnterprise(): boolean | undefined {
  const { data } = useVersion();
  if (!data) return undefined;
  return !data.product_edition || data.product_edition.toLowerCase() !== 'community';
}
