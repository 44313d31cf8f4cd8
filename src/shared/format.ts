/**
 * The formatting of times, with src/shared/count.ts for counts: every `Intl`
 * formatter the console and the mock server use is built in one of the two,
 * once (ESLint refuses one built anywhere else), as the first one a page
 * builds costs milliseconds of ICU set-up. Counts have a module of their own
 * because the sign-in page needs them and none of this.
 *
 * Counts are written by src/shared/count.ts ("1,234"). Every time is shown in UTC and says so, in one style:
 *
 * - date and time: "22 Nov 2026, 17:16 UTC" ({@link formatDateTime})
 * - date only:     "22 Nov 2026" ({@link formatDay})
 * - relative:      "in 3 hours", "5 minutes ago" ({@link formatRelative}), with the
 *   exact time beside it (a title or tooltip: see src/components/time.tsx)
 *
 * Schedules ("Every day at 02:00 UTC") use the same clock, {@link clockTime}.
 */
import { clockTime, TIME_ZONE_LABEL } from './clock';

export { clockTime };

/** A time as the API sends it (ISO text), milliseconds since 1970, or a Date; null or undefined when unset. */
export type TimeValue = string | number | Date | null | undefined;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
/** Go's zero time ("0001-01-01T00:00:00Z") and anything before 1971 mean "never" in this API. */
const EARLIEST = Date.UTC(1971, 0, 1);

/** The time in milliseconds, or null when it is unset (null, unreadable, Go's zero time or before 1971). */
export function timeOf(value: TimeValue): number | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : value.getTime();
  return Number.isNaN(ms) || ms < EARLIEST ? null : ms;
}

/** The ISO text for a `<time dateTime>` attribute, or undefined when unset. */
export function isoOf(value: TimeValue): string | undefined {
  const ms = timeOf(value);
  return ms === null ? undefined : new Date(ms).toISOString();
}

function day(d: Date): string {
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "22 Nov 2026, 17:16 UTC"; an unset time gives `fallback`. */
export function formatDateTime(value: TimeValue, fallback = '—'): string {
  const ms = timeOf(value);
  if (ms === null) return fallback;
  const d = new Date(ms);
  return `${day(d)}, ${clockTime(d.getUTCHours(), d.getUTCMinutes())} ${TIME_ZONE_LABEL}`;
}

/** "22 Nov 2026" (the day in UTC); an unset time gives `fallback`. */
export function formatDay(value: TimeValue, fallback = '—'): string {
  const ms = timeOf(value);
  return ms === null ? fallback : day(new Date(ms));
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];
let relative: Intl.RelativeTimeFormat | undefined;

/** "in 3 hours", "5 minutes ago", "yesterday", "just now"; an unset time gives `fallback`. */
export function formatRelative(value: TimeValue, now: TimeValue = Date.now(), fallback = 'never'): string {
  const ms = timeOf(value);
  if (ms === null) return fallback;
  const diff = ms - (timeOf(now) ?? Date.now());
  relative ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size) return relative.format(Math.round(diff / size), unit);
  }
  return 'just now';
}

/** "1.2 MB" (decimal units, as file managers show sizes). */
export function formatSize(bytes: number): string {
  if (bytes >= 1e9) return `${+(bytes / 1e9).toFixed(1)} GB`;
  if (bytes >= 1e6) return `${+(bytes / 1e6).toFixed(1)} MB`;
  if (bytes >= 1e3) return `${+(bytes / 1e3).toFixed(1)} kB`;
  return `${bytes} B`;
}

/** The browser's time zone ("Europe/Paris"), for pages that read or show times in it; `fallback` when it has none. */
export function browserTimeZone(fallback = 'local time'): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || fallback;
  } catch {
    return fallback;
  }
}
