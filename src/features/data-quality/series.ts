/**
 * What the data-quality page draws: the counts of a data-quality point grouped by kind (directory
 * objects; ACLs, sessions and relationships; certificate services; completeness), and within a kind
 * split further by size, so a line of tens never lies flat under one of thousands on a shared axis.
 */
import { inWords } from '@/shared/words';
import type { AdDataQualityCount, AdDataQualityStat } from '@/api/schemas/data-quality';

export type Metric = AdDataQualityCount | 'session_completeness' | 'local_group_completeness';

export const METRIC_LABELS: Record<Metric, string> = {
  users: 'Users',
  groups: 'Groups',
  computers: 'Computers',
  ous: 'OUs',
  containers: 'Containers',
  gpos: 'GPOs',
  aiacas: 'AIA CAs',
  rootcas: 'Root CAs',
  enterprisecas: 'Enterprise CAs',
  ntauthstores: 'NTAuth stores',
  certtemplates: 'Certificate templates',
  acls: 'ACLs',
  sessions: 'Sessions',
  relationships: 'Relationships',
  // The home page's completeness card says it the same way.
  session_completeness: 'Sessions collected',
  local_group_completeness: 'Local admins collected',
};

export const PERCENT_METRICS: readonly Metric[] = ['session_completeness', 'local_group_completeness'];

export interface MetricGroup {
  id: string;
  title: string;
  /** `percent`: shares 0–1 shown as 0–100 % on a fixed axis. */
  unit: 'count' | 'percent';
  metrics: readonly Metric[];
}

/** The kinds, in the order the page shows them. */
export const METRIC_GROUPS: readonly MetricGroup[] = [
  {
    id: 'objects',
    title: 'Directory objects',
    unit: 'count',
    metrics: ['users', 'groups', 'computers', 'ous', 'gpos', 'containers'],
  },
  { id: 'links', title: 'ACLs, sessions and relationships', unit: 'count', metrics: ['acls', 'sessions', 'relationships'] },
  { id: 'completeness', title: 'Completeness', unit: 'percent', metrics: PERCENT_METRICS },
  {
    id: 'adcs',
    title: 'Certificate services',
    unit: 'count',
    metrics: ['aiacas', 'rootcas', 'enterprisecas', 'ntauthstores', 'certtemplates'],
  },
];

/**
 * A line whose largest value is less than this share of the chart's largest line goes to a chart of its
 * own: at 1/10 it would use under a tenth of the height, and its changes would not show.
 */
export const FLATTEN_RATIO = 10;

/** The value of a metric at a point, as drawn: counts as they are, shares as percentages (0–100). */
export function metricValue(point: AdDataQualityStat, metric: Metric): number {
  const v = point[metric];
  return PERCENT_METRICS.includes(metric) ? Math.round(v * 1000) / 10 : v;
}

export interface ChartSpec {
  /** Stable id (`objects-1`). */
  id: string;
  group: MetricGroup;
  metrics: Metric[];
  /** The chart's name: its lines, "Users, computers and groups". */
  title: string;
  /** Every line is 0 on every day: said in a sentence, not drawn. */
  allZero: boolean;
}

/** "A", "A and B", "A, B and C" (the labels after the first in lower case unless they are acronyms). */
export function listLabel(metrics: readonly Metric[]): string {
  const labels = metrics.map((m, i) => {
    const label = METRIC_LABELS[m];
    return i === 0 || /^[A-Z]{2,}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
  });
  return inWords(labels);
}

/**
 * The charts for these points: each kind's lines, largest first, split wherever a line's peak is under
 * 1/{@link FLATTEN_RATIO} of its chart's largest peak; lines that are 0 throughout go together, marked
 * `allZero`. Percentages stay together (one 0–100 axis).
 */
export function chartSpecs(points: readonly AdDataQualityStat[], groups: readonly MetricGroup[] = METRIC_GROUPS): ChartSpec[] {
  const specs: ChartSpec[] = [];
  for (const group of groups) {
    const peak = (m: Metric) => points.reduce((max, p) => Math.max(max, metricValue(p, m)), 0);
    const chunks: Metric[][] = [];
    if (group.unit === 'percent') chunks.push([...group.metrics]);
    else {
      const ranked = [...group.metrics].map((m) => ({ m, peak: peak(m) })).sort((a, b) => b.peak - a.peak);
      let top = -1;
      for (const { m, peak: p } of ranked) {
        // Lines that are 0 throughout go together, apart from lines that are not.
        if (chunks.length === 0 || p * FLATTEN_RATIO < top || (p === 0 && top > 0)) {
          chunks.push([m]);
          top = p;
        } else chunks.at(-1)!.push(m);
      }
    }
    chunks.forEach((metrics, i) =>
      specs.push({
        id: `${group.id}-${i + 1}`,
        group,
        metrics,
        title: listLabel(metrics),
        // A share of 0 % is a finding worth a chart; a count of 0 is not.
        allZero: group.unit === 'count' && metrics.every((m) => peak(m) === 0),
      }),
    );
  }
  return specs;
}
