/**
 * The event editor's recurrence, as a person picks it (once, hourly, daily,
 * weekly on chosen days, monthly on a day; a date and a time of day in the
 * browser's zone), and the RFC 5545 rule the server stores (UTC DTSTART and
 * an RRULE line), both ways.
 *
 * The rule is in UTC; the person's days and times are local. A local time
 * shortly after midnight east of UTC (or before midnight west of it) falls on
 * another day in UTC, so weekdays and the day of the month move with it. A rule
 * the editor cannot say the same way (COUNT other than a one-off, UNTIL, BYHOUR,
 * BYMONTH, several days of the month, seconds, …) is "custom": `ruleToRecurrence`
 * answers null and the rule stays as typed.
 */
import { browserTimeZone } from '@/shared/format';

import { addDays, addHours, addMinutes } from 'date-fns';

export const FREQUENCIES = ['once', 'hourly', 'daily', 'weekly', 'monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** RFC 5545 weekdays, Monday first (the order of the editor's day buttons and of BYDAY as written). */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

export interface Recurrence {
  frequency: Frequency;
  /** Every N hours, days, weeks or months (1 for a one-off). */
  interval: number;
  /** The first run's day, local `YYYY-MM-DD` (a one-off: its day). */
  date: string;
  /** Time of day, local `HH:MM` (hourly: the first run's time; its minutes are the minutes past each hour). */
  time: string;
  /** Weekly: the local days, in WEEKDAYS order. */
  weekdays: Weekday[];
  /** Monthly: the local day of the month, 1 to 31. */
  monthDay: number;
}

/** Minutes east of UTC at an instant: the browser's zone unless a test gives one. */
export type OffsetOf = (at: Date) => number;
export const browserOffset: OffsetOf = (at) => -at.getTimezoneOffset();

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const DAY_MS = 86_400_000;

/** The local wall time of an instant, as if it were UTC (read it with getUTC*). */
function wall(at: Date, offsetOf: OffsetOf): Date {
  return addMinutes(at, offsetOf(at));
}

/** The instant of a local date and time. Null when they are not a date and a time. */
export function localToInstant(date: string, time: string, offsetOf: OffsetOf = browserOffset): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const naive = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  if (Number.isNaN(naive)) return null;
  // The offset at the guess, then once more at the result (a daylight-saving change between them).
  let at = new Date(naive - offsetOf(new Date(naive)) * 60_000);
  at = new Date(naive - offsetOf(at) * 60_000);
  return at;
}

/** Local `YYYY-MM-DD` and `HH:MM` of an instant. */
export function instantToLocal(at: Date, offsetOf: OffsetOf = browserOffset): { date: string; time: string } {
  const w = wall(at, offsetOf);
  return {
    date: `${w.getUTCFullYear()}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}`,
    time: `${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}`,
  };
}

/** Days from the local date to the UTC date of the same instant: -1, 0 or 1. */
function utcDayShift(at: Date, offsetOf: OffsetOf): number {
  const w = wall(at, offsetOf);
  const local = Date.UTC(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate());
  const utc = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return Math.round((utc - local) / DAY_MS);
}

/** Monday-first index (0 = MO) of a wall-clock date. */
const weekdayIndex = (w: Date) => (w.getUTCDay() + 6) % 7;
const shiftDay = (d: Weekday, by: number): Weekday => WEEKDAYS[(WEEKDAYS.indexOf(d) + by + 7) % 7]!;
const sortDays = (days: readonly Weekday[]) => WEEKDAYS.filter((d) => days.includes(d));

/** How many hours, days, weeks or months apart runs may be (RRULE's INTERVAL). */
export const MAX_INTERVAL = 9999;
export const isInterval = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_INTERVAL;
export const isMonthDay = (n: number) => Number.isInteger(n) && n >= 1 && n <= 31;
const ruleNumber = (n: number) => (Number.isFinite(n) ? String(n) : '');

function dtstart(at: Date): string {
  return `DTSTART:${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}00Z`;
}

/** The rule of a recurrence, or null while its date or time is not complete. */
export function recurrenceToRule(r: Recurrence, offsetOf: OffsetOf = browserOffset): string | null {
  const start = localToInstant(r.date, r.time, offsetOf);
  if (!start) return null;
  const shift = utcDayShift(start, offsetOf);
  // A number the editor refuses (0, 999999, 1.5, none) is written as it is, so the rule says what was
  // typed and is refused with the rest of the form until it is mended.
  // An interval of 1 is the rule's default and is left out.
  let interval = '';
  if (r.interval !== 1) interval = `;INTERVAL=${ruleNumber(r.interval)}`;
  let rule: string;
  switch (r.frequency) {
    case 'once':
      rule = 'FREQ=DAILY;COUNT=1';
      break;
    case 'hourly':
      rule = `FREQ=HOURLY${interval}`;
      break;
    case 'daily':
      rule = `FREQ=DAILY${interval}`;
      break;
    case 'weekly': {
      const days = sortDays(r.weekdays.map((d) => shiftDay(d, shift)));
      rule = `FREQ=WEEKLY${interval}${days.length > 0 ? `;BYDAY=${days.join(',')}` : ''}`;
      break;
    }
    case 'monthly': {
      // The UTC day; the local 1st can be the UTC last day of the month before (-1).
      const day = r.monthDay + shift;
      const utcDay = !isMonthDay(r.monthDay) ? ruleNumber(r.monthDay) : day < 1 ? -1 : Math.min(day, 31);
      rule = `FREQ=MONTHLY${interval};BYMONTHDAY=${utcDay}`;
      break;
    }
  }
  return `${dtstart(start)}\nRRULE:${rule}`;
}

