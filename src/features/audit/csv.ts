/**
 * The audit log as CSV (RFC 4180): a header row of the API's field names, one row per entry, `fields` as
 * JSON. Cells a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return)
 * get a leading apostrophe, so opening the file never runs what an actor typed.
 */
import type { AuditLog } from '@/api/schemas/audit';
import type { DateRange } from './filters';

export const CSV_COLUMNS = [
  'id',
  'created_at',
  'actor_id',
  'actor_name',
  'actor_email',
  'action',
  'status',
  'source_ip_address',
  'request_id',
  'commit_id',
  'fields',
] as const satisfies readonly (keyof AuditLog)[];

/** The most rows a download holds; past it the download says how many were left out. */
export const CSV_MAX_ROWS = 10_000;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised against formula injection, then quoted when it holds a quote, comma or line break. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The file's text: header row and rows, CRLF line ends (RFC 4180). */
export function buildCsv(logs: readonly AuditLog[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const log of logs) lines.push(CSV_COLUMNS.map((c) => csvCell(c === 'fields' ? (log.fields ?? {}) : log[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A bound as it reads in a file name: no colons ("2026-11-20T1430"). */
const namePart = (text: string) => text.replace(/:/g, '').replace(/[^0-9A-Za-z+.-]/g, '-');

/**
 * `audit-log_<from>_to_<to>.csv` from the range the view shows: the bounds as written in the URL, or
 * `start` and the day of the download when a bound is unset.
 */
export function csvFileName(range: DateRange, today: Date = new Date()): string {
  const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  const from = range.parsed.after?.ok ? namePart(range.parsed.after.text) : 'start';
  const to = range.parsed.before?.ok ? namePart(range.parsed.before.text) : day;
  return `audit-log_${from}_to_${to}.csv`;
}
