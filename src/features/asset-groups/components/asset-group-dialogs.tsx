import { plural } from '@/shared/words';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import {
  createAssetGroupBody,
  updateAssetGroupBody,
  type AssetGroup,
  type CreateAssetGroupBody,
  type UpdateAssetGroupBody,
} from '@/api/schemas/asset-groups';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FormDialog } from '@/components/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useCreateAssetGroup } from '@/features/asset-groups/api/create-asset-group';
import { useDeleteAssetGroup } from '@/features/asset-groups/api/delete-asset-group';
import { useRenameAssetGroup } from '@/features/asset-groups/api/rename-asset-group';

/** New group: name and tag. The server's messages (a tag or name already used) land on their fields. */
export function CreateAssetGroupDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (group: AssetGroup) => void }) {
  const create = useCreateAssetGroup();
  const form = useForm<CreateAssetGroupBody>({
    resolver: zodResolver(createAssetGroupBody),
    defaultValues: { name: '', tag: '' },
  });
  const submit = useFormSubmit(form, create.mutateAsync, { onSuccess: onCreated });
  return (
    <FormDialog open title="Create asset group" submitLabel="Create group" submit={submit} onClose={onClose}>
      <FormTextField
        control={form.control}
        name="name"
        label="Name"
        required
        autoFocus
        autoComplete="off"
        helperText='Shown in the console, for example "Payment systems".'
      />
      <FormTextField
        control={form.control}
        name="tag"
        label="Tag"
        required
        autoComplete="off"
        helperText='Lower-case letters, digits and underscores, unique, for example "payment_systems". It cannot be changed later.'
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
    </FormDialog>
  );
}

/** Rename: the name only (the tag cannot change). */
export function RenameAssetGroupDialog({
  group,
  onClose,
  onRenamed,
}: {
  group: AssetGroup;
  onClose: () => void;
  onRenamed: (group: AssetGroup) => void;
}) {
  const rename = useRenameAssetGroup(group.id);
  const form = useForm<UpdateAssetGroupBody>({
    resolver: zodResolver(updateAssetGroupBody),
    defaultValues: { name: group.name },
  });
  const submit = useFormSubmit(form, rename.mutateAsync, { onSuccess: onRenamed });
  return (
    <FormDialog open title={`Rename "${group.name}"`} submitLabel="Rename" submit={submit} onClose={onClose}>
      <FormTextField
        control={form.control}
        name="name"
        label="Name"
        required
        autoFocus
        autoComplete="off"
        helperText={`The tag stays "${group.tag}".`}
      />
    </FormDialog>
  );
}

/** A count in words: "no members", "1 member", "3 members", "100,000 members". */
function countOf(n: number, one: string, many: string): string {
  if (n === 0) return `no ${many}`;
  return plural(n, one, many);
}

/** Asks before deleting, saying how many members and selectors go with the group. */
export function DeleteAssetGroupDialog({
  group,
  onClose,
  onDeleted,
}: {
  group: AssetGroup;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteAssetGroup();
  const selectors = group.selectors.length;
  const members = group.member_count;
  return (
    <ConfirmDialog
      open
      title={`Delete "${group.name}"?`}
      confirmLabel="Delete group"
      pending={remove.isPending}
      error={remove.error}
      onClose={onClose}
      onConfirm={() => remove.mutate(group.id, { onSuccess: onDeleted })}
    >
      <Typography component="span" sx={{ display: 'block' }}>
        {selectors === 0
          ? 'The group will be deleted; it has no selectors.'
          : `The group and its ${countOf(selectors, 'selector', 'selectors')} will be deleted.`}{' '}
        {members === 0 ? (
          <>
            It has no members, so no object loses the tag <code>{group.tag}</code>.
          </>
        ) : (
          <>
            Its <strong>{countOf(members, 'member', 'members')}</strong> will no longer carry the tag <code>{group.tag}</code>;
            the objects themselves stay in the graph.
          </>
        )}
      </Typography>
      <Typography component="span" sx={{ display: 'block', mt: 1 }}>
        This cannot be undone.
      </Typography>
    </ConfirmDialog>
  );
}
