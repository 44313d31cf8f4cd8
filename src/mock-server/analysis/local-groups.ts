/**
 * Rights on a computer that come from its local groups. The direct members (MemberOfLocalGroup) of
 * the computer's Administrators group (RID 544) get AdminTo, of Remote Management Users (580) CanPSRemote,
 * of Distributed COM Users (562) ExecuteDCOM; members of those members are reached through the MemberOf
 * edges, so the edge starts at the outermost principal named in the local group (a local user of the
 * computer included).
 *
 * CanRDP needs both membership of Remote Desktop Users (555) and the RemoteInteractiveLogonRight user right
 * on the computer. When the group itself holds the right, its direct members get CanRDP. Otherwise each
 * holder of the right that is (nested) a member of the group gets it, and for a holder that is not, those
 * of its own members that are.
 */
import type { EdgeSink, GraphIndex } from './graph-index';

export const LOCAL_GROUP_DERIVED_EDGE_KINDS = ['AdminTo', 'CanPSRemote', 'ExecuteDCOM', 'CanRDP'] as const;

const DIRECT_RIGHTS: [string, string][] = [
  ['-544', 'AdminTo'],
  ['-580', 'CanPSRemote'],
  ['-562', 'ExecuteDCOM'],
];
const RDP_SUFFIX = '-555';
const MEMBERSHIP = ['MemberOf', 'MemberOfLocalGroup'];
const RIGHT = 'RemoteInteractiveLogonRight';

export function postLocalGroups(index: GraphIndex, sink: EdgeSink): void {
  for (const link of index.edges('LocalToComputer')) {
    const group = link.source;
    const computer = link.target;
    if (!index.hasKind(computer, 'Computer')) continue;
    for (const [suffix, kind] of DIRECT_RIGHTS) {
      if (!group.endsWith(suffix)) continue;
      for (const member of index.sources(group, 'MemberOfLocalGroup')) sink.add(member, kind, computer);
    }
    if (!group.endsWith(RDP_SUFFIX)) continue;
    if (index.targets(group, RIGHT).includes(computer)) {
      for (const member of index.sources(group, 'MemberOfLocalGroup')) {
        sink.add(member, 'CanRDP', computer);
      }
      continue;
    }
    const holders = index.sources(computer, RIGHT);
    if (holders.length === 0) continue;
    const rdpMembers = index.expandMembers([group], MEMBERSHIP);
    for (const holder of holders) {
      if (rdpMembers.has(holder)) {
        sink.add(holder, 'CanRDP', computer);
        continue;
      }
      for (const member of index.expandMembers([holder], MEMBERSHIP)) {
        if (rdpMembers.has(member)) sink.add(member, 'CanRDP', computer);
      }
    }
  }
}
