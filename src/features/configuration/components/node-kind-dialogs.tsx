import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm, useWatch, type Control } from 'react-hook-form';
import type { CustomNode } from '@/api/schemas/custom-nodes';
import { FormDialog } from '@/components/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useCreateCustomNode, useUpdateCustomNode } from '@/features/configuration/api/custom-nodes';
import {
  configOfForm,
  customNodeForm,
  type CustomNodeFormInput,
  type CustomNodeFormValues,
} from '@/features/configuration/node-kind-form';

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** A kind's look as the console can show it: a swatch of its colour, then the icon's name and the colour in text. */
export function NodeKindPreview({ iconName, color }: { iconName?: string; color?: string }) {
  const shown = color && HEX.test(color) ? color : undefined;
  return (
    <Stack direction="row" component="span" sx={{ alignItems: 'center', gap: 1 }}>
      <Box
        component="span"
        aria-hidden
        sx={{
          width: 20,
          height: 20,
          flex: 'none',
          borderRadius: '50%',
          border: 1,
          borderColor: 'divider',
          bgcolor: shown ?? 'transparent',
        }}
      />
      <span>
        {iconName ? <>Icon {iconName}</> : 'No icon'}, {shown ? <>colour {shown.toUpperCase()}</> : 'no colour'}
      </span>
    </Stack>
  );
}

/** The preview of what the form holds now. */
function FormPreview({ control }: { control: Control<CustomNodeFormInput, unknown, CustomNodeFormValues> }) {
  const icon = useWatch({ control, name: 'icon' });
  return (
    <Box role="group" aria-label="Preview">
      <Typography variant="caption" color="text.secondary" component="div">
        Preview
      </Typography>
      <NodeKindPreview iconName={icon.name.trim()} color={icon.color.trim()} />
    </Box>
  );
}

/**
 * Create or edit one kind: its name (fixed once made), a Font Awesome icon name and a hex colour. The
 * server's messages land on their fields (its contexts: `custom_types.<kind>…` on create, `config.icon…` on edit).
 */
export function NodeKindFormDialog({
  kind,
  onClose,
  onSaved,
}: {
  /** The kind to edit; none to create one. */
  kind?: CustomNode;
  onClose: () => void;
  onSaved: (kind: CustomNode) => void;
}) {
  const create = useCreateCustomNode();
  const update = useUpdateCustomNode();
  const form = useForm<CustomNodeFormInput, unknown, CustomNodeFormValues>({
    resolver: zodResolver(customNodeForm),
    defaultValues: {
      kindName: kind?.kindName ?? '',
      icon: { name: kind?.config.icon?.name ?? '', color: kind?.config.icon?.color ?? '' },
    },
  });
  const typedName = useWatch({ control: form.control, name: 'kindName' }).trim();
  const at = kind ? 'config' : `custom_types.${typedName}`;
  const submit = useFormSubmit(
    form,
    (values) => (kind ? update : create).mutateAsync({ kindName: values.kindName, config: configOfForm(values) }),
    {
      fields: [],
      fieldMap: {
        [`custom_types.${typedName}`]: 'kindName',
        [`${at}.icon.name`]: 'icon.name',
        [`${at}.icon.color`]: 'icon.color',
      },
      onSuccess: onSaved,
    },
  );
  return (
    <FormDialog
      open
      title={kind ? `Edit node kind ${kind.kindName}` : 'Add node kind'}
      submitLabel={kind ? 'Save' : 'Add kind'}
      submit={submit}
      onClose={onClose}
    >
      <FormTextField
        control={form.control}
        name="kindName"
        label="Kind name"
        required
        autoFocus={!kind}
        disabled={Boolean(kind)}
        autoComplete="off"
        helperText={kind ? 'A kind name cannot be changed.' : 'As the graph names the kind, for example "GHRepository".'}
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <FormTextField
        control={form.control}
        name="icon.name"
        label="Icon"
        required
        autoFocus={Boolean(kind)}
        autoComplete="off"
        helperText='A free, solid Font Awesome icon, by name: "house", "user-secret".'
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <FormTextField
        control={form.control}
        name="icon.color"
        label="Colour"
        required
        autoComplete="off"
        helperText='Hex: "#RGB" or "#RRGGBB", for example "#5FED83".'
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <FormPreview control={form.control} />
    </FormDialog>
  );
}
