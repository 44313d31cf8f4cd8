import MoreVertIcon from '@mui/icons-material/MoreVert';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState, type ReactElement } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { User } from '@/api/schemas/users';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useNotice } from '@/components/notice';
import { useMenuButton } from '@/components/menu-button';
import { RowMenuButton } from '@/components/table';
import { useDeleteUser } from '@/features/users/api/delete-user';
import { useExpireUserSecret } from '@/features/users/api/expire-user-secret';
import { useUpdateUser } from '@/features/users/api/update-user';
import { MfaDisableDialog, MfaEnrollDialog } from './mfa-dialogs';
import { SetPasswordDialog } from './SetPasswordDialog';
import { TokensDialog } from './TokenPanel';
import { userName, type ActingUser, type UserAction, type UserActionId } from './user-display';
import { patchOf } from '@/features/users/user-form';
import { UserFormDialog } from './UserFormDialog';

type Self = ActingUser | null | undefined;

interface Active {
  action: UserActionId;
  user: User;
  /** A set-password dialog offered right after the user was taken off their SSO provider. */
  afterUnlink?: boolean;
}

/**
 * Runs the actions of the user menu: one dialog at a time, for whichever user
 * the action was started on. Pages render `element` once.
 */
export function useUserActionDialogs({
  self,
  knownEnvironments,
  onDeleted,
}: {
  self: Self;
  knownEnvironments?: readonly string[];
  onDeleted?: (user: User) => void;
}): { start: (action: UserActionId, user: User) => void; element: ReactElement | null } {
  const navigate = useNavigate();
  const location = useLocation();
  const { notify } = useNotice();
  const [active, setActive] = useState<Active | null>(null);
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const expire = useExpireUserSecret();
  const close = () => {
    setActive(null);
    update.reset();
    remove.reset();
    expire.reset();
  };
  const done = (message: string) => {
    close();
    notify(message);
  };

  const start = (action: UserActionId, user: User) => {
    if (action === 'view') {
      navigate(`/users/${user.id}`);
      return;
    }
    if (action === 'set-password' && self?.id === user.id) {
      navigate(`/account/password?next=${encodeURIComponent(location.pathname + location.search)}`);
      return;
    }
    update.reset();
    remove.reset();
    expire.reset();
    setActive({ action, user });
  };

  let element: ReactElement | null = null;
  if (active) {
    const { user } = active;
    const name = userName(user);
    const isSelf = self?.id === user.id;
    switch (active.action) {
      case 'edit':
        element = (
          <UserFormDialog
            mode="edit"
            user={user}
            selfId={self?.id}
            knownEnvironments={knownEnvironments}
            onClose={close}
            onSaved={(saved) => {
              if (!saved.unlinked) return done(`Saved the changes to ${saved.name}.`);
              // Off SSO and without a password: offer one at once, to be changed at the next sign-in.
              notify(`Saved the changes to ${saved.name}: they no longer sign in through SSO.`);
              setActive({ action: 'set-password', user, afterUnlink: true });
            }}
          />
        );
        break;
      case 'set-password':
        element = <SetPasswordDialog user={user} afterUnlink={active.afterUnlink} onClose={close} onDone={done} />;
        break;
      case 'enroll-mfa':
        element = <MfaEnrollDialog user={user} isSelf={isSelf} onClose={close} onDone={done} />;
        break;
      case 'disable-mfa':
        element = <MfaDisableDialog user={user} isSelf={isSelf} onClose={close} onDone={done} />;
        break;
      case 'tokens':
        element = <TokensDialog user={user} onClose={close} />;
        break;
      case 'force-reset':
        element = (
          <ConfirmDialog
            open
            title={`Force a password reset for ${name}?`}
            confirmLabel="Force password reset"
            pending={expire.isPending}
            error={expire.error}
            onClose={close}
            onConfirm={() =>
              expire.mutate(user.id, { onSuccess: () => done(`${name} must choose a new password at the next sign-in.`) })
            }
          >
            {name}&apos;s current password expires now. They can still sign in with it once, and must then choose a new one before
            going on.
          </ConfirmDialog>
        );
        break;
      case 'toggle':
        element = user.is_disabled ? (
          <ConfirmDialog
            open
            destructive={false}
            title={`Enable ${name}?`}
            confirmLabel="Enable user"
            pending={update.isPending}
            error={update.error}
            onClose={close}
            onConfirm={() =>
              update.mutate(
                { id: user.id, body: patchOf(user, { is_disabled: false }) },
                { onSuccess: () => done(`Enabled ${name}.`) },
              )
            }
          >
            {name} will be able to sign in again with their roles as they are.
          </ConfirmDialog>
        ) : (
          <ConfirmDialog
            open
            title={`Disable ${name}?`}
            confirmLabel="Disable user"
            pending={update.isPending}
            error={update.error}
            onClose={close}
            onConfirm={() =>
              update.mutate(
                { id: user.id, body: patchOf(user, { is_disabled: true }) },
                { onSuccess: () => done(`Disabled ${name}.`) },
              )
            }
          >
            {name} is signed out everywhere and cannot sign in until enabled again. Their account, roles and settings are kept.
          </ConfirmDialog>
        );
        break;
      case 'delete':
        element = (
          <ConfirmDialog
            open
            title={`Delete ${name}?`}
            confirmLabel="Delete user"
            pending={remove.isPending}
            error={remove.error}
            onClose={close}
            onConfirm={() =>
              remove.mutate(user.id, {
                onSuccess: () => {
                  done(`Deleted ${name}.`);
                  onDeleted?.(user);
                },
              })
            }
          >
            The account of {name} ({user.principal_name}) is removed with its roles, password, MFA enrolment and environment
            access. They are signed out at once. This cannot be undone.
          </ConfirmDialog>
        );
        break;
      default:
        element = null;
    }
  }
  return { start, element };
}

/** The items of a user menu; unavailable ones are shown disabled with the reason. */
function ActionItems({ actions, onPick }: { actions: UserAction[]; onPick: (id: UserActionId) => void }) {
  return actions.map((a) => (
    <MenuItem
      key={a.id}
      disabled={a.disabledReason !== null}
      onClick={() => onPick(a.id)}
      sx={a.destructive ? { color: 'error.main' } : undefined}
    >
      <ListItemText primary={a.label} secondary={a.disabledReason} />
    </MenuItem>
  ));
}

/** A row's "Actions for <name>" button (`icon`: a table row's ⋮, inside DataTable only) and its menu. */
export function UserActionsMenu({
  user,
  actions,
  onAction,
  variant = 'icon',
}: {
  user: User;
  actions: UserAction[];
  onAction: (id: UserActionId, user: User) => void;
  variant?: 'icon' | 'button';
}) {
  const name = userName(user);
  const menuId = `user-actions-${user.id}`;
  // The same wiring for the row's ⋮ and the detail page's "More actions".
  const { anchor, mounted, close, button: menuButton } = useMenuButton(menuId);
  const trigger =
    variant === 'icon' ? (
      <RowMenuButton aria-label={`Actions for ${name}`} {...menuButton} />
    ) : (
      <Button variant="outlined" endIcon={<MoreVertIcon />} {...menuButton}>
        More actions
      </Button>
    );
  return (
    <>
      {trigger}
      {mounted && (
        <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
          <ActionItems
            actions={actions}
            onPick={(id) => {
              close();
              onAction(id, user);
            }}
          />
        </Menu>
      )}
    </>
  );
}
