import Typography from '@mui/material/Typography';
import type { AssetGroupTag } from '@/api/schemas/privilege-zones';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useDeleteTag } from '@/features/privilege-zones/api/tags';
import { isZone, tagNoun } from '@/features/privilege-zones/tag-rules';
import { plural } from '@/shared/words';

/** What deleting `tag` does, in sentences: its rules go now, its objects lose it at the next analysis. */
export function deleteConsequences(tag: AssetGroupTag): string[] {
  const rules = tag.counts ? plural(tag.counts.selectors, 'rule') : 'all its rules';
  const members = tag.counts ? plural(tag.counts.members, 'object') : 'its objects';
  const sentences = [
    `Its ${rules} are deleted at once, default and custom alike.`,
    `${members[0]!.toUpperCase()}${members.slice(1)} lose the ${tagNoun(tag)} at the next analysis.`,
  ];
  if (isZone(tag))
    sentences.push('An object another zone also selects joins that zone then; the zones after this one move up a position.');
  sentences.push('Its history stays. Deleting cannot be undone.');
  return sentences;
}

/** Asks before deleting a zone or a label (enterprise), saying what will happen. */
export function DeleteTagDialog({
  tag,
  onClose,
  onDeleted,
}: {
  tag: AssetGroupTag | null;
  onClose: () => void;
  onDeleted: (message: string) => void;
}) {
  const remove = useDeleteTag();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={tag !== null}
      title={tag ? `Delete ${tag.name}?` : 'Delete'}
      confirmLabel={tag ? `Delete ${tagNoun(tag)}` : 'Delete'}
      pending={remove.isPending}
      error={remove.error}
      wide
      onClose={close}
      onConfirm={() => {
        if (!tag) return;
        remove.mutate(tag.id, {
          onSuccess: () => {
            onDeleted(`${tag.name} was deleted. Its objects lose it after the next analysis.`);
            remove.reset();
            onClose();
          },
        });
      }}
    >
      {tag &&
        deleteConsequences(tag).map((s) => (
          <Typography key={s} component="span" sx={{ display: 'block', mb: 1 }}>
            {s}
          </Typography>
        ))}
    </ConfirmDialog>
  );
}
