import { z } from 'zod';
import { checkObjectId } from './object-id';

/** What the look-up opens: any object by its kind (`any`), a computer's controllers, or a user node. */
export const ENTITY_KINDS = ['any', 'computer', 'user'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

/** The look-up form: which kind of entity and its object id (normalised; refused with a reason when malformed). */
export const lookupFormSchema = z.object({
  kind: z.enum(ENTITY_KINDS, { error: 'Choose any object, a computer or a user' }),
  objectId: z.string().transform((raw, ctx) => {
    const check = checkObjectId(raw);
    if (!check.ok) {
      ctx.addIssue({ code: 'custom', message: check.message });
      return z.NEVER;
    }
    return check.value;
  }),
});
export type LookupFormInput = z.input<typeof lookupFormSchema>;
export type LookupFormOutput = z.output<typeof lookupFormSchema>;
