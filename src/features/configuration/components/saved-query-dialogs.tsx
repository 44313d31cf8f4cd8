import Typography from '@mui/material/Typography';
import type { SavedQuery } from '@/api/schemas/saved-queries';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useDeleteSavedQuery } from '@/api/saved-queries/delete-saved-query';
import { useSavedQueryPermissions } from '@/api/saved-queries/get-saved-query-permissions';
import { formatCount } from '@/shared/count';
import { pluralWord } from '@/shared/words';

/** Asks before deleting a query, saying who loses it. */
export function DeleteSavedQueryDialog({
  query,
  onClose,
  onDeleted,
}: {
  query: SavedQuery;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteSavedQuery();
  const permissions = useSavedQueryPermissions(query.id);
  const sharedWith = permissions.data?.shared_to_user_ids.length;
  const isPublic = permissions.data?.public;
  const who = isPublic
    ? 'It is public: every user loses it.'
    : sharedWith === undefined
      ? 'Everyone it is shared with loses it.'
      : sharedWith === 0
        ? 'It is not shared with anyone.'
        : pluralWord(
            sharedWith,
            'The user it is shared with loses it.',
            `The ${formatCount(sharedWith)} users it is shared with lose it.`,
          );
  return (
    <ConfirmDialog
      open
      title={`Delete "${query.name}"?`}
      confirmLabel="Delete query"
      pending={remove.isPending}
      error={remove.error}
      onClose={onClose}
      onConfirm={() => remove.mutate(query.id, { onSuccess: onDeleted })}
    >
      <Typography component="span" sx={{ display: 'block' }}>
        The query, its description and its sharing will be deleted. {who}
      </Typography>
      <Typography component="span" sx={{ display: 'block', mt: 1 }}>
        This cannot be undone.
      </Typography>
    </ConfirmDialog>
  );
}
