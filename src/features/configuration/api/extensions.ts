import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { extensionOps } from '@/api/operations/extensions';
import { queryKeys } from '@/api/query-keys';
import type { ExtensionSchemaInput } from '@/api/schemas/extensions';

/** GET /api/v2/extensions (reference ListExtensions): every extension, by display name. */
export function listExtensions(signal?: AbortSignal) {
  return call(extensionOps.listExtensions, { signal }).then((r) => r.data.extensions);
}

export const extensionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.extensions.list(), queryFn: ({ signal }) => listExtensions(signal) });

export const useExtensions = () => useQuery(extensionsQueryOptions());

/** GET /api/v2/extensions-edges (reference ListEdgeKinds): every relationship kind the extensions define. */
export function listEdgeKinds(signal?: AbortSignal) {
  return call(extensionOps.listEdgeKinds, { query: {}, signal }).then((r) => r.data);
}

export const edgeKindsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.extensions.edgeKinds(), queryFn: ({ signal }) => listEdgeKinds(signal) });

export const useEdgeKinds = () => useQuery(edgeKindsQueryOptions());

/** PUT /api/v2/extensions (reference UpsertOpenGraphExtension): creates the extension, or replaces the one of its name. */
export function upsertExtension(body: ExtensionSchemaInput) {
  return call(extensionOps.upsertOpenGraphExtension, { body }).then(() => undefined);
}

/** DELETE /api/v2/extensions/{extension_id} (reference DeleteExtension). */
export function deleteExtension(id: number) {
  return call(extensionOps.deleteExtension, { params: { extension_id: id } });
}

/** A change to the extensions changes their kinds: the lists, the custom node kinds and the graph's kinds are read again. */
function useExtensionMutation<V>(mutationFn: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.extensions.all() }),
        client.invalidateQueries({ queryKey: queryKeys.customNodes.list() }),
        client.invalidateQueries({ queryKey: queryKeys.cypher.allKinds() }),
      ]),
  });
}

export const useUpsertExtension = () => useExtensionMutation(upsertExtension);
export const useDeleteExtension = () => useExtensionMutation(deleteExtension);
