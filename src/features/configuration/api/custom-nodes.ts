import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { customNodeOps } from '@/api/operations/custom-nodes';
import { queryKeys } from '@/api/query-keys';
import type { CustomNodeConfigInput } from '@/api/schemas/custom-nodes';

/** POST /api/v2/custom-nodes (reference CreateCustomNodes), one kind. */
export function createCustomNode({ kindName, config }: { kindName: string; config: CustomNodeConfigInput }) {
  return call(customNodeOps.createCustomNodes, { body: { custom_types: { [kindName]: config } } }).then((r) => r.data[0]!);
}

/** PUT /api/v2/custom-nodes/{kind_name} (reference UpdateCustomNode). */
export function updateCustomNode({ kindName, config }: { kindName: string; config: CustomNodeConfigInput }) {
  return call(customNodeOps.updateCustomNode, { params: { kind_name: kindName }, body: { config } }).then((r) => r.data);
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
