/** Times on the collection and ingest pages are shown in UTC, as the schedules are. */

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-02 02:00 UTC"; null (an unset time) gives the fallback. */
export function formatUtc(value: string | Date | null | undefined, fallback = '—'): string {
  if (value === null || value === undefined) return fallback;
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime()) || d.getUTCFullYear() <= 1) return fallback;
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "3 hours ago", "in 20 minutes", "just now". */
export function formatRelative(value: string | Date | null | undefined, now: Date = new Date(), fallback = 'never'): string {
  if (value === null || value === undefined) return fallback;
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime()) || d.getUTCFullYear() <= 1) return fallback;
  const diff = d.getTime() - now.getTime();
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return relative.format(Math.round(diff / ms), unit);
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
