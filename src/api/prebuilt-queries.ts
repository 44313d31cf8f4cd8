/**
 * The pre-built Active Directory queries upstream's console ships, grouped by
 * category as its query page lists them, with upstream's names and query
 * texts. The console offers them beside its Cypher editor; the mock's tests
 * and `npm run bench cypher` run every one over the directory graph.
 *
 * Upstream's Azure queries are left out: the generated graph holds no Azure
 * data (only uploaded AzureHound files bring it), so on the seed every one of
 * them would find nothing.
 */
import { ADCS_FINDING_KINDS } from './schemas/cypher';

export interface PrebuiltQuery {
  /** What the query finds, as the list shows it. */
  name: string;
  /** The Cypher text put into the editor. */
  query: string;
}

export interface PrebuiltCategory {
  category: string;
  queries: readonly PrebuiltQuery[];
}

/** The node kind of Tier Zero's members (upstream's system tag). */
const TIER_ZERO = 'Tag_Tier_Zero';
/** The node kind of Owned objects (upstream's system tag). */
const OWNED = 'Tag_Owned';

/**
 * The relationship kinds upstream's console lets a pre-built path query walk
 * (its `ActiveDirectoryPathfindingEdges`), written into the query text as one
 * multi-typed relationship.
 */
const AD_TRAVERSABLE = [
  'Owns',
  'GenericAll',
  'GenericWrite',
  'WriteOwner',
  'WriteDacl',
  'MemberOf',
  'ForceChangePassword',
  'AllExtendedRights',
  'AddMember',
  'HasSession',
  'GPLink',
  'AllowedToDelegate',
  'CoerceToTGT',
  'AllowedToAct',
  'AdminTo',
  'CanPSRemote',
  'CanRDP',
  'ExecuteDCOM',
  'HasSIDHistory',
  'AddSelf',
  'DCSync',
  'ReadLAPSPassword',
  'ReadGMSAPassword',
  'DumpSMSAPassword',
  'SQLAdmin',
  'AddAllowedToAct',
  'WriteSPN',
  'AddKeyCredentialLink',
  'SyncLAPSPassword',
  'WriteAccountRestrictions',
  'WriteGPLink',
  ...ADCS_FINDING_KINDS,
  'SyncedToEntraUser',
  'CoerceAndRelayNTLMToSMB',
  'CoerceAndRelayNTLMToADCS',
  'WriteOwnerLimitedRights',
  'OwnsLimitedRights',
  'ClaimSpecialIdentity',
  'CoerceAndRelayNTLMToLDAP',
  'CoerceAndRelayNTLMToLDAPS',
  'ContainsIdentity',
  'PropagatesACEsTo',
  'GPOAppliesTo',
  'CanApplyGPO',
  'HasTrustKeys',
  'ManageCA',
  'ManageCertificates',
  'Contains',
  'DCFor',
  'SameForestTrust',
  'SpoofSIDHistory',
  'AbuseTGTDelegation',
].join('|');

/** The conditions upstream's Kerberoasting queries put on a user `v`: has an SPN, enabled, not krbtgt, not a (g)MSA. */
const kerberoastable = (v: string) =>
  `${v}.hasspn=true\nAND ${v}.enabled = true\nAND NOT ${v}.objectid ENDS WITH '-502'\nAND NOT COALESCE(${v}.gmsa, false) = true\nAND NOT COALESCE(${v}.msa, false) = true`;

/** The start of upstream's certificate-template enrollment queries. */
const ENROLL = '(:Base)-[:Enroll|GenericAll|AllExtendedRights]->';

