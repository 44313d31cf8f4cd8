/**
 * How graph node properties read in a table: dates as dates, booleans as
 * marks, lists as chips, objects as JSON, and labels in words.
 */
import { formatDateTime, timeOf } from '@/shared/format';
import { formatCount } from '@/shared/count';
import { propertyLabel } from '@/lib/property-labels';
import { compareText } from '@/shared/compare-text';

export { propertyLabel };

function dateOrNever(ms: number): FormattedValue {
  return timeOf(ms) === null ? { kind: 'never' } : { kind: 'date', iso: new Date(ms).toISOString(), text: formatDateTime(ms) };
}

/** Properties upstream stores as Unix seconds (AD dates); 0 and -1 mean "never". */
const UNIX_DATE_KEYS = new Set([
  'lastlogon',
  'lastlogontimestamp',
  'pwdlastset',
  'whencreated',
  'lastcollected',
  'lastseen',
  'lastsuccessfulsync',
  'passwordlastset',
]);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

export type FormattedValue =
  | { kind: 'empty' }
  | { kind: 'date'; iso: string; text: string }
  | { kind: 'never' }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'list'; items: string[] }
  | { kind: 'number'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'json'; text: string };

function scalarText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/** How to show one property value. `key` decides whether a number is a date. */
export function formatProperty(key: string, value: unknown): FormattedValue {
  if (value === null || value === undefined || value === '') return { kind: 'empty' };
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  if (typeof value === 'number') {
    if (UNIX_DATE_KEYS.has(key.toLowerCase())) {
      if (value <= 0) return { kind: 'never' };
      // Seconds, or milliseconds from servers that send them.
      return dateOrNever(value > 1e11 ? value : value * 1000);
    }
    return { kind: 'number', text: Number.isInteger(value) ? formatCount(value) : String(value) };
  }
  if (typeof value === 'string') {
    if (ISO_DATE.test(value)) {
      const ms = Date.parse(value);
      if (!Number.isNaN(ms)) {
        return dateOrNever(ms);
      }
    }
    return { kind: 'text', text: value };
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return { kind: 'empty' };
    if (value.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v))) {
      return { kind: 'list', items: value.map(scalarText) };
    }
    return { kind: 'json', text: JSON.stringify(value, null, 2) };
  }
  return { kind: 'json', text: JSON.stringify(value, null, 2) };
}

/** Properties in reading order: name and object id first, then by label. */
export function orderedProperties(props: Record<string, unknown>): [string, unknown][] {
  const first = ['name', 'objectid', 'displayname', 'samaccountname', 'domain', 'domainsid'];
  return Object.entries(props).sort(([a], [b]) => {
    const ia = first.indexOf(a);
    const ib = first.indexOf(b);
    if (ia !== -1 || ib !== -1) return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib);
    return compareText(propertyLabel(a), propertyLabel(b));
  });
}
