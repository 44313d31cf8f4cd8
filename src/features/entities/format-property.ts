/**
 * How graph node properties read in a table: dates as dates, booleans as
 * marks, lists as chips, objects as JSON, and labels in words.
 */

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

/** Words for property keys and count fields that a plain split would get wrong. */
const LABELS: Record<string, string> = {
  objectid: 'Object ID',
  domainsid: 'Domain SID',
  samaccountname: 'SAM account name',
  displayname: 'Display name',
  distinguishedname: 'Distinguished name',
  serviceprincipalnames: 'Service principal names',
  lastlogon: 'Last logon',
  lastlogontimestamp: 'Last logon (replicated)',
  pwdlastset: 'Password last set',
  pwdneverexpires: 'Password never expires',
  whencreated: 'Created',
  lastseen: 'Last seen',
  lastcollected: 'Last collected',
  admincount: 'Admin count',
  hasspn: 'Has SPN',
  dontreqpreauth: 'Does not require pre-authentication',
  unconstraineddelegation: 'Unconstrained delegation',
  sidhistory: 'SID history',
  operatingsystem: 'Operating system',
  haslaps: 'Has LAPS',
  highvalue: 'High value',
  isdc: 'Domain controller',
  functionallevel: 'Functional level',
  email: 'Email',
  groupMembership: 'Group membership',
  adminRights: 'Admin rights',
  rdpRights: 'RDP rights',
  dcomRights: 'DCOM rights',
  psRemoteRights: 'PowerShell remoting rights',
  sqlAdminRights: 'SQL admin rights',
  constrainedDelegationPrivileges: 'Constrained delegation privileges',
  controllables: 'Outbound object control',
  controllers: 'Inbound object control',
  sessions: 'Sessions',
};

const ACRONYMS = new Set([
  'id',
  'sid',
  'spn',
  'rdp',
  'dcom',
  'sql',
  'laps',
  'dn',
  'upn',
  'os',
  'ou',
  'gpo',
  'ca',
  'dc',
  'ntlm',
  'smb',
  'ldap',
]);

/** A readable label for a property key or count field: known words first, else camelCase and snake_case split. */
export function propertyLabel(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : w.toLowerCase()));
  if (words.length === 0) return key;
  const first = words[0]!;
  words[0] = first === first.toUpperCase() ? first : first[0]!.toUpperCase() + first.slice(1);
  return words.join(' ');
}

export type FormattedValue =
  | { kind: 'empty' }
  | { kind: 'date'; iso: string; text: string }
  | { kind: 'never' }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'list'; items: string[] }
  | { kind: 'number'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'json'; text: string };

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** A date as "1 Nov 2026, 09:00 UTC". */
export function formatDate(ms: number): string {
  return `${dateFormat.format(new Date(ms))} UTC`;
}

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
      const ms = value > 1e11 ? value : value * 1000;
      return { kind: 'date', iso: new Date(ms).toISOString(), text: formatDate(ms) };
    }
    return { kind: 'number', text: Number.isInteger(value) ? value.toLocaleString('en-US') : String(value) };
  }
  if (typeof value === 'string') {
    if (ISO_DATE.test(value)) {
      const ms = Date.parse(value);
      if (!Number.isNaN(ms)) {
        if (value.startsWith('0001-01-01')) return { kind: 'never' };
        return { kind: 'date', iso: new Date(ms).toISOString(), text: formatDate(ms) };
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
    return propertyLabel(a).localeCompare(propertyLabel(b), 'en');
  });
}