export const PREBUILT_AD_QUERIES: readonly PrebuiltCategory[] = [
  {
    category: 'Domain Information',
    queries: [
      {
        name: 'All Domain Admins',
        query: `MATCH p = (t:Group)<-[:MemberOf*1..]-(a)\nWHERE (a:User or a:Computer) and t.objectid ENDS WITH '-512'\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Map domain trusts',
        query: `MATCH p = (:Domain)-[:SameForestTrust|CrossForestTrust]->(:Domain)\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Locations of Tier Zero / High Value objects',
        query: `MATCH p = (t:Base)<-[:Contains*1..]-(:Domain)\nWHERE (t:${TIER_ZERO})\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Map OU structure',
        query: `MATCH p = (:Domain)-[:Contains*1..]->(:OU)\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Location of AdminSDHolder Protected objects',
        query: `MATCH p = (n:Base)<-[:Contains*1..]-(:Domain)\nWHERE n.adminsdholderprotected = True\nRETURN p\nLIMIT 1000`,
      },
    ],
  },
  {
    category: 'Dangerous Privileges',
    queries: [
      {
        name: 'Principals with DCSync privileges',
        query: `MATCH p=(:Base)-[:DCSync|AllExtendedRights|GenericAll]->(:Domain)\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Principals with foreign domain group membership',
        query: `MATCH p=(s:Base)-[:MemberOf]->(t:Group)\nWHERE s.domainsid<>t.domainsid\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Computers where Domain Users are local administrators',
        query: `MATCH p=(s:Group)-[:AdminTo]->(:Computer)\nWHERE s.objectid ENDS WITH '-513'\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Computers where Domain Users can read LAPS passwords',
        query: `MATCH p=(s:Group)-[:AllExtendedRights|ReadLAPSPassword]->(:Computer)\nWHERE s.objectid ENDS WITH '-513'\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Paths from Domain Users to Tier Zero / High Value targets',
        query: `MATCH p=shortestPath((s:Group)-[:${AD_TRAVERSABLE}*1..]->(t:${TIER_ZERO}))\nWHERE s.objectid ENDS WITH '-513' AND s<>t\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Workstations where Domain Users can RDP',
        query: `MATCH p=(s:Group)-[:CanRDP]->(t:Computer)\nWHERE s.objectid ENDS WITH '-513' AND NOT toUpper(t.operatingsystem) CONTAINS 'SERVER'\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Servers where Domain Users can RDP',
        query: `MATCH p=(s:Group)-[:CanRDP]->(t:Computer)\nWHERE s.objectid ENDS WITH '-513' AND toUpper(t.operatingsystem) CONTAINS 'SERVER'\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Users CanBackup Tier Zero / High Value computers',
        query: `MATCH p=(s:Base)-[:CanBackup]->(t:${TIER_ZERO})\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Dangerous privileges for Domain Users groups',
        query: `MATCH p=(s:Group)-[r:${AD_TRAVERSABLE}]->(:Base)\nWHERE s.objectid ENDS WITH '-513'\nAND NOT r:MemberOf\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Domain Admins logons to non-Domain Controllers',
        query: `MATCH (s)-[:MemberOf*0..]->(g:Group)\nWHERE g.objectid ENDS WITH '-516'\nWITH COLLECT(s) AS exclude\nMATCH p = (c:Computer)-[:HasSession]->(:User)-[:MemberOf*1..]->(g:Group)\nWHERE g.objectid ENDS WITH '-512' AND NOT c IN exclude\nRETURN p\nLIMIT 1000`,
      },
    ],
  },
  {
    category: 'Kerberos Interaction',
    queries: [
      {
        name: 'Kerberoastable members of Tier Zero / High Value groups',
        query: `MATCH (u:User)\nWHERE (u:${TIER_ZERO}) AND ${kerberoastable('u')}\nRETURN u\nLIMIT 100`,
      },
      {
        name: 'All Kerberoastable users',
        query: `MATCH (u:User)\nWHERE ${kerberoastable('u')}\nRETURN u\nLIMIT 100`,
      },
      {
        name: 'Kerberoastable users with most admin privileges',
        query: `MATCH (u:User)\nWHERE ${kerberoastable('u')}\nMATCH (u)-[:MemberOf|AdminTo*1..]->(c:Computer)\nWITH DISTINCT u, COUNT(c) AS adminCount\nRETURN u\nORDER BY adminCount DESC\nLIMIT 100`,
      },
      {
        name: 'AS-REP Roastable users (DontReqPreAuth)',
        query: `MATCH (u:User)\nWHERE u.dontreqpreauth = true\nAND u.enabled = true\nRETURN u\nLIMIT 100`,
      },
    ],
  },
  {
    category: 'Shortest Paths',
    queries: [
      {
        name: 'Shortest paths to systems trusted for unconstrained delegation',
        query: `MATCH p=shortestPath((s)-[:${AD_TRAVERSABLE}*1..]->(t:Computer))\nWHERE t.unconstraineddelegation = true AND s<>t\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Shortest paths to Domain Admins from Kerberoastable users',
        query: `MATCH p=shortestPath((s:User)-[:${AD_TRAVERSABLE}*1..]->(t:Group))\nWHERE ${kerberoastable('s')}\nAND t.objectid ENDS WITH '-512'\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Shortest paths to Tier Zero / High Value targets',
        query: `MATCH p=shortestPath((s)-[:${AD_TRAVERSABLE}*1..]->(t:${TIER_ZERO}))\nWHERE s<>t\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Shortest paths from Domain Users to Tier Zero / High Value targets',
        query: `MATCH p=shortestPath((s:Group)-[:${AD_TRAVERSABLE}*1..]->(t:${TIER_ZERO}))\nWHERE s.objectid ENDS WITH '-513' AND s<>t\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Shortest paths to Domain Admins',
        query: `MATCH p=shortestPath((t:Group)<-[:${AD_TRAVERSABLE}*1..]-(s:Base))\nWHERE t.objectid ENDS WITH '-512' AND s<>t\nRETURN p\nLIMIT 1000`,
      },
      {
        // Upstream ships this one commented out: many-to-many shortest paths rarely complete.
        name: 'Shortest paths from Owned objects to Tier Zero',
        query: `// MANY TO MANY SHORTEST PATH QUERIES USE EXCESSIVE SYSTEM RESOURCES AND TYPICALLY WILL NOT COMPLETE\n// UNCOMMENT THE FOLLOWING LINES BY REMOVING THE DOUBLE FORWARD SLASHES AT YOUR OWN RISK\n// MATCH p=shortestPath((s:${OWNED})-[:${AD_TRAVERSABLE}*1..]->(t:${TIER_ZERO}))\n// WHERE s<>t\n// RETURN p\n// LIMIT 1000`,
      },
      {
        name: 'Shortest paths from Owned objects',
        query: `MATCH p=shortestPath((s:Base)-[:${AD_TRAVERSABLE}*1..]->(t:Base))\nWHERE (s:${OWNED})\nAND s<>t\nRETURN p\nLIMIT 1000`,
      },
    ],
  },
  {
    category: 'Active Directory Certificate Services',
    queries: [
      {
        name: 'PKI hierarchy',
        query: `MATCH p=()-[:HostsCAService|IssuedSignedBy|EnterpriseCAFor|RootCAFor|TrustedForNTAuth|NTAuthStoreFor*..]->(:Domain)\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Public Key Services container',
        query: `MATCH p = (c:Container)-[:Contains*..]->(:Base)\nWHERE c.distinguishedname starts with 'CN=PUBLIC KEY SERVICES,CN=SERVICES,CN=CONFIGURATION,DC='\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Enrollment rights on published certificate templates',
        query: `MATCH p = ${ENROLL}(:CertTemplate)-[:PublishedTo]->(:EnterpriseCA)\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Enrollment rights on published ESC1 certificate templates',
        query: `MATCH p = ${ENROLL}(ct:CertTemplate)-[:PublishedTo]->(:EnterpriseCA)\nWHERE ct.enrolleesuppliessubject = True\nAND ct.authenticationenabled = True\nAND ct.requiresmanagerapproval = False\nAND (ct.authorizedsignatures = 0 OR ct.schemaversion = 1)\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Enrollment rights on published ESC2 certificate templates',
        query: `MATCH p = ${ENROLL}(c:CertTemplate)-[:PublishedTo]->(:EnterpriseCA)\nWHERE c.requiresmanagerapproval = false\nAND (c.effectiveekus = [''] OR '2.5.29.37.0' IN c.effectiveekus OR c.effectiveekus IS NULL)\nAND (c.authorizedsignatures = 0 OR c.schemaversion = 1)\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Enrollment rights on published enrollment agent certificate templates',
        query: `MATCH p = ${ENROLL}(ct:CertTemplate)-[:PublishedTo]->(:EnterpriseCA)\nWHERE '1.3.6.1.4.1.311.20.2.1' IN ct.effectiveekus\nOR '2.5.29.37.0' IN ct.effectiveekus\nOR SIZE(ct.effectiveekus) = 0\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Enrollment rights on published certificate templates with no security extension',
        query: `MATCH p = ${ENROLL}(ct:CertTemplate)-[:PublishedTo]->(:EnterpriseCA)\nWHERE ct.nosecurityextension = true\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Compromising permissions on ADCS nodes (ESC5)',
        query: `MATCH p = (n:Base)-[:Owns|WriteOwner|WriteDacl|GenericAll|GenericWrite]->(m:Base)\nWHERE m.distinguishedname CONTAINS "PUBLIC KEY SERVICES"\nAND NOT n.objectid ENDS WITH "-512" // Domain Admins\nAND NOT n.objectid ENDS WITH "-519" // Enterprise Admins\nAND NOT n.objectid ENDS WITH "-544" // Administrators\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Enrollment rights on certificate templates published to Enterprise CA with User Specified SAN enabled (ESC6)',
        query: `MATCH p = ${ENROLL}(ct:CertTemplate)-[:PublishedTo]->(eca:EnterpriseCA)\nWHERE eca.isuserspecifiessanenabled = True\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'CA Administrators and CA Managers (ESC7)',
        query: `MATCH p = (:Base)-[:ManageCertificates|ManageCA]->(:EnterpriseCA)\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Enrollment rights on certificate templates published to Enterprise CA with vulnerable HTTP(S) endpoint (ESC8)',
        query: `MATCH p = ${ENROLL}(ct:CertTemplate)-[:PublishedTo]->(eca:EnterpriseCA)\nWHERE eca.hasvulnerableendpoint = True\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Domain controllers with weak certificate binding enabled',
        query: `MATCH p = (s:Computer)-[:DCFor]->(:Domain)\nWHERE s.strongcertificatebindingenforcementraw = 0 OR s.strongcertificatebindingenforcementraw = 1\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Domain controllers with UPN certificate mapping enabled',
        query: `MATCH p = (s:Computer)-[:DCFor]->(:Domain)\nWHERE s.certificatemappingmethodsraw IN [4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31]\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Non-default permissions on IssuancePolicy nodes',
        query: `MATCH p = (s:Base)-[:GenericAll|GenericWrite|Owns|WriteOwner|WriteDacl]->(:IssuancePolicy)\nWHERE NOT s.objectid ENDS WITH '-512' AND NOT s.objectid ENDS WITH '-519'\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Enrollment rights on CertTemplates with OIDGroupLink',
        query: `MATCH p = ${ENROLL}(:CertTemplate)-[:ExtendedByPolicy]->(:IssuancePolicy)-[:OIDGroupLink]->(:Group)\nRETURN p\nLIMIT 1000`,
      },
    ],
  },
  {
    category: 'Active Directory Hygiene',
    queries: [
      {
        name: 'Enabled Tier Zero / High Value principals inactive for 60 days',
        query: `WITH 60 as inactive_days\nMATCH (n:Base)\nWHERE (n:${TIER_ZERO})\nAND n.enabled = true\nAND n.lastlogontimestamp < (datetime().epochseconds - (inactive_days * 86400)) // Replicated value\nAND n.lastlogon < (datetime().epochseconds - (inactive_days * 86400)) // Non-replicated value\nAND n.whencreated < (datetime().epochseconds - (inactive_days * 86400)) // Exclude recently created principals\nAND NOT n.name STARTS WITH 'AZUREADKERBEROS.' // Removes false positive, Azure KRBTGT\nAND NOT n.objectid ENDS WITH '-500' // Removes false positive, built-in Administrator\nAND NOT n.name STARTS WITH 'AZUREADSSOACC.' // Removes false positive, Entra Seamless SSO\nRETURN n`,
      },
      {
        name: 'Tier Zero / High Value enabled users not requiring smart card authentication',
        query: `MATCH (u:User)\nWHERE (u:${TIER_ZERO})\nAND u.enabled = true\nAND u.smartcardrequired = false\nAND NOT u.name STARTS WITH 'MSOL_' // Removes false positive, Entra sync\nAND NOT u.name STARTS WITH 'PROVAGENTGMSA' // Removes false positive, Entra sync\nAND NOT u.name STARTS WITH 'ADSYNCMSA_' // Removes false positive, Entra sync\nRETURN u`,
      },
      {
        name: 'Domains where any user can join a computer to the domain',
        query: `MATCH (d:Domain)\nWHERE d.machineaccountquota > 0\nRETURN d`,
      },
      {
        name: 'Accounts with smart card required in domains where smart account passwords do not expire',
        query: `MATCH p=(s:Domain)-[:Contains*1..]->(t:Base)\nWHERE s.expirepasswordsonsmartcardonlyaccounts = false\nAND t.enabled = true\nAND t.smartcardrequired = true\nRETURN p`,
      },
      {
        name: 'Cross-forest trusts with abusable configuration',
        query: `MATCH p=(n:Domain)-[:CrossForestTrust|SpoofSIDHistory|AbuseTGTDelegation]-(m:Domain)\nWHERE (n)-[:SpoofSIDHistory|AbuseTGTDelegation]-(m)\nRETURN p`,
      },
      {
        name: 'Computers with unsupported operating systems',
        query: `MATCH (c:Computer)\nWHERE c.operatingsystem =~ '(?i).*Windows.* (2000|2003|2008|2012|xp|vista|7|8|me|nt).*'\nRETURN c\nLIMIT 100`,
      },
      {
        name: 'Users which do not require password to authenticate',
        query: `MATCH (u:User)\nWHERE u.passwordnotreqd = true\nRETURN u\nLIMIT 100`,
      },
      {
        name: 'Users with passwords not rotated in over 1 year',
        query: `WITH 365 as days_since_change\nMATCH (u:User)\nWHERE u.pwdlastset < (datetime().epochseconds - (days_since_change * 86400))\nAND NOT u.pwdlastset IN [-1.0, 0.0]\nRETURN u\nLIMIT 100`,
      },
      {
        name: 'Nested groups within Tier Zero / High Value',
        query: `MATCH p=(t:Group)<-[:MemberOf*..]-(s:Group)\nWHERE (t:${TIER_ZERO})\nAND NOT s.objectid ENDS WITH '-512' // Domain Admins\nAND NOT s.objectid ENDS WITH '-519' // Enterprise Admins\nRETURN p\nLIMIT 1000`,
      },
      {
        name: 'Disabled Tier Zero / High Value principals',
        query: `MATCH (n:Base)\nWHERE (n:${TIER_ZERO})\nAND n.enabled = false\nAND NOT n.objectid ENDS WITH '-502' // Removes false positive, KRBTGT\nAND NOT n.objectid ENDS WITH '-500' // Removes false positive, built-in Administrator\nRETURN n\nLIMIT 100`,
      },
      {
        name: 'Principals with passwords stored using reversible encryption',
        query: `MATCH (n:Base)\nWHERE n.encryptedtextpwdallowed = true\nRETURN n`,
      },
      {
        name: 'Principals with DES-only Kerberos authentication',
        query: `MATCH (n:Base)\nWHERE n.enabled = true\nAND n.usedeskeyonly = true\nRETURN n`,
      },
      {
        name: 'Principals with weak supported Kerberos encryption types',
        query: `MATCH (u:Base)\nWHERE 'DES-CBC-CRC' IN u.supportedencryptiontypes\nOR 'DES-CBC-MD5' IN u.supportedencryptiontypes\nOR 'RC4-HMAC-MD5' IN u.supportedencryptiontypes\nRETURN u`,
      },
      {
        name: 'Tier Zero / High Value users with non-expiring passwords',
        query: `MATCH (u:User)\nWHERE (u:${TIER_ZERO}) AND u.enabled = true\nAND u.pwdneverexpires = true\nRETURN u\nLIMIT 100`,
      },
      {
        name: 'Tier Zero principals without AdminSDHolder protection',
        query: `MATCH (n:Base)\nWHERE (n:${TIER_ZERO})\nAND n.adminsdholderprotected = false\nRETURN n\nLIMIT 500`,
      },
      {
        name: 'AdminSDHolder to protected objects relationship',
        query: `MATCH p=(n)-[:ProtectAdminGroups]->(m)\nRETURN p\nLIMIT 1000`,
      },
    ],
  },
  {
    category: 'NTLM Relay Attacks',
    queries: [
      {
        name: 'All coerce and NTLM relay edges',
        query: `MATCH p = (n:Base)-[:CoerceAndRelayNTLMToLDAP|CoerceAndRelayNTLMToLDAPS|CoerceAndRelayNTLMToADCS|CoerceAndRelayNTLMToSMB]->(:Base)\nRETURN p LIMIT 500`,
      },
      {
        name: 'ESC8-vulnerable Enterprise CAs',
        query: `MATCH (n:EnterpriseCA)\nWHERE n.hasvulnerableendpoint=true\nRETURN n`,
      },
      {
        name: 'Computers with the outgoing NTLM setting set to Deny all',
        query: `MATCH (c:Computer)\nWHERE c.restrictoutboundntlm = True\nRETURN c LIMIT 1000`,
      },
      {
        name: 'Computers with membership in Protected Users',
        query: `MATCH p = (:Base)-[:MemberOf*1..]->(g:Group)\nWHERE g.objectid ENDS WITH '-525'\nRETURN p LIMIT 1000`,
      },
      {
        name: 'DCs vulnerable to NTLM relay to LDAP attacks',
        query: `MATCH p = (dc:Computer)-[:DCFor]->(:Domain)\nWHERE (dc.ldapavailable = True AND dc.ldapsigning = False)\nOR (dc.ldapsavailable = True AND dc.ldapsepa = False)\nOR (dc.ldapavailable = True AND dc.ldapsavailable = True AND dc.ldapsigning = False and dc.ldapsepa = True)\nRETURN p`,
      },
      {
        name: 'Computers with the WebClient running',
        query: `MATCH (c:Computer)\nWHERE c.webclientrunning = True\nRETURN c LIMIT 1000`,
      },
      {
        name: 'Computers not requiring inbound SMB signing',
        query: `MATCH (n:Computer)\nWHERE n.smbsigning = False\nRETURN n`,
      },
    ],
  },
];
