/**
 * Custom node kinds — reference `model.custom-node`, operations
 * GetCustomNodes, CreateCustomNodes, GetCustomNode, UpdateCustomNode,
 * DeleteCustomNode.
 *
 * A kind's display settings: a Font Awesome icon (free, solid style, named as
 * Font Awesome names it, e.g. `house`) and a hex colour (#RGB or #RRGGBB).
 */
import { z } from 'zod';

/** The only icon type the service knows. */
export const FONT_AWESOME = 'font-awesome';
/** The longest kind name. */
export const KIND_NAME_MAX = 100;

const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const ICON_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const KIND_NAME = /^[A-Za-z0-9_]+$/;

/** Reference `model.custom-node.config`, as the service answers it. */
export const customNodeConfig = z.object({
  icon: z
    .object({
      type: z.string().optional(),
      name: z.string().optional(),
      color: z.string().optional(),
    })
    .optional(),
});
export type CustomNodeConfig = z.infer<typeof customNodeConfig>;

/** Reference `model.custom-node`. */
export const customNode = z.object({
  id: z.number().int(),
  kindName: z.string(),
  config: customNodeConfig,
});
export type CustomNode = z.infer<typeof customNode>;

export const customNodesResponse = z.object({ data: z.array(customNode) });
export const customNodeResponse = z.object({ data: customNode });

/** A kind's name: letters, digits and underscores, as graph kinds are written in Cypher. */
export const kindNameField = z
  .string({ error: 'Kind name must be text' })
  .trim()
  .min(1, { error: 'Kind name is required', abort: true })
  .max(KIND_NAME_MAX, { error: `Kind name must be at most ${KIND_NAME_MAX} characters` })
  .regex(KIND_NAME, { error: 'Kind name may hold only letters, digits and underscores' });

/** A Font Awesome icon's name as Font Awesome writes it. */
export const iconNameField = z
  .string({ error: 'Icon name must be text' })
  .trim()
  .min(1, { error: 'Icon name is required', abort: true })
  .regex(ICON_NAME, { error: 'Icon name must be a Font Awesome name in lower case, such as "house" or "user-secret"' });

/** A hex colour. */
export const iconColorField = z
  .string({ error: 'Icon colour must be text' })
  .trim()
  .regex(HEX_COLOR, { error: 'Icon colour must be a hex colour: #RGB or #RRGGBB' });

/** The icon a request sets: every field checked, so a refused value is named. */
export const customNodeIconInput = z.object(
  {
    type: z.literal(FONT_AWESOME, { error: `Icon type must be "${FONT_AWESOME}"` }),
    name: iconNameField,
    color: iconColorField,
  },
  { error: 'Icon must be an object with type, name and color' },
);

export const customNodeConfigInput = z.object({ icon: customNodeIconInput }, { error: 'Config must be an object with an icon' });
export type CustomNodeConfigInput = z.infer<typeof customNodeConfigInput>;

/** CreateCustomNodes: one or more kinds, keyed by name. */
export const createCustomNodesBody = z.object({
  custom_types: z
    .record(z.string(), customNodeConfigInput, { error: 'custom_types must be an object of kind name to config' })
    .refine((types) => Object.keys(types).length > 0, { error: 'custom_types must name at least one kind' }),
});
export type CreateCustomNodesBody = z.infer<typeof createCustomNodesBody>;

/** UpdateCustomNode. */
export const updateCustomNodeBody = z.object({ config: customNodeConfigInput });
export type UpdateCustomNodeBody = z.infer<typeof updateCustomNodeBody>;
