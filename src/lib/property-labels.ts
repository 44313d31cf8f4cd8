/** Readable labels for graph property keys and count fields. */

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
  psRemoteUsers: 'PowerShell remoting users',
  constrainedPrivs: 'Constrained delegation privileges',
  constrainedUsers: 'Constrained delegation users',
  gpos: 'GPOs',
  ous: 'OUs',
  linkedgpos: 'Linked GPOs',
  dcsyncers: 'DCSync principals',
  foreignGPOControllers: 'Foreign GPO controllers',
  'adcs-escalations': 'ADCS escalations',
  tierzero: 'Tier Zero objects',
  'pki-hierarchy': 'PKI hierarchy',
  'trusted-cas': 'Trusted CAs',
  'published-to-cas': 'Published to CAs',
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
