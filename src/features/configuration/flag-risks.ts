import type { FeatureFlag } from '@/api/schemas/config';

/** What turning a flag on or off does, said before it is done; `destructive` colours the confirm button red. */
export interface FlagRisk {
  title: string;
  text: string;
  confirmLabel: string;
  destructive: boolean;
}

/**
 * The user-updatable flags whose change is destructive or reaches every user, by key and direction. They
 * ask first; the others (Dark Mode, NTLM post-processing: a theme, extra edges at the next analysis that
 * go again when turned off) change at once.
 *
 * - clear_graph_data, on: administrators can then delete collected graph data, which cannot be undone.
 *   Off: every administrator loses the database management page's delete.
 * - auto_tag_t0_parent_objects, either way: the next analysis changes Tier Zero (parent OUs and containers
 *   of Tier Zero objects join or leave it), and with it the attack paths and findings everyone sees.
 */
const RISKS: Record<string, { on: string; off: string; destructiveOn?: boolean }> = {
  clear_graph_data: {
    on: 'Administrators will be able to delete collected graph data from the database management page. Deleted data cannot be recovered: it has to be collected and ingested again.',
    off: 'No administrator will be able to delete graph data from the database management page until the flag is turned on again.',
    destructiveOn: true,
  },
  auto_tag_t0_parent_objects: {
    on: 'From the next analysis, the parent OUs and containers of every Tier Zero object are added to Tier Zero. This can add many objects to Tier Zero and changes the attack paths and findings every user sees.',
    off: 'From the next analysis, parent OUs and containers are no longer added to Tier Zero: those added this way leave it, which changes the attack paths and findings every user sees.',
  },
};

/** The confirmation to show before toggling `flag`, or null when it changes at once. */
export function flagRisk(flag: Pick<FeatureFlag, 'key' | 'name' | 'enabled'>): FlagRisk | null {
  const risk = RISKS[flag.key];
  if (!risk) return null;
  const turningOn = !flag.enabled;
  return {
    title: `Turn ${turningOn ? 'on' : 'off'} ${flag.name}?`,
    text: turningOn ? risk.on : risk.off,
    confirmLabel: turningOn ? 'Turn on' : 'Turn off',
    destructive: turningOn && risk.destructiveOn === true,
  };
}
