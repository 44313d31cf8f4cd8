/** What the custom-nodes area keeps in DbState: each custom node kind's icon and colour. */
import type { CustomNode, CustomNodeConfigInput } from '../../../api/schemas/custom-nodes';
import type { BaseStored } from '../../store/db';

export interface StoredCustomNode extends BaseStored {
  id: number;
  kind_name: string;
  config: CustomNodeConfigInput;
}

/** What this part of the mock keeps in the state (one part of DbState, store/db.ts). */
export interface CustomNodesState {
  customNodes: StoredCustomNode[];
}

export function toCustomNodeRecord(n: StoredCustomNode): CustomNode {
  return { id: n.id, kindName: n.kind_name, config: { icon: { ...n.config.icon } } };
}
