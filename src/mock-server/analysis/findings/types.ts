/**
 * The finding types the mock's analysis reports, each with upstream's name, the console's own title, short
 * description and remediation, and upstream's documentation for it. Relationship types name the one-step
 * relationship kind that brings a principal outside a zone into it; list types name a condition on a zone's
 * own members (upstream's hygiene findings).
 */
import type { GraphNode } from '../../seed/graph';

export type FindingKind = 'relationship' | 'list';

export interface FindingType {
  /** Upstream's finding name (`T0GenericAll`, `Kerberoasting`). */
  id: string;
  kind: FindingKind;
  /** The relationship kind a relationship finding follows. */
  edge?: string;
  /** Title on Tier Zero; other zones read "… on <zone> Objects". */
  title: string;
  short: string;
  description: string;
  remediation: string;
  references: readonly string[];
  /** The condition a list finding tests on a zone member. */
  holds?: (node: GraphNode, context: ListContext) => boolean;
}

export interface ListContext {
  /** Seconds since the epoch taken as "now" for a graph: its newest logon time. */
  graphNow: number;
}

const DOCS = 'https://bloodhound.specterops.io';
/** Upstream's page of a relationship kind: `ReadLAPSPassword` → …/edges/read-laps-password, `ADCSESC1` → …/edges/adcs-esc1. */
const edgeDoc = (kind: string) =>
  `${DOCS}/resources/edges/${kind
    .replace(/^ADCSESC/, 'ADCS-ESC')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/([a-z\d])([A-Z])/g, '$1-$2')
    .toLowerCase()}`;
const FINDINGS_DOC = `${DOCS}/analyze-data/findings/attack-paths`;

function relationship(id: string, edge: string, right: string, remediation: string): FindingType {
  return {
    id,
    kind: 'relationship',
    edge,
    title: `${right} Privileges on Tier Zero Objects`,
    short: `Principals outside the zone hold ${edge} on its objects.`,
    description: `A principal outside the zone has the ${edge} relationship with an object in it: whoever controls that principal, or is a member of it, takes a step into the zone's control.`,
    remediation,
    references: [edgeDoc(edge), FINDINGS_DOC],
  };
}

const REMOVE_ACE =
  'Remove the access control entry granting this right from the object, or move the principal into the zone if it must keep it and is managed as the zone is.';

export const RELATIONSHIP_TYPES: readonly FindingType[] = [
  relationship('T0GenericAll', 'GenericAll', 'GenericAll', REMOVE_ACE),
  relationship('T0GenericWrite', 'GenericWrite', 'GenericWrite', REMOVE_ACE),
  relationship('T0WriteDacl', 'WriteDacl', 'WriteDacl', REMOVE_ACE),
  relationship('T0WriteOwner', 'WriteOwner', 'WriteOwner', REMOVE_ACE),
  relationship(
    'T0Owns',
    'Owns',
    'Ownership',
    "Make a zone principal (such as Domain Admins) the object's owner, and keep the OWNER RIGHTS entry to stop implicit owner rights.",
  ),
  relationship(
    'T0AddMember',
    'AddMember',
    'AddMember',
    "Remove the right to change the group's membership from the principal, or manage the principal as part of the zone.",
  ),
  relationship(
    'T0ForceChangePassword',
    'ForceChangePassword',
    'Password Reset',
    "Remove the User-Force-Change-Password extended right from the principal on the account's object.",
  ),
  relationship('T0AllExtendedRights', 'AllExtendedRights', 'All Extended Rights', REMOVE_ACE),
  relationship(
    'T0DCSync',
    'DCSync',
    'DCSync',
    'Remove the Replicating Directory Changes and Replicating Directory Changes All rights from the principal on the domain object; only domain controllers need them.',
  ),
  relationship(
    'T0ReadLAPS',
    'ReadLAPSPassword',
    'LAPS Password Read',
    "Remove the principal's read access to the computer's LAPS password attribute.",
  ),
  relationship(
    'T0AddAllowedToAct',
    'AddAllowedToAct',
    'Resource-Based Constrained Delegation',
    "Remove the principal's right to write msDS-AllowedToActOnBehalfOfOtherIdentity on the computer.",
  ),
  relationship(
    'T0WriteAccountRestrictions',
    'WriteAccountRestrictions',
    'Account Restrictions Write',
    "Remove the principal's right to write the account-restrictions property set on the object.",
  ),
  relationship(
    'T0AllowedToDelegate',
    'AllowedToDelegate',
    'Constrained Delegation',
    "Remove the zone object's services from the principal's msDS-AllowedToDelegateTo, or manage the principal as part of the zone.",
  ),
  relationship(
    'T0AdminTo',
    'AdminTo',
    'Local Administrator',
    "Remove the principal from the computer's local Administrators group.",
  ),
  relationship(
    'T0Sessions',
    'HasSession',
    'Logon Session',
    'Sign zone accounts in only on zone computers (logon restrictions, Protected Users, Authentication Policy Silos), and end the sessions on other computers.',
  ),
  relationship(
    'T0ADCSESC1',
    'ADCSESC1',
    'ADCS ESC1',
    'Turn off "Supply in the request" (ENROLLEE_SUPPLIES_SUBJECT) on the template, require manager approval, or remove the principal\'s enrollment rights.',
  ),
  relationship(
    'T0ADCSESC3',
    'ADCSESC3',
    'ADCS ESC3',
    "Restrict enrollment agents on the enterprise CA and remove the principal's enrollment rights on enrollment agent templates.",
  ),
  relationship('T0ADCSESC4', 'ADCSESC4', 'ADCS ESC4', "Remove the principal's control of the certificate template."),
  relationship(
    'T0ADCSESC13',
    'ADCSESC13',
    'ADCS ESC13',
    "Remove the issuance policy's group link, or the principal's enrollment rights on the templates carrying it.",
  ),
  relationship(
    'T0GoldenCert',
    'GoldenCert',
    'Golden Certificate',
    "Manage the enterprise CA's host as part of the zone: its private key signs certificates for any principal.",
  ),
];

