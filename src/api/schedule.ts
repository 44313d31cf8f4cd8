/**
 * Recurrence rules of scheduled events (API document 2.10 `rrule`, RFC 5545)
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

/** "Every day at 02:00 UTC", "Every week on Monday, Wednesday, Friday at 22:30 UTC", "Every 4 hours on the hour, from 00:00 UTC". */
export function ruleToText(rule: RRuleType): string {
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
  return tail ? `${words.slice(0, tail.index)}${time}${tail[0]}` : `${words}${time}`;
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
