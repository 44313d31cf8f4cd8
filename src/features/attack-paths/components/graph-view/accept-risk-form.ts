import { addDays, isValid, startOfDay } from 'date-fns';
import { z } from 'zod';

/**
 * The Accept risk form: until when (a day and a time of day in the person's own time zone, or no expiry)
 * and why (a note the audit log keeps).
 */
export const NOTE_MAX = 500;

export interface AcceptRiskValues {
  noExpiry: boolean;
  date: Date | null;
  time: Date | null;
  note: string;
}

/** A month from today, at noon. */
export function acceptRiskDefaults(now: Date = new Date()): AcceptRiskValues {
  const day = addDays(startOfDay(now), 30);
  const noon = new Date(day);
  noon.setHours(12, 0, 0, 0);
  return { noExpiry: false, date: day, time: noon, note: '' };
}

/** The day of `date` at the time of day of `time`, in local time. */
export function combineDateTime(date: Date, time: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate(), time.getHours(), time.getMinutes(), 0, 0);
}

const dateField = z.date().nullable();

export function acceptRiskSchema(now: () => Date = () => new Date()) {
  return z
    .object({
      noExpiry: z.boolean(),
      date: dateField,
      time: dateField,
      note: z.string().max(NOTE_MAX, { error: `Note must be at most ${NOTE_MAX} characters` }),
    })
    .superRefine((v, ctx) => {
      if (v.noExpiry) return;
      if (!v.date || !isValid(v.date) || v.date.getFullYear() < 1000)
        ctx.addIssue({ code: 'custom', path: ['date'], message: 'Expiry date is required: a day such as 1 Jan 2027' });
      if (!v.time || !isValid(v.time))
        ctx.addIssue({ code: 'custom', path: ['time'], message: 'Expiry time is required: hours and minutes' });
      if (v.date && isValid(v.date) && v.time && isValid(v.time) && combineDateTime(v.date, v.time) <= now())
        ctx.addIssue({ code: 'custom', path: ['date'], message: 'Expiry date must be in the future' });
    });
}

/** What the acceptance sends: the expiry as RFC 3339 (none for no expiry) and the note. */
export function acceptRiskBody(v: AcceptRiskValues): { acceptUntil?: string; note?: string } {
  const until = !v.noExpiry && v.date && v.time ? combineDateTime(v.date, v.time).toISOString() : undefined;
  const note = v.note.trim();
  return { ...(until ? { acceptUntil: until } : {}), ...(note ? { note } : {}) };
}