const START_LINE = /^DTSTART:(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})00Z$/;
const ALLOWED: Record<string, readonly string[]> = {
  HOURLY: ['FREQ', 'INTERVAL'],
  DAILY: ['FREQ', 'INTERVAL'],
  WEEKLY: ['FREQ', 'INTERVAL', 'BYDAY'],
  MONTHLY: ['FREQ', 'INTERVAL', 'BYMONTHDAY'],
};

/**
 * The recurrence a rule says, in the editor's terms, or null when the editor
 * cannot say it ("custom rule": the rule stays as typed).
 */
export function ruleToRecurrence(rule: string, offsetOf: OffsetOf = browserOffset): Recurrence | null {
  const lines = rule
    .trim()
    .split(/\r?\n/)
    .map((l) => l.trim().toUpperCase())
    .filter(Boolean);
  if (lines.length !== 2 || !lines[1]!.startsWith('RRULE:')) return null;
  const m = START_LINE.exec(lines[0]!);
  if (!m) return null;
  const start = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5])));
  if (start.getUTCDate() !== Number(m[3]) || Number(m[4]) > 23 || Number(m[5]) > 59) return null;
  const parts = new Map<string, string>();
  for (const part of lines[1]!.slice('RRULE:'.length).split(';').filter(Boolean)) {
    const [key, value, extra] = part.split('=');
    if (!key || value === undefined || extra !== undefined || parts.has(key)) return null;
    parts.set(key, value);
  }
  const freq = parts.get('FREQ') ?? '';
  const { date, time } = instantToLocal(start, offsetOf);
  const shift = utcDayShift(start, offsetOf);
  const w = wall(start, offsetOf);
  const base = { date, time, weekdays: [WEEKDAYS[weekdayIndex(w)]!], monthDay: w.getUTCDate() };

  if (parts.has('COUNT')) {
    // A one-off: one run, nothing else said.
    const onlyOne = parts.get('COUNT') === '1' && [...parts.keys()].every((k) => k === 'FREQ' || k === 'COUNT');
    return onlyOne && ['HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'].includes(freq)
      ? { ...base, frequency: 'once', interval: 1 }
      : null;
  }
  const allowed = ALLOWED[freq];
  if (!allowed || [...parts.keys()].some((k) => !allowed.includes(k))) return null;
  const intervalText = parts.get('INTERVAL') ?? '1';
  if (!/^[1-9]\d{0,3}$/.test(intervalText)) return null;
  const interval = Number(intervalText);
  const frequency = freq.toLowerCase() as Frequency;

  if (freq === 'WEEKLY' && parts.has('BYDAY')) {
    const days = parts.get('BYDAY')!.split(',');
    if (!days.every((d): d is Weekday => (WEEKDAYS as readonly string[]).includes(d))) return null;
    if (new Set(days).size !== days.length) return null;
    return { ...base, frequency, interval, weekdays: sortDays(days.map((d) => shiftDay(d, -shift))) };
  }
  if (freq === 'MONTHLY' && parts.has('BYMONTHDAY')) {
    const text = parts.get('BYMONTHDAY')!;
    if (!/^-?\d{1,2}$/.test(text)) return null;
    const utcDay = Number(text);
    // -1 (the last day) is the editor's only when it is the local 1st east of UTC.
    const local = utcDay === -1 && shift === -1 ? 1 : utcDay - shift;
    if (utcDay === 0 || (utcDay < 0 && !(utcDay === -1 && shift === -1)) || local < 1 || local > 31) return null;
    return { ...base, frequency, interval, monthDay: local };
  }
  return { ...base, frequency, interval };
}

/** A new event's recurrence: weekly on today's weekday at 02:00 local, from tomorrow. */
export function defaultRecurrence(now: Date = new Date(), offsetOf: OffsetOf = browserOffset): Recurrence {
  const tomorrow = addDays(now, 1);
  const w = wall(tomorrow, offsetOf);
  return {
    frequency: 'weekly',
    interval: 1,
    date: instantToLocal(tomorrow, offsetOf).date,
    time: '02:00',
    weekdays: [WEEKDAYS[weekdayIndex(w)]!],
    monthDay: w.getUTCDate(),
  };
}

/** The start of the next whole hour in local time (10:20 → 11:00 the same day), where an hourly schedule starts. */
export function nextHour(now: Date = new Date(), offsetOf: OffsetOf = browserOffset): { date: string; time: string } {
  const { date, time } = instantToLocal(addHours(now, 1), offsetOf);
  return { date, time: `${time.slice(0, 2)}:00` };
}

/** "09:00 in your time zone (Europe/Paris) is 08:00 UTC", for the time a rule starts. */
export function zoneSentence(at: Date, offsetOf: OffsetOf = browserOffset, zoneName: string = browserTimeZone()): string {
  const local = instantToLocal(at, offsetOf).time;
  const utc = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
  const offset = offsetOf(at);
  if (offset === 0) return `${local} in your time zone (${zoneName}) is ${utc} UTC.`;
  const sign = offset > 0 ? '+' : '−';
  const abs = Math.abs(offset);
  const hours = `${sign}${Math.floor(abs / 60)}${abs % 60 ? `:${pad(abs % 60)}` : ''}`;
  return `${local} in your time zone (${zoneName}, UTC${hours}) is ${utc} UTC.`;
}
