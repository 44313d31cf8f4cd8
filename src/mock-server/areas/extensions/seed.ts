/**
 * Seeded OpenGraph extensions: the built-in Active Directory extension, as upstream registers it at start,
 * with the seeded graph's Active Directory node kinds and every relationship kind the graph knows
 * (traversable those an attack path may walk). Built-in extensions can be neither replaced nor deleted.
 */
import { NODE_KINDS } from '../../../api/schemas/entities';
import { AD_PATHFINDING_KINDS } from '../../cypher/graph';
import { KNOWN_RELATIONSHIP_KINDS } from '../../seed/graph';
import { seedTime } from '../../seed/random';
import type { DbState } from '../../store/db';
import type { StoredExtension } from './store';

/** Active Directory's node kinds: the console's known kinds less Azure's. */
const AD_NODE_KINDS = NODE_KINDS.filter((k) => !k.startsWith('AZ'));

/** Counters of the ids the extensions area hands out. */
export const EXTENSION_COUNTER = 'extension';
export const NODE_KIND_COUNTER = 'extension-node-kind';
export const RELATIONSHIP_KIND_COUNTER = 'extension-relationship-kind';

export function seedExtensions(state: DbState): void {
  const at = seedTime(-30);
  const traversable = new Set(AD_PATHFINDING_KINDS);
  const ad: StoredExtension = {
    id: 1,
    name: 'Active_Directory',
    display_name: 'Active Directory',
    version: 'v1.0.0',
    namespace: 'AD',
    is_builtin: true,
    node_kinds: AD_NODE_KINDS.map((name, i) => ({
      id: i + 1,
      name,
      display_name: name,
      description: `An Active Directory ${name} object`,
      is_display_kind: name !== 'Base',
      icon: '',
      color: '',
      info: {},
    })),
    relationship_kinds: KNOWN_RELATIONSHIP_KINDS.map((name, i) => ({
      id: i + 1,
      name,
      description: '',
      is_traversable: traversable.has(name),
      info: {},
    })),
    environments: [{ environment_kind: 'Domain', source_kind: 'Base', principal_kinds: ['User', 'Computer'] }],
    relationship_findings: [],
    created_at: at,
    updated_at: at,
    deleted_at: null,
  };
  state.extensions = [ad];
  state.counters[EXTENSION_COUNTER] = 1;
  state.counters[NODE_KIND_COUNTER] = ad.node_kinds.length;
  state.counters[RELATIONSHIP_KIND_COUNTER] = ad.relationship_kinds.length;
}
