import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { customNodeResponse, customNodesResponse, type CustomNodeConfigInput } from '@/api/schemas/custom-nodes';

const path = (kindName: string) => `/api/v2/custom-nodes/${encodeURIComponent(kindName)}`;

/** POST /api/v2/custom-nodes (reference CreateCustomNodes), one kind. */
export function createCustomNode({ kindName, config }: { kindName: string; config: CustomNodeConfigInput }) {
  return apiRequest({
    operation: 'Create custom node kind',
    method: 'POST',
    path: '/api/v2/custom-nodes',
    json: { custom_types: { [kindName]: config } },
    schema: customNodesResponse,
  }).then((r) => r.data[0]!);
}

/** PUT /api/v2/custom-nodes/{kind_name} (reference UpdateCustomNode). */
export function updateCustomNode({ kindName, config }: { kindName: string; config: CustomNodeConfigInput }) {
  return apiRequest({
    operation: 'Update custom node kind',
    method: 'PUT',
    path: path(kindName),
    json: { config },
    schema: customNodeResponse,
  }).then((r) => r.data);
}

/** DELETE /api/v2/custom-nodes/{kind_name} (reference DeleteCustomNode). */
export function deleteCustomNode(kindName: string) {
  return apiRequest({ operation: 'Delete custom node kind', method: 'DELETE', path: path(kindName) });
}

/** A change to the kinds: the list (the page's and the Cypher graph's) is read again. */
function useCustomNodeMutation<V, R>(mutationFn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.customNodes.list() }),
  });
}

export const useCreateCustomNode = () => useCustomNodeMutation(createCustomNode);
export const useUpdateCustomNode = () => useCustomNodeMutation(updateCustomNode);
export const useDeleteCustomNode = () => useCustomNodeMutation(deleteCustomNode);