const isEnabled = (n: GraphNode) => n.props.enabled !== false;
const isUser = (n: GraphNode) => n.primaryKind === 'User';
const isAccount = (n: GraphNode) => n.primaryKind === 'User' || n.primaryKind === 'Computer';
/** Tier Zero principals not seen to log on in this long are inactive. */
export const INACTIVE_DAYS = 90;

function list(
  id: string,
  title: string,
  short: string,
  description: string,
  remediation: string,
  holds: (node: GraphNode, context: ListContext) => boolean,
  reference: string,
): FindingType {
  return { id, kind: 'list', title, short, description, remediation, references: [reference, FINDINGS_DOC], holds };
}

export const LIST_TYPES: readonly FindingType[] = [
  list(
    'Kerberoasting',
    'Kerberoastable User Accounts',
    'Zone user accounts with a service principal name.',
    'Any domain user can request a service ticket for an account with a service principal name and crack its password offline.',
    'Remove the service principal names the account does not need, or give it a long random password (or a group managed service account).',
    (n) => isUser(n) && isEnabled(n) && n.props.hasspn === true && n.props.gmsa !== true && n.props.msa !== true,
    `${DOCS}/resources/nodes/user`,
  ),
  list(
    'ASREPRoasting',
    'AS-REP Roastable User Accounts',
    'Zone user accounts that do not require Kerberos pre-authentication.',
    'Anyone can ask for an AS-REP of an account without pre-authentication and crack its password offline.',
    'Clear "Do not require Kerberos preauthentication" on the account.',
    (n) => isUser(n) && isEnabled(n) && n.props.dontreqpreauth === true,
    `${DOCS}/resources/nodes/user`,
  ),
  list(
    'UnconstrainedDelegation',
    'Unconstrained Delegation on Tier Zero Objects',
    'Zone accounts, other than domain controllers, trusted for unconstrained delegation.',
    "A principal trusted for unconstrained delegation receives the tickets of whoever authenticates to it, and can be made to receive a domain controller's.",
    'Replace unconstrained delegation with constrained or resource-based constrained delegation.',
    (n) => isAccount(n) && isEnabled(n) && n.props.unconstraineddelegation === true && n.props.isdc !== true,
    `${DOCS}/resources/edges/coerce-to-tgt`,
  ),
  list(
    'NonExpiringPasswords',
    'Tier Zero Accounts with Non-Expiring Passwords',
    'Zone user accounts whose passwords never expire.',
    'A password that never expires stays useful to whoever learns it.',
    'Clear "Password never expires", or give the account a managed password.',
    (n) => isUser(n) && isEnabled(n) && n.props.pwdneverexpires === true,
    `${DOCS}/resources/nodes/user`,
  ),
  list(
    'PasswordNotRequired',
    'Tier Zero Accounts Not Requiring a Password',
    'Zone user accounts that may have an empty password.',
    'PASSWD_NOTREQD lets the account be given an empty password.',
    'Clear PASSWD_NOTREQD from userAccountControl and set a password.',
    (n) => isUser(n) && isEnabled(n) && n.props.passwordnotreqd === true,
    `${DOCS}/resources/nodes/user`,
  ),
  list(
    'ReversibleEncryption',
    'Tier Zero Passwords Stored with Reversible Encryption',
    'Zone user accounts whose passwords are stored reversibly.',
    'A password stored with reversible encryption can be read back in clear text from the directory database.',
    'Clear "Store password using reversible encryption" and change the password.',
    (n) => isUser(n) && isEnabled(n) && n.props.encryptedtextpwdallowed === true,
    `${DOCS}/resources/nodes/user`,
  ),
  list(
    'DESOnlyKerberos',
    'Tier Zero Accounts Limited to DES Kerberos',
    'Zone user accounts that use only DES for Kerberos.',
    'DES keys are short enough to break; tickets for the account can be cracked.',
    'Clear "Use only Kerberos DES encryption types" and allow AES.',
    (n) => isUser(n) && isEnabled(n) && n.props.usedeskeyonly === true,
    `${DOCS}/resources/nodes/user`,
  ),
  list(
    'InactiveTierZero',
    'Inactive Tier Zero Principals',
    `Enabled zone accounts that have not logged on for ${INACTIVE_DAYS} days.`,
    "An account nobody uses is nobody's to notice when it is taken over.",
    'Disable or delete the account, or remove it from the zone.',
    (n, context) => {
      if (!isAccount(n) || !isEnabled(n)) return false;
      const last = typeof n.props.lastlogontimestamp === 'number' ? n.props.lastlogontimestamp : null;
      return last !== null && last > 0 && context.graphNow - last > INACTIVE_DAYS * 86_400;
    },
    `${DOCS}/resources/nodes/user`,
  ),
];

export const FINDING_TYPES: readonly FindingType[] = [...RELATIONSHIP_TYPES, ...LIST_TYPES];
export const FINDING_TYPE_BY_ID: ReadonlyMap<string, FindingType> = new Map(FINDING_TYPES.map((t) => [t.id, t]));

/** A finding type's title on a zone: upstream's Tier Zero wording, or the zone's name in it. */
export function titleOn(type: FindingType, zoneName: string, tierZero: boolean): string {
  if (tierZero) return type.title;
  return type.title.replace(/Tier Zero/g, zoneName);
}
