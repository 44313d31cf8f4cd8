/**
 * Names, dates and distinguished names the seeded directory's parts share
 * (graph.ts builds the base directory; directory.ts, its parts and scale.ts
 * add to it).
 */
import { SEED_EPOCH } from './random';

/** Unix seconds `days` days after the seed epoch (upstream stores AD dates as Unix seconds). */
export function unixDays(days: number): number {
  return Math.round((SEED_EPOCH + days * 86_400_000) / 1000);
}

/** A domain's distinguished name: `DC=CORP,DC=ACME,DC=LOCAL`. */
export function dn(domainName: string): string {
  return domainName
    .split('.')
    .map((part) => `DC=${part}`)
    .join(',');
}

export const FIRST_NAMES = [
  'Aaron',
  'Bianca',
  'Carlos',
  'Dana',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kara',
  'Liam',
  'Mona',
  'Nils',
  'Olga',
  'Pavel',
  'Quinn',
  'Rosa',
  'Sami',
  'Tara',
  'Umar',
  'Vera',
  'Wes',
  'Xenia',
  'Yusuf',
  'Zoe',
  'Amir',
  'Beth',
  'Cyril',
  'Dina',
];
export const LAST_NAMES = [
  'Abbott',
  'Brandt',
  'Castro',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Hansen',
  'Ibrahim',
  'Jensen',
  'Kowalski',
  'Larsen',
  'Moreau',
  'Novak',
  'Okafor',
  'Petrov',
  'Quist',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Ueda',
  'Vogel',
  'Weber',
  'Yilmaz',
  'Zhang',
];
export const TITLES = ['Engineer', 'Analyst', 'Accountant', 'Consultant', 'Manager', 'Administrator', 'Developer', 'Recruiter'];
export const CUSTOM_GROUPS = [
  'IT HELPDESK',
  'SERVER ADMINS',
  'WORKSTATION ADMINS',
  'SQL ADMINS',
  'FINANCE',
  'HUMAN RESOURCES',
  'ENGINEERING',
  'SALES',
  'VPN USERS',
  'REMOTE DESKTOP USERS',
  'BACKUP OPERATORS',
  'SCCM ADMINS',
  'CITRIX USERS',
  'DEVOPS',
  'SECURITY TEAM',
  'MARKETING',
  'LEGAL',
  'FACILITIES',
  'PRINT OPERATORS',
  'EXCHANGE ADMINS',
  'WEB ADMINS',
  'DATA SCIENCE',
  'CONTRACTORS',
  'EXECUTIVES',
  'AUDITORS',
  'SUPPORT TIER 2',
  'PAYROLL',
  'PROCUREMENT',
  'QA',
  'RESEARCH',
  'TRAINING',
  'INTERNS',
  'ARCHITECTS',
  'NETWORK ADMINS',
  'CLOUD OPS',
  'DBA TEAM',
  'SERVICE ACCOUNTS',
  'PROJECT MANAGERS',
  'OPERATIONS',
  'CUSTOMER SUCCESS',
  'MOBILE DEVS',
];
export const SERVER_ROLES = ['SQL', 'FS', 'WEB', 'APP', 'EXCH', 'SCCM', 'CA', 'BKP', 'PRT', 'CTX'];
export const WORKSTATION_OS = ['Windows 11 Enterprise', 'Windows 10 Enterprise', 'Windows 10 Pro'];
export const SERVER_OS = ['Windows Server 2022 Standard', 'Windows Server 2019 Standard', 'Windows Server 2016 Datacenter'];
