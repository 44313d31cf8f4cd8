import Typography from '@mui/material/Typography';
import { describeError } from '@/api/errors';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useDeleteSsoProvider } from '@/features/sso/api/delete-sso-provider';
import { useUsers } from '@/api/users';
import { inWords, plural } from '@/shared/words';

const SHOWN_NAMES = 5;

/** "alice, bob and 3 more" */
function namesOf(names: string[]): string {
  if (names.length <= SHOWN_NAMES) return inWords(names);
  return `${names.slice(0, SHOWN_NAMES).join(', ')} and ${names.length - SHOWN_NAMES} more`;
}

/** How many users sign in through the provider (from the users list), said before deleting it. */
export function linkedUsersSentence(count: number): string {
  if (count === 0) return 'No users sign in through it.';
  return `${plural(count, 'user signs', 'users sign')} in through it.`;
}

/**
 * Asks before deleting an SSO provider and says what will be lost: the users
 * who sign in through it (counted from the users list) are unlinked and can
 * no longer sign in with it.
 */
export function DeleteProviderDialog({
  provider,
  onClose,
  onDeleted,
}: {
  provider: { id: number; name: string; samlProviderId?: number };
  onClose: () => void;
  onDeleted: (result: { name: string; affectedUsers: string[] }) => void;
}) {
  // Who signs in through this provider, from the users list (ids and principal names).
  const linked = useUsers({
    select: (users) =>
      users
        .filter((u) => u.sso_provider_id.valid && u.sso_provider_id.int32 === provider.id)
        .map((u) => ({ id: u.id, principalName: u.principal_name })),
  });
  const remove = useDeleteSsoProvider();
  return (
    <ConfirmDialog
      open
      title={`Delete SSO provider ${provider.name}?`}
      confirmLabel="Delete provider"
      pending={remove.isPending}
      error={remove.error}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(
          { ssoProviderId: provider.id, samlProviderId: provider.samlProviderId },
          { onSuccess: (result) => onDeleted({ name: provider.name, affectedUsers: result.affectedUsers }) },
        )
      }
    >
      <Typography component="p" sx={{ mb: 1 }}>
        Users will no longer be able to sign in through <strong>{provider.name}</strong>. Its configuration is lost; to use the
        identity provider again, add it anew.
      </Typography>
      <Typography component="p" role="status" aria-live="polite">
        {linked.isPending ? (
          'Counting the users who sign in through it…'
        ) : linked.isError ? (
          `The users who sign in through it could not be counted: ${describeError(linked.error)}`
        ) : linked.data.length === 0 ? (
          linkedUsersSentence(0)
        ) : (
          <>
            <strong>{linkedUsersSentence(linked.data.length)}</strong> Their accounts stay but are unlinked from this provider (
            {namesOf(linked.data.map((u) => u.principalName))}); they need a password or another provider to sign in.
          </>
        )}
      </Typography>
    </ConfirmDialog>
  );
}
