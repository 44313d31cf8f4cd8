import { z } from 'zod';
import {
  FONT_AWESOME,
  iconColorField,
  iconNameField,
  kindNameField,
  type CustomNodeConfigInput,
} from '@/api/schemas/custom-nodes';

/** The console's form for one kind: its name (fixed once made), icon name and colour. */
export const customNodeForm = z.object({
  kindName: kindNameField,
  icon: z.object({ name: iconNameField, color: iconColorField }),
});
export type CustomNodeFormInput = z.input<typeof customNodeForm>;
export type CustomNodeFormValues = z.output<typeof customNodeForm>;

/** The config a form's values set. */
export function configOfForm(values: CustomNodeFormValues): CustomNodeConfigInput {
  return { icon: { type: FONT_AWESOME, name: values.icon.name, color: values.icon.color } };
}
