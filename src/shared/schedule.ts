/**
 * Recurrence rules of scheduled events (their `rrule`, as `collectionOps.createClientSchedule` declares it; RFC 5545)
 * in words, and their next run, through the `rrule` library. Times are UTC.
 * Pure functions: used by the console's pages and by the mock service (to
 * sort events by their next run).
 */
import * as rruleModule from 'rrule';
import type { Options, RRule as RRuleType } from 'rrule';
import { clockTime, TIME_ZONE_LABEL } from './clock';
import { inWords } from './words';

// `rrule` ships an ES module for bundlers and a UMD build for Node; Node's ESM
// loader sees only a default export there. Take the classes from either (the
// namespace goes through a function so bundlers do not look for `default`).
function pickLibrary(mod: Record<string, unknown>): typeof rruleModule {
  return (mod.RRule ? mod : mod['default']) as typeof rruleModule;
}
const lib = pickLibrary(rruleModule as unknown as Record<string, unknown>);
const { RRule } = lib;

export interface ScheduleDescription {
  /** The rule in words ("Every day at 02:00 UTC"), or null when the rule cannot be read. */
  text: string | null;
  /** The next run after `now`, or null when the rule has no further runs (or cannot be read). */
  next: Date | null;
  /** Why the rule cannot be read, for people. */
  error: string | null;
}

/** Parses an RFC 5545 rule (`DTSTART:...\nRRULE:...` or a bare `RRULE:`/`FREQ=` line). Throws with a readable message. */
export function parseRule(rrule: string): RRuleType {
  const text = rrule.trim();
  if (text === '') throw new Error('The recurrence rule is empty.');
  try {
    return RRule.fromString(text);
  } catch (e) {
    throw new Error(`The recurrence rule cannot be read (${(e as Error).message}).`, { cause: e });
  }
}

/** The time-of-day part, in UTC, for rules that repeat daily or less often. */
const listOf = (v: number | number[] | null | undefined, fallback: number[]): number[] =>
  v === null || v === undefined ? fallback : Array.isArray(v) ? v : [v];

function timeOfDay(options: Options): string {
  const hours = listOf(options.byhour, []);
  const minutes = listOf(options.byminute, [0]);
  const times: string[] = [];
  for (const h of [...hours].sort((a, b) => a - b))
    for (const m of [...minutes].sort((a, b) => a - b)) times.push(clockTime(h, m));
  return times.length > 0 ? ` at ${inWords(times)} ${TIME_ZONE_LABEL}` : '';
}

/** The minute-of-hour part for hourly rules. */
function minutesPast(options: Options, dtstart: Date | null | undefined): string {
  const minutes = [...listOf(options.byminute, [0])].sort((a, b) => a - b);
  const phrase =
    minutes.length === 1 && minutes[0] === 0
      ? ' on the hour'
      : ` at ${inWords(minutes.map((m) => `${m} minutes`))} past the hour`;
  const from =
    options.interval > 1 && dtstart
      ? `, from ${clockTime(dtstart.getUTCHours(), dtstart.getUTCMinutes())} ${TIME_ZONE_LABEL}`
      : '';
  return `${phrase}${from}`;
}

/** Monthly rules on a day some months lack (the 29th to 31st) skip those months: ", skipping months without a 31st". */
function skippedMonths(options: Options): string {
  if (options.freq !== RRule.MONTHLY) return '';
  const days = listOf(options.bymonthday, []);
  if (days.length === 0 || days.some((d) => d < 1 || d <= 28)) return '';
  const first = Math.min(...days);
  return `, skipping months without a ${ordinal(first)}`;
}

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/**
 * "Every day at 02:00 UTC", "Every week on Monday, Wednesday, Friday at 22:30 UTC", "Every 4 hours on the
 * hour, from 00:00 UTC", "Once on 1 Dec 2026 at 02:00 UTC", "Every month on the 31st at 02:00 UTC, skipping
 * months without a 31st".
 */
export function ruleToText(rule: RRuleType): string {
  if (rule.options.count === 1) {
    const only = rule.all()[0];
    if (only) return `Once on ${dayText(only)} at ${clockTime(only.getUTCHours(), only.getUTCMinutes())} ${TIME_ZONE_LABEL}`;
  }
  // Words for the frequency and days from the library; the time of day is
  // written here, in UTC, as the library writes hours in its own way.
  const { byhour: _h, byminute: _m, bysecond: _s, ...rest } = rule.origOptions;
  const base = new RRule({ ...rest, dtstart: rule.options.dtstart }).toText();
  const words = base.charAt(0).toUpperCase() + base.slice(1);
  const freq = rule.options.freq;
  let time = '';
  if (freq === RRule.YEARLY || freq === RRule.MONTHLY || freq === RRule.WEEKLY || freq === RRule.DAILY)
    time = timeOfDay(rule.options);
  else if (freq === RRule.HOURLY) time = minutesPast(rule.options, rule.options.dtstart);
  // Keep "until …" / "for N times" at the end of the sentence.
  const tail = /( until .+| for \d+ times?)$/.exec(words);
  const sentence = tail ? `${words.slice(0, tail.index)}${time}${tail[0]}` : `${words}${time}`;
  return `${sentence}${skippedMonths(rule.options)}`;
}

