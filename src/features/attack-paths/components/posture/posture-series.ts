/**
 * The posture figures the page charts (one per `GET /api/v2/posture-history/{data_type}`), what each
 * means and its unit, and the figures as table rows, the change over the range and the y scale a
 * logarithmic chart can draw them on.
 */
import type { PostureHistoryType } from '@/api/schemas/attack-paths';
import { formatCount } from '@/shared/count';
import { compareText } from '@/shared/compare-text';

export type FigureUnit = 'count' | 'percent';

export interface PostureFigure {
  type: PostureHistoryType;
  /** The chart's heading; `{zone}` is the zone's name. */
  title: string;
  unit: FigureUnit;
  /** What one day's value is, in a sentence. */
  description: string;
}

/**
 * In the order the page shows them. Counts are summed over the environments asked for, shares (percent)
 * are their mean, each from the day's last analysis of every environment.
 */
export const POSTURE_FIGURES: readonly PostureFigure[] = [
  {
    type: 'findings',
    title: 'Findings',
    unit: 'count',
    description: 'Findings the day’s last analysis found, summed over the environments.',
  },
  {
    type: 'attack-paths',
    title: 'Attack paths',
    unit: 'count',
    description: 'Finding types (attack paths) found, summed over the environments.',
  },
  {
    type: 'exposure',
    title: 'Exposure (%)',
    unit: 'percent',
    description:
      'Share of the users and computers outside {zone} that at least one finding exposes, the mean over the environments.',
  },
  {
    type: 'assets',
    title: '{zone} assets',
    unit: 'count',
    description: 'Members of {zone}, summed over the environments.',
  },
  {
    type: 'session-completeness',
    title: 'Session completeness (%)',
    unit: 'percent',
    description: 'How complete session collection was, the mean over the environments.',
  },
  {
    type: 'group-completeness',
    title: 'Group completeness (%)',
    unit: 'percent',
    description: 'How complete local-group collection was, the mean over the environments.',
  },
  {
    type: 'archived-findings',
    title: 'Remediated findings',
    unit: 'count',
    description: 'Findings the day’s analysis no longer found (remediated), summed over the environments.',
  },
];

/** A figure's words with the zone named. */
export const withZone = (text: string, zone: string) => text.replaceAll('{zone}', zone);

export interface PosturePoint {
  /** RFC 3339, the start of the point's UTC day. */
  date: string;
  value: number;
}

/** One table row: the day, its value and the change since the point before it (null on the first). */
export interface FigureRow {
  day: string;
  value: number;
  change: number | null;
}

/** Values are sent with two decimals at most; sums and differences are kept to them. */
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The points as rows, oldest first, one per day (the last of a day when the server sent several). */
export function figureRows(points: readonly PosturePoint[]): FigureRow[] {
  const byDay = new Map<string, number>();
  for (const p of [...points].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)))
    byDay.set(p.date.slice(0, 10), p.value);
  let before: number | null = null;
  return [...byDay].map(([day, value]) => {
    const row = { day, value, change: before === null ? null : round2(value - before) };
    before = value;
    return row;
  });
}

/** From the first point of the range to its last: both values and the difference; null without points. */
export function rangeChange(
  rows: readonly FigureRow[],
): { first: FigureRow; last: FigureRow; change: number; relative: number | null } | null {
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last) return null;
  const change = round2(last.value - first.value);
  return { first, last, change, relative: first.value === 0 ? null : round2((100 * change) / first.value) };
}

/** A value in its unit: "1,204", "37.5%". */
export function formatValue(value: number, unit: FigureUnit): string {
  return unit === 'percent' ? `${value.toFixed(1)}%` : formatCount(value);
}

/** A change with its sign: "+12", "−3", "0"; shares in percentage points ("−2.4 points"). */
export function formatChange(change: number, unit: FigureUnit): string {
  // Shares are written to one decimal: a change that rounds to 0.0 is no change, not "−0.0".
  const shown = unit === 'percent' ? Math.round(change * 10) / 10 : change;
  const sign = shown > 0 ? '+' : shown < 0 ? '−' : '';
  const size = Math.abs(shown);
  return unit === 'percent' ? `${sign}${size.toFixed(1)} points` : `${sign}${formatCount(size)}`;
}

/**
 * The y scale of a logarithmic chart. A logarithm of 0 (or less) does not exist, so a figure with such a
 * day is drawn on a symmetric log scale instead: logarithmic away from 0, linear between 0 and 1, where 0
 * sits on the axis. `zeroDays` says how many days made that so (the chart says it in words).
 */
export type LogScale = { scaleType: 'log'; zeroDays: 0 } | { scaleType: 'symlog'; constant: number; zeroDays: number };

export function logScaleFor(values: readonly (number | null)[]): LogScale {
  const zeroDays = values.filter((v) => v !== null && v <= 0).length;
  return zeroDays === 0 ? { scaleType: 'log', zeroDays: 0 } : { scaleType: 'symlog', constant: 1, zeroDays };
}

/** One type's row of the finding trends, as the server sends it (the fields the summary shows). */
export interface TrendFinding {
  finding: string;
  display_title: string;
  composite_risk: number;
  finding_count_start: number;
  finding_count_end: number;
  finding_count_increase: number;
  finding_count_decrease: number;
}

/** Most changed first (new plus remediated), then the higher composite risk, then by title. */
export function trendRows<T extends TrendFinding>(findings: readonly T[]): T[] {
  const changed = (t: TrendFinding) => t.finding_count_increase + t.finding_count_decrease;
  return [...findings].sort(
    (a, b) => changed(b) - changed(a) || b.composite_risk - a.composite_risk || compareText(a.display_title, b.display_title),
  );
}

/**
 * The labelled values of a logarithmic axis: 1, 2 and 5 of each power of ten between the figure's least and
 * greatest value (one beyond each end, so the line never runs past the last label), and 0 on a symmetric
 * scale. Without them the axis labels every 1 to 9 of a decade, which crowds a small chart.
 */
export function logTicks(values: readonly (number | null)[], scale: LogScale): number[] {
  const drawn = values.filter((v): v is number => v !== null && v > 0);
  const ticks: number[] = scale.scaleType === 'symlog' ? [0] : [];
  if (drawn.length === 0) return scale.scaleType === 'symlog' ? [0, 1] : [1];
  const low = Math.min(...drawn);
  const high = Math.max(...drawn);
  const candidates: number[] = [];
  for (let exp = Math.floor(Math.log10(low)) - 1; exp <= Math.ceil(Math.log10(high)) + 1; exp++)
    for (const m of [1, 2, 5]) candidates.push(Number((m * 10 ** exp).toPrecision(12)));
  const below = candidates.filter((c) => c <= low).at(-1) ?? candidates[0]!;
  const above = candidates.find((c) => c >= high) ?? candidates.at(-1)!;
  // On a symmetric scale the axis starts at 0, so the labels start at 1 (below that it is linear).
  const from = scale.scaleType === 'symlog' ? 1 : below;
  for (const c of candidates) if (c >= from && c <= above) ticks.push(c);
  // A narrow span (10 to 20) would have two labels only: then evenly stepped ones between its ends.
  if (scale.scaleType === 'log' && ticks.length < 3 && above > from) {
    const unit = 10 ** Math.floor(Math.log10(above - from));
    for (const step of [unit, unit / 2, unit / 5, unit / 10]) {
      const even: number[] = [];
      for (let t = Math.ceil(from / step) * step; t <= above + step / 1e6; t += step) even.push(Number(t.toPrecision(12)));
      if (even.length >= 3) return even;
    }
  }
  return ticks;
}
