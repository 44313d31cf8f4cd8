import type { Severity } from '@/api/schemas/attack-paths';
import { CellTag, type TagTone } from '@/components/table';
import type { TypeSummary } from '@/features/attack-paths/api/attack-paths';
import { compareText } from '@/shared/compare-text';

export const SEVERITY_LABELS: Record<Severity, string> = { critical: 'Critical', high: 'High', moderate: 'Moderate', low: 'Low' };
const TONES: Record<Severity, TagTone> = { critical: 'error', high: 'warning', moderate: 'info', low: 'default' };
const RANK: Record<Severity, number> = { critical: 0, high: 1, moderate: 2, low: 3 };

export function SeverityTag({ severity }: { severity: Severity | '' | null }) {
  if (!severity) return <>—</>;
  return <CellTag label={SEVERITY_LABELS[severity]} tone={TONES[severity]} />;
}

/** A share (0 to 1) as a percentage with one decimal: "97.7%"; "—" for none. */
export function percent(share: number | null | undefined): string {
  return share === null || share === undefined || !Number.isFinite(share) ? '—' : `${(share * 100).toFixed(1)}%`;
}

/** A type in the list: its name, title and summary (undefined while it loads). */
export interface TypeEntry {
  finding: string;
  title: string;
  summary: TypeSummary | undefined;
}

/**
 * Most severe first: by severity, then highest impact, then highest exposure, then most findings, then
 * title. Types still loading, and those with no open finding, go last.
 */
export function compareTypes(a: TypeEntry, b: TypeEntry): number {
  const rank = (e: TypeEntry) =>
    e.summary === undefined ? 6 : e.summary.count === 0 ? 5 : e.summary.severity ? RANK[e.summary.severity] : 4;
  return (
    rank(a) - rank(b) ||
    (b.summary?.impact ?? -1) - (a.summary?.impact ?? -1) ||
    (b.summary?.exposure ?? -1) - (a.summary?.exposure ?? -1) ||
    (b.summary?.count ?? 0) - (a.summary?.count ?? 0) ||
    compareText(a.title, b.title)
  );
}
