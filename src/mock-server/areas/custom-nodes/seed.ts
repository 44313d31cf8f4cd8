/** Seeded custom node kinds: a couple of kinds an OpenGraph extension would add, with their icons and colours. */
import { FONT_AWESOME } from '../../../api/schemas/custom-nodes';
import { seedTime } from '../../seed/random';
import type { DbState } from '../../store/db';
import type { StoredCustomNode } from './store';

const SEEDED: { kind: string; icon: string; color: string }[] = [
  { kind: 'GHOrganization', icon: 'building', color: '#5FED83' },
  { kind: 'GHRepository', icon: 'box-archive', color: '#9EECFF' },
  { kind: 'GHUser', icon: 'user', color: '#FF8E40' },
];

export function seedCustomNodes(state: DbState): void {
  const at = seedTime(-14);
  state.customNodes = SEEDED.map((s, i): StoredCustomNode => ({
    id: i + 1,
    kind_name: s.kind,
    config: { icon: { type: FONT_AWESOME, name: s.icon, color: s.color } },
    created_at: at,
    updated_at: at,
    deleted_at: null,
  }));
}