/** The rule in words and its next run after `now`. Never throws. */
export function describeSchedule(rrule: string, now: Date = new Date()): ScheduleDescription {
  try {
    const rule = parseRule(rrule);
    return { text: ruleToText(rule), next: rule.after(now, false), error: null };
  } catch (e) {
    return { text: null, next: null, error: (e as Error).message };
  }
}

/** The next run after `now`, or null (no further runs, or an unreadable rule). */
export function nextRun(rrule: string, now: Date = new Date()): Date | null {
  try {
    return parseRule(rrule).after(now, false);
  } catch {
    return null;
  }
}

/** The next `count` runs after `now`. */
export function upcomingRuns(rrule: string, count: number, now: Date = new Date()): Date[] {
  try {
    const rule = parseRule(rrule);
    const out: Date[] = [];
    let from = now;
    for (let i = 0; i < count; i++) {
      const next = rule.after(from, false);
      if (!next) break;
      out.push(next);
      from = next;
    }
    return out;
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------------------
// Checking a rule before it schedules a collection (the mock service's event
// writes and the console's event editor use the same sentences)
// ---------------------------------------------------------------------------

const RULE_PARTS = new Set([
  'FREQ',
  'INTERVAL',
  'COUNT',
  'UNTIL',
  'WKST',
  'BYDAY',
  'BYMONTHDAY',
  'BYMONTH',
  'BYHOUR',
  'BYMINUTE',
  'BYSECOND',
  'BYSETPOS',
  'BYYEARDAY',
  'BYWEEKNO',
]);
const FREQUENCIES = ['YEARLY', 'MONTHLY', 'WEEKLY', 'DAILY', 'HOURLY', 'MINUTELY', 'SECONDLY'];
const WEEKDAY = /^(MO|TU|WE|TH|FR|SA|SU)$/;
const NTH_WEEKDAY = /^([+-]?[1-5])?(MO|TU|WE|TH|FR|SA|SU)$/;
/** Days in each month (February in a leap year). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Starts before this year are refused: the library walks every period from the start, so an old start costs time on every read. */
const EARLIEST_START_YEAR = 2020;
const UTC_START = /^DTSTART:(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;
const UNTIL_VALUE = /^\d{8}(T\d{6}Z?)?$/;

/** Whole numbers in [min, max] (zero excluded when `noZero`), comma-separated. */
function numberList(part: string, value: string, min: number, max: number, what: string, noZero = false): string | null {
  for (const item of value.split(',')) {
    const n = /^[+-]?\d{1,3}$/.test(item) ? Number(item) : NaN;
    if (!Number.isInteger(n) || n < min || n > max || (noZero && n === 0)) return `${part} must list ${what}, not "${item}".`;
  }
  return null;
}

function partProblem(key: string, value: string): string | null {
  switch (key) {
    case 'FREQ':
      return FREQUENCIES.includes(value) ? null : `FREQ must be one of ${FREQUENCIES.join(', ')}, not "${value}".`;
    case 'INTERVAL':
    case 'COUNT':
      return /^\d{1,4}$/.test(value) && Number(value) >= 1
        ? null
        : `${key} must be a whole number from 1 to 9999, not "${value}".`;
    case 'UNTIL':
      return UNTIL_VALUE.test(value) ? null : `UNTIL must be a UTC date-time such as 20271231T000000Z, not "${value}".`;
    case 'WKST':
      return WEEKDAY.test(value) ? null : `WKST must be a weekday (MO, TU, WE, TH, FR, SA or SU), not "${value}".`;
    case 'BYDAY': {
      const bad = value.split(',').find((d) => !NTH_WEEKDAY.test(d));
      return bad === undefined
        ? null
        : `BYDAY must list weekdays such as MO,WE,FR (or 1MO to 5MO, -1MO to -5MO in a monthly rule), not "${bad}".`;
    }
    case 'BYMONTHDAY':
      return numberList(key, value, -31, 31, 'days of the month from 1 to 31 (or -1 to -31 from the end)', true);
    case 'BYMONTH':
      return numberList(key, value, 1, 12, 'months from 1 to 12');
    case 'BYHOUR':
      return numberList(key, value, 0, 23, 'hours from 0 to 23');
    case 'BYMINUTE':
      return numberList(key, value, 0, 59, 'minutes from 0 to 59');
    default:
      // BYSECOND, BYSETPOS, BYYEARDAY, BYWEEKNO: valid RFC 5545, but they can
      // make a rule that never runs, which the library would look for until 9999.
      return `${key} is not supported for scheduled collections: use FREQ, INTERVAL, BYDAY, BYMONTHDAY, BYMONTH, BYHOUR, BYMINUTE, COUNT or UNTIL.`;
  }
}

/** The value of one part of an RRULE line's parts (upper case), or null. */
function partValue(parts: string[], key: string): string | null {
  const part = parts.find((p) => p.toUpperCase().startsWith(`${key}=`));
  return part === undefined ? null : part.slice(key.length + 1).toUpperCase();
}

/**
 * A sentence when no month the rule allows has a day it names (BYMONTHDAY=30
 * with BYMONTH=2), or an nth weekday outside a monthly or yearly rule; such
 * rules never run.
 */
function impossibleDays(parts: string[]): string | null {
  const freq = partValue(parts, 'FREQ');
  const byday = partValue(parts, 'BYDAY');
  if (byday && freq !== 'MONTHLY' && freq !== 'YEARLY' && byday.split(',').some((d) => /\d/.test(d)))
    return 'BYDAY with a number (1MO, -1FR) belongs in a monthly or yearly rule only.';
  const days = partValue(parts, 'BYMONTHDAY');
  if (!days) return null;
  const months = (partValue(parts, 'BYMONTH') ?? '1,2,3,4,5,6,7,8,9,10,11,12').split(',').map(Number);
  const fits = days
    .split(',')
    .map(Number)
    .some((d) => months.some((m) => Math.abs(d) <= MONTH_DAYS[m - 1]!));
  return fits ? null : 'The rule never runs: no month it allows has the days BYMONTHDAY names.';
}

/** "1 Dec 2026" (the day in UTC). */
function dayText(d: Date): string {
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** "1 Dec 2026, 02:00 UTC". */
function whenText(d: Date): string {
  return `${dayText(d)}, ${clockTime(d.getUTCHours(), d.getUTCMinutes())} ${TIME_ZONE_LABEL}`;
}

/**
 * Why a rule cannot schedule a collection, in a sentence for people, or null
 * when it can: a `DTSTART:<UTC time>` line and an `RRULE:` line (RFC 5545),
 * every part known and in range, repeating at most hourly, and at least one
 * run after `now` (so a one-off must start in the future).
 */
export function ruleProblem(rrule: string, now: Date = new Date()): string | null {
  const lines = rrule
    .trim()
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (lines.length === 0) return 'The recurrence rule is empty.';
  const start = lines.filter((l) => /^DTSTART[:;]/i.test(l));
  const rules = lines.filter((l) => /^RRULE:/i.test(l));
  const other = lines.find((l) => !/^(DTSTART[:;]|RRULE:)/i.test(l));
  if (other !== undefined)
    return `The rule has a line that is neither DTSTART nor RRULE: "${other.slice(0, 60)}". Write DTSTART:20261201T020000Z, then RRULE:FREQ=...`;
  if (start.length !== 1)
    return start.length === 0
      ? 'The rule needs a start: a DTSTART line such as DTSTART:20261201T020000Z.'
      : 'The rule has more than one DTSTART line.';
  if (rules.length !== 1)
    return rules.length === 0
      ? 'The rule needs an RRULE line such as RRULE:FREQ=WEEKLY;BYDAY=MO.'
      : 'The rule has more than one RRULE line.';
  const m = UTC_START.exec(start[0]!.toUpperCase());
  if (!m) return 'The start must be a UTC time written as DTSTART:20261201T020000Z (date, "T", time, "Z").';
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const startAt = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (startAt.getUTCMonth() !== mo - 1 || startAt.getUTCDate() !== d || h > 23 || mi > 59 || s > 59)
    return `The start ${start[0]} is not a real date and time.`;
  if (y < EARLIEST_START_YEAR || y > 2099) return `The start must be in the years ${EARLIEST_START_YEAR} to 2099, not ${y}.`;
  const parts = rules[0]!.slice('RRULE:'.length).split(';').filter(Boolean);
  const seen = new Set<string>();
  for (const part of parts) {
    const eq = part.indexOf('=');
    const key = (eq < 0 ? part : part.slice(0, eq)).toUpperCase();
    const value = eq < 0 ? '' : part.slice(eq + 1).toUpperCase();
    if (!RULE_PARTS.has(key)) return `The rule has an unknown part "${part.slice(0, 40)}".`;
    if (seen.has(key)) return `The rule names ${key} twice.`;
    seen.add(key);
    const problem = partProblem(key, value);
    if (problem) return problem;
  }
  if (!seen.has('FREQ')) return 'The rule needs a frequency: FREQ=HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY.';
  if (seen.has('COUNT') && seen.has('UNTIL')) return 'The rule may end with COUNT or with UNTIL, not both.';
  const impossible = impossibleDays(parts);
  if (impossible) return impossible;
  let rule: RRuleType;
  try {
    rule = parseRule(rrule);
  } catch (e) {
    return (e as Error).message;
  }
  if (rule.options.freq === RRule.MINUTELY || rule.options.freq === RRule.SECONDLY)
    return 'A collection can run at most once an hour: use FREQ=HOURLY or less often.';
  if (rule.after(now, false)) return null;
  const runs = rule.all((_d, i) => i < 2);
  if (runs.length === 1) return `A one-off collection must start in the future: ${whenText(runs[0]!)} has passed.`;
  return runs.length === 0 ? 'The rule never runs.' : 'The rule has no runs after now: every run it names has passed.';
}
