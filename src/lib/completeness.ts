/** The completeness figures (GET /api/v2/completeness) as labelled percentages. */
import { propertyLabel } from './property-labels';
import { compareText } from '@/shared/compare-text';

export interface CompletenessFigure {
  key: string;
  label: string;
  /** 0–100. */
  percent: number;
}

const COMPLETENESS_LABELS: Record<string, string> = {
  LocalGroupCompleteness: 'Local admins collected',
  localGroupCompleteness: 'Local admins collected',
  local_group_completeness: 'Local admins collected',
  SessionCompleteness: 'Sessions collected',
  sessionCompleteness: 'Sessions collected',
  session_completeness: 'Sessions collected',
};

/**
 * The completeness figures as percentages. Upstream sends shares from 0 to 1;
 * a server that sends percentages (any value above 1) is read as such.
 */
export function completenessFigures(data: Record<string, number>): CompletenessFigure[] {
  const values = Object.values(data);
  const asShares = values.every((v) => v >= 0 && v <= 1);
  return Object.entries(data)
    .map(([key, v]) => ({
      key,
      label: COMPLETENESS_LABELS[key] ?? propertyLabel(key),
      percent: Math.max(0, Math.min(100, asShares ? v * 100 : v)),
    }))
    .sort((a, b) => compareText(a.label, b.label));
}

/**
 * One colour per completeness figure, wherever it is drawn (the home page's bars and trend, the data
 * quality page's chart): the theme's palette colour of that name.
 */
export const COMPLETENESS_COLORS = {
  'Sessions collected': 'primary',
  'Local admins collected': 'secondary',
} as const satisfies Record<string, 'primary' | 'secondary'>;

/** The palette colour of a completeness figure by its label, or undefined for a figure of no set colour. */
export function completenessColor(label: string): 'primary' | 'secondary' | undefined {
  return (COMPLETENESS_COLORS as Record<string, 'primary' | 'secondary'>)[label];
}
