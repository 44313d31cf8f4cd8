/**
 * One x axis for every chart of days (the data-quality charts, the home page's completeness trend): the
 * same number of ticks, evenly spread from the first day to the last, labelled "28 Nov" with the year in
 * the tooltip, and room at the right end so the last label is never cut.
 */
import { formatDay } from '@/shared/format';

/** How many days each chart labels. */
export const DAY_TICKS = 5;
/** Room (px) right of the plot for the last label's second half. */
export const DAY_AXIS_END_MARGIN = 28;

/** The days a chart labels: {@link DAY_TICKS} of them, evenly spread, the first and the last included. */
export function dayTicks(days: readonly Date[], count: number = DAY_TICKS): Date[] {
  if (days.length <= count) return [...days];
  const picked = new Set<number>();
  for (let i = 0; i < count; i++) picked.add(Math.round((i * (days.length - 1)) / (count - 1)));
  return [...picked].map((i) => days[i]!);
}

/** "28 Nov" on a tick, "28 Nov 2026" in a tooltip. */
export function dayLabel(d: Date, ctx: { location: string }): string {
  return ctx.location === 'tick' ? formatDay(d).replace(/ \d{4}$/, '') : formatDay(d);
}

/** A `YYYY-MM-DD` day as the chart's UTC date. */
export const chartDay = (day: string) => new Date(`${day}T00:00:00Z`);
