import { z } from 'zod';
import { ruleProblem } from '@/shared/schedule';
import {
  COLLECTION_FLAGS,
  COLLECTION_TYPE_FLAGS,
  NO_COLLECTION_MESSAGE,
  collectionFlagFields,
  type ClientTypeSupport,
  type CollectionFlag,
  type EventBodyInput,
  type ScheduledEvent,
} from '@/api/schemas/collection';
import { defaultRecurrence, recurrenceToRule } from '@/features/collection/recurrence';

/** An OU or a domain picked from the directory; `exists` false once the directory no longer has it. */
const target = z.object({
  objectid: z.string(),
  name: z.string(),
  exists: z.boolean(),
  distinguishedname: z.string().optional(),
});

/** The event form's rules: a client, a valid recurrence, at least one collection, and only targets that still exist. */
export const eventFormSchema = z
  .object({
    client_id: z.string().min(1, { error: 'Choose the client that runs the collection' }),
    rrule: z.string().superRefine((rule, ctx) => {
      const problem = rule.trim() === '' ? 'Choose when the collection runs.' : ruleProblem(rule);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    ...collectionFlagFields,
    ous: z.array(target),
    domains: z.array(target),
  })
  .superRefine((v, ctx) => {
    if (!COLLECTION_TYPE_FLAGS.some((f) => v[f]))
      ctx.addIssue({ code: 'custom', path: ['collections'], message: NO_COLLECTION_MESSAGE });
    for (const field of ['ous', 'domains'] as const) {
      const gone = v[field].filter((t) => !t.exists);
      if (gone.length > 0)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `Remove what no longer exists in the directory: ${gone.map((g) => g.name || g.objectid).join(', ')}`,
        });
    }
  });

export type EventFormValues = z.input<typeof eventFormSchema>;

const NO_FLAGS = Object.fromEntries(COLLECTION_FLAGS.map((f) => [f, false])) as Record<CollectionFlag, boolean>;

/** The form's values for `event`; for a new event, the default recurrence with sessions, local groups and structure on. */
export function eventFormValues(event: ScheduledEvent | null): EventFormValues {
  if (!event)
    return {
      client_id: '',
      rrule: recurrenceToRule(defaultRecurrence()) ?? '',
      ...NO_FLAGS,
      session_collection: true,
      local_group_collection: true,
      ad_structure_collection: true,
      ous: [],
      domains: [],
    };
  const toTarget = (o: {
    objectid: string;
    name?: string | null;
    exists?: boolean | null;
    distinguishedname?: string | null;
  }) => ({
    objectid: o.objectid,
    name: o.name || o.objectid,
    // Unknown counts as present: the server says when it is not.
    exists: o.exists !== false,
    distinguishedname: o.distinguishedname ?? undefined,
  });
  return {
    client_id: event.client_id,
    rrule: event.rrule,
    ...Object.fromEntries(COLLECTION_FLAGS.map((f) => [f, event[f]])),
    ous: event.ous.map(toTarget),
    domains: event.domains.map(toTarget),
  } as EventFormValues;
}

/** The body the form's values save: only what the client's type (`support`) collects, the targets by object id. */
export function eventBody(values: EventFormValues, support: ClientTypeSupport): EventBodyInput {
  return {
    client_id: values.client_id,
    rrule: values.rrule.trim(),
    ...Object.fromEntries(COLLECTION_FLAGS.map((f) => [f, support.flags.includes(f) && values[f]])),
    ous: support.targets ? values.ous.map((o) => o.objectid) : [],
    domains: support.targets ? values.domains.map((o) => o.objectid) : [],
  };
}
