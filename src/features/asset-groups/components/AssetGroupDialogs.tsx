import { zodResolver } from '@hookform/resolvers/zod';
import { TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  createAssetGroupBody,
  updateAssetGroupBody,
  type AssetGroup,
  type CreateAssetGroupBody,
  type UpdateAssetGroupBody,
} from '../../../api/schemas/asset-groups';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormDialog } from '../../../components/FormDialog';
import { applyServerErrors } from '../../../components/form-errors';
import { useCreateAssetGroup } from '../api/create-asset-group';
import { useDeleteAssetGroup } from '../api/delete-asset-group';
import { useRenameAssetGroup } from '../api/rename-asset-group';

/** New group: name and tag. The server's messages (a tag or name already used) land on their fields. */
export function CreateAssetGroupDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (group: AssetGroup) => void }) {
  const create = useCreateAssetGroup();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateAssetGroupBody>({ resolver: zodResolver(createAssetGroupBody), defaultValues: { name: '', tag: '' } });
  const name = register('name');
  const tag = register('tag');
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onCreated(await create.mutateAsync(values));
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['name', 'tag']));
    }
  });
  return (
    <FormDialog
      open
      title="Create asset group"
      submitLabel="Create group"
      pending={isSubmitting}
      formError={formError}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField
        label="Name"
        required
        autoFocus
        autoComplete="off"
        {...name}
        inputRef={name.ref}
        error={!!errors.name}
        helperText={errors.name?.message ?? 'Shown in the console, for example "Payment systems".'}
      />
      <TextField
        label="Tag"
        required
        autoComplete="off"
        {...tag}
        inputRef={tag.ref}
        error={!!errors.tag}
        helperText={
          errors.tag?.message ??
          'Lower-case letters, digits and underscores, unique, for example "payment_systems". It cannot be changed later.'
        }
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
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UpdateAssetGroupBody>({ resolver: zodResolver(updateAssetGroupBody), defaultValues: { name: group.name } });
  const name = register('name');
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onRenamed(await rename.mutateAsync(values));
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['name']));
    }
  });
  return (
    <FormDialog
      open
      title={`Rename "${group.name}"`}
      submitLabel="Rename"
      pending={isSubmitting}
      formError={formError}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField
        label="Name"
        required
        autoFocus
        autoComplete="off"
        {...name}
        inputRef={name.ref}
        error={!!errors.name}
        helperText={errors.name?.message ?? `The tag stays "${group.tag}".`}
      />
    </FormDialog>
  );
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

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
        The group and its {plural(group.selectors.length, 'selector', 'selectors')} will be deleted, and its{' '}
        <strong>{plural(group.member_count, 'member', 'members')}</strong> will no longer carry the tag <code>{group.tag}</code>.
      </Typography>
      <Typography component="span" sx={{ display: 'block', mt: 1 }}>
        The objects themselves stay in the graph. This cannot be undone.
      </Typography>
    </ConfirmDialog>
  );
}
