import { directoryGraph, type GraphNode } from '../../seed/graph';
import { seedTime } from '../../seed/random';
import type { DbState } from '../../store/db';
import { FLEET_ENVIRONMENTS, type PopulationSpec } from './members';
import { FLEET_SIZE, type StoredAssetGroup, type StoredAssetGroupSelector } from './store';

/** The seeded groups: two system groups, four selector groups (one empty) and the big generated one. */
export function seedAssetGroups(state: DbState): void {
  const graph = directoryGraph();
  // Principals by name: an OU or a container may share a group's name (the Domain Controllers OU and group).
  const principals = new Set(['User', 'Computer', 'Group']);
  const byName = new Map(graph.nodes.filter((n) => principals.has(n.primaryKind)).map((n) => [n.name, n]));
  let selectorId = 0;
  const selector = (node: GraphNode | undefined, system: boolean, day: number): StoredAssetGroupSelector[] => {
    if (!node) return [];
    const at = seedTime(day);
    return [
      {
        id: ++selectorId,
        name: node.name,
        selector: node.objectid,
        system_selector: system,
        created_at: at,
        updated_at: at,
        deleted_at: null,
      },
    ];
  };
  const named = (name: string) => byName.get(name);
  const domains = graph.domains;
  const [corp, lab] = [domains[0]?.name ?? '', domains[1]?.name ?? ''];
  const usersOf = (domain: string) =>
    graph.nodes.filter(
      (n) => n.primaryKind === 'User' && n.name.endsWith(`@${domain}`) && !/^(ADMINISTRATOR|KRBTGT|SVC_)/.test(n.name),
    );
  const serversOf = (domain: string, prefix: RegExp) =>
    graph.nodes.filter((n) => n.primaryKind === 'Computer' && n.name.endsWith(`.${domain}`) && prefix.test(n.name));

  const tierZero = [
    ...domains.flatMap((d) => [
      ...selector(d, true, -290),
      ...selector(named(`DOMAIN ADMINS@${d.name}`), true, -290),
      ...selector(named(`ENTERPRISE ADMINS@${d.name}`), true, -290),
      ...selector(named(`DOMAIN CONTROLLERS@${d.name}`), true, -290),
      ...selector(named(`ADMINISTRATOR@${d.name}`), true, -290),
      ...selector(named(`KRBTGT@${d.name}`), true, -290),
    ]),
    ...selector(named(`SRV-CA01.${corp}`), false, -120),
  ];
  const corpUsers = usersOf(corp);
  const owned = [
    ...[corpUsers[7], corpUsers[23], corpUsers[61], usersOf(lab)[5]].flatMap((n) => selector(n, false, -14)),
    ...selector(named(`WS0003.${corp}`), false, -13),
    ...selector(named(`WS1002.${lab}`), false, -12),
  ];
  const crownJewels = [
    ...serversOf(corp, /^SRV-(SQL|FS)/).flatMap((n) => selector(n, false, -80)),
    ...selector(named(`SVC_SQL@${corp}`), false, -79),
  ];
  const helpdesk = selector(named(`IT HELPDESK@${corp}`), false, -60);
  const labServers = [
    ...selector(named(`DOMAIN CONTROLLERS@${lab}`), false, -45),
    ...serversOf(lab, /^SRV-/).flatMap((n) => selector(n, false, -45)),
  ];
  const fleetSelectors = [
    ...domains.map((d) => ({ id: d.objectid, name: d.name })),
    ...FLEET_ENVIRONMENTS.map((e) => ({ id: e.id, name: e.name })),
  ].map((e) => {
    const at = seedTime(-30);
    return {
      id: ++selectorId,
      name: e.name,
      selector: e.id,
      system_selector: false,
      created_at: at,
      updated_at: at,
      deleted_at: null,
    };
  });

  const group = (
    id: number,
    name: string,
    tag: string,
    system: boolean,
    selectors: StoredAssetGroupSelector[],
    day: number,
    population: PopulationSpec | null = null,
  ): StoredAssetGroup => ({
    id,
    name,
    tag,
    system_group: system,
    selectors,
    population,
    created_at: seedTime(day),
    updated_at: seedTime(day + 1),
    deleted_at: null,
  });
  state.assetGroups = [
    group(1, 'Admin Tier Zero', 'admin_tier_0', true, tierZero, -300),
    group(2, 'Owned', 'owned', true, owned, -300),
    group(3, 'Crown Jewels', 'crown_jewels', false, crownJewels, -90),
    group(4, 'Help Desk', 'helpdesk', false, helpdesk, -70),
    group(5, 'Lab Servers', 'lab_servers', false, labServers, -50),
    group(6, 'Enterprise Fleet', 'enterprise_fleet', false, fleetSelectors, -40, { kind: 'fleet', size: FLEET_SIZE }),
    group(7, 'Decommissioned Hosts', 'decommissioned', false, [], -20),
  ];
  state.counters['asset-group'] = state.assetGroups.length;
  state.counters['asset-group-selector'] = selectorId;
}
