/**
 * ProtectAdminGroups: every hour the domain copies the security descriptor of its AdminSDHolder container
 * (the container whose distinguished name starts with `CN=AdminSDHolder,CN=System,`, compared without case)
 * onto the users, groups and computers it protects (`adminsdholderprotected`). Control of the container is
 * therefore control of them: the edge runs from the container to each protected object of the same domain.
 */
import type { EdgeSink, GraphIndex } from './graph-index';

export const PROTECT_ADMIN_GROUPS_EDGE_KINDS = ['ProtectAdminGroups'] as const;

const PREFIX = 'CN=ADMINSDHOLDER,CN=SYSTEM,';

export function postProtectAdminGroups(index: GraphIndex, sink: EdgeSink): void {
  const holders = new Map<string, string>();
  for (const container of index.nodes('Container')) {
    const dn = container.props.distinguishedname;
    if (typeof dn !== 'string' || !dn.toUpperCase().startsWith(PREFIX)) continue;
    const domain = index.domainSidOf(container);
    if (domain && !holders.has(domain)) holders.set(domain, container.objectid);
  }
  if (holders.size === 0) return;
  for (const kind of ['User', 'Group', 'Computer']) {
    for (const node of index.nodes(kind)) {
      if (node.props.adminsdholderprotected !== true) continue;
      const holder = holders.get(index.domainSidOf(node));
      if (holder) sink.add(holder, 'ProtectAdminGroups', node.objectid);
    }
  }
}
