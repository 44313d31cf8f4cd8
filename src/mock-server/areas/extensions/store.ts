/** What the extensions area keeps in DbState: each OpenGraph extension with the kinds it defines. */
import type {
  ExtensionDetails,
  ExtensionEnvironmentInput,
  ExtensionInfo,
  KindInfo,
  NodeKindDetail,
  RelationshipKindDetail,
} from '../../../api/schemas/extensions';
import type { BaseStored, DbState } from '../../store/db';

export interface StoredNodeKind {
  id: number;
  name: string;
  display_name: string;
  description: string;
  is_display_kind: boolean;
  icon: string;
  color: string;
  info: Record<string, KindInfo>;
}

export interface StoredRelationshipKind {
  id: number;
  name: string;
  description: string;
  is_traversable: boolean;
  info: Record<string, KindInfo>;
}

export interface StoredFinding {
  name: string;
  display_name: string;
  relationship_kind: string;
  environment_kind: string;
  remediation: Record<string, string | undefined>;
}

export interface StoredExtension extends BaseStored {
  id: number;
  name: string;
  display_name: string;
  version: string;
  namespace: string;
  is_builtin: boolean;
  node_kinds: StoredNodeKind[];
  relationship_kinds: StoredRelationshipKind[];
  environments: ExtensionEnvironmentInput[];
  relationship_findings: StoredFinding[];
}

/** What this part of the mock keeps in the state (one part of DbState, store/db.ts). */
export interface ExtensionsState {
  extensions: StoredExtension[];
}

export const extensionsOf = (state: DbState): StoredExtension[] => state.extensions ?? [];

export function toExtensionInfo(e: StoredExtension): ExtensionInfo {
  return { id: e.id, name: e.display_name, version: e.version, is_builtin: e.is_builtin, namespace: e.namespace };
}

export function toExtensionDetails(e: StoredExtension): NonNullable<ExtensionDetails> {
  return { extension_id: e.id, name: e.name, display_name: e.display_name, namespace: e.namespace, version: e.version };
}

export function toNodeKindDetail(e: StoredExtension, k: StoredNodeKind): NodeKindDetail {
  return {
    node_kind_id: k.id,
    name: k.name,
    display_name: k.display_name,
    description: k.description,
    is_display_kind: k.is_display_kind,
    icon: k.icon,
    color: k.color,
    extension: toExtensionDetails(e),
    info: structuredClone(k.info),
  };
}

export function toRelationshipKindDetail(e: StoredExtension, k: StoredRelationshipKind): RelationshipKindDetail {
  return {
    relationship_kind_id: k.id,
    name: k.name,
    description: k.description,
    is_traversable: k.is_traversable,
    extension: toExtensionDetails(e),
    info: structuredClone(k.info),
  };
}

/** The node and relationship kinds every extension defines, for the graph's list of kinds. */
export function extensionKinds(state: DbState): { nodes: string[]; edges: string[] } {
  const nodes: string[] = [];
  const edges: string[] = [];
  for (const e of extensionsOf(state)) {
    for (const k of e.node_kinds) nodes.push(k.name);
    for (const k of e.relationship_kinds) edges.push(k.name);
  }
  return { nodes, edges };
}
