import Tooltip from '@mui/material/Tooltip';
import type { CSSProperties } from 'react';
import { formatDateTime, formatDay, formatRelative, isoOf, type TimeValue } from '@/shared/format';

/** Timestamps never break inside a table cell or a line. */
const NO_WRAP: CSSProperties = { whiteSpace: 'nowrap' };

/**
 * A time as `<time>`: "22 Nov 2026, 17:16 UTC", or the day only ("22 Nov 2026",
 * with the full time as its title). An unset time shows `fallback` as plain text.
 */
export function DateTime({
  value,
  fallback = '—',
  day = false,
}: {
  value: TimeValue;
  fallback?: string;
  /** Show the day only; the exact time goes to the title. */
  day?: boolean;
}) {
  const iso = isoOf(value);
  if (!iso) return <span>{fallback}</span>;
  return (
    <time dateTime={iso} title={day ? formatDateTime(iso) : undefined} style={NO_WRAP}>
      {day ? formatDay(iso) : formatDateTime(iso)}
    </time>
  );
}

/** "in 3 hours", "5 minutes ago", with the exact time in a tooltip. An unset time shows `fallback`. */
export function RelativeTime({
  value,
  fallback = 'Never',
  now,
  focusable = false,
}: {
  value: TimeValue;
  fallback?: string;
  now?: TimeValue;
  /** In the tab order, so the exact time shows from the keyboard too. */
  focusable?: boolean;
}) {
  const iso = isoOf(value);
  if (!iso) return <span>{fallback}</span>;
  return (
    <Tooltip title={formatDateTime(iso)} describeChild>
      <time dateTime={iso} style={NO_WRAP} tabIndex={focusable ? 0 : undefined}>
        {formatRelative(iso, now)}
      </time>
    </Tooltip>
  );
}
