import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { privilegeZoneOps } from '@/api/operations/privilege-zones';
import { describeError } from '@/api/errors';
import { useNotice } from '@/components/notice';
import { useAccess } from '@/lib/access';
import { nodeCypher } from '../explore-state';
import { useChangeMembership, type Membership } from '../api/explore';

/** The object a menu acts on. */
export interface MenuNode {
  objectId: string;
  name: string;
  isTierZero: boolean;
  isOwned: boolean;
}

/** Where the menu opens: under a button, or at the pointer of a right-click. */
export type MenuAnchor = HTMLElement | { x: number; y: number };

export interface NodeActions {
  onSetStart: (objectId: string) => void;
  onSetEnd: (objectId: string) => void;
  onPathsToHere: (objectId: string) => void;
  onPathsFromOwned: (objectId: string) => void;
}

/**
 * What can be done with a node: make it a path's start or end, find paths to it, change its Tier Zero and
 * Owned membership (by Privilege Zones rules, for people who may write them), copy its name, id or Cypher.
 */
export function NodeActionsMenu({
  id,
  node,
  anchor,
  onClose,
  actions,
}: {
  id: string;
  node: MenuNode | null;
  anchor: MenuAnchor | null;
  onClose: () => void;
  actions: NodeActions;
}) {
  const { notify } = useNotice();
  const mayChange = useAccess(privilegeZoneOps.createAssetGroupTagSelector).allowed;
  const change = useChangeMembership();
  const open = anchor !== null && node !== null;
  const at = anchor && !(anchor instanceof HTMLElement) ? anchor : null;

  const act = (run: () => void) => () => {
    onClose();
    run();
  };

  const copy = (what: string, value: string) =>
    act(() => {
      navigator.clipboard.writeText(value).then(
        () => notify(`Copied the ${what}.`),
        () => notify({ message: `Could not copy the ${what}: the browser refused.`, severity: 'error' }),
      );
    });

  const membership = (which: Membership, add: boolean) =>
    act(() => {
      if (!node) return;
      const where = which === 'tierZero' ? 'Tier Zero' : 'Owned';
      change.mutate(
        { which, add, objectId: node.objectId, name: node.name },
        {
          onSuccess: () =>
            notify(
              which === 'tierZero'
                ? `${node.name} will ${add ? 'be in' : 'leave'} Tier Zero after the next analysis.`
                : `${node.name} will ${add ? 'be' : 'no longer be'} Owned after the next analysis.`,
            ),
          onError: (error) =>
            notify({
              message: `Could not ${add ? 'add' : 'remove'} ${node.name} ${add ? 'to' : 'from'} ${where}: ${describeError(error)}`,
              severity: 'error',
            }),
        },
      );
    });

  return (
    <Menu
      id={id}
      open={open}
      onClose={onClose}
      anchorEl={anchor instanceof HTMLElement ? anchor : undefined}
      anchorReference={at ? 'anchorPosition' : 'anchorEl'}
      anchorPosition={at ? { top: at.y, left: at.x } : undefined}
      slotProps={{ list: { 'aria-label': node ? `Actions for ${node.name}` : 'Actions' } }}
    >
      {node && [
        <MenuItem key="start" onClick={act(() => actions.onSetStart(node.objectId))}>
          Set as start
        </MenuItem>,
        <MenuItem key="end" onClick={act(() => actions.onSetEnd(node.objectId))}>
          Set as end
        </MenuItem>,
        <MenuItem key="to" onClick={act(() => actions.onPathsToHere(node.objectId))}>
          Shortest paths to here
        </MenuItem>,
        <MenuItem key="owned-paths" onClick={act(() => actions.onPathsFromOwned(node.objectId))}>
          Paths from Owned objects
        </MenuItem>,
        <Divider key="d1" />,
        ...(mayChange
          ? [
              <MenuItem key="t0" onClick={membership('tierZero', !node.isTierZero)} disabled={change.isPending}>
                {node.isTierZero ? 'Remove from Tier Zero' : 'Add to Tier Zero'}
              </MenuItem>,
              <MenuItem key="owned" onClick={membership('owned', !node.isOwned)} disabled={change.isPending}>
                {node.isOwned ? 'Remove from Owned' : 'Add to Owned'}
              </MenuItem>,
              <Divider key="d2" />,
            ]
          : []),
        <MenuItem key="name" onClick={copy('name', node.name)}>
          <ListItemText>Copy name</ListItemText>
        </MenuItem>,
        <MenuItem key="id" onClick={copy('object id', node.objectId)}>
          <ListItemText>Copy object id</ListItemText>
        </MenuItem>,
        <MenuItem key="cypher" onClick={copy('Cypher', nodeCypher(node.objectId))}>
          <ListItemText>Copy Cypher</ListItemText>
        </MenuItem>,
      ]}
    </Menu>
  );
}
