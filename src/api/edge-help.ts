/**
 * Short help for every Active Directory relationship kind of the edge-kind table: what it means, how it is
 * abused, how defenders see or stop the abuse, and upstream's documentation pages about it. The mapped type makes
 * a kind of the table without help, or help for a kind the table does not know, a compile error.
 */
import type { KnownEdgeKind } from './schemas/edge-kinds';

export interface EdgeHelp {
  /** What the relationship means, one or two sentences. */
  readonly meaning: string;
  /** How an attacker abuses it, two to four sentences, naming the usual tools generically where apt. */
  readonly abuse: string;
  /** How defenders detect or prevent the abuse, one to three sentences. */
  readonly detection: string;
  /** Upstream's documentation pages about this kind, full URLs (at least one). */
  readonly references: readonly string[];
}

const DOCS = 'https://bloodhound.specterops.io/resources/edges/';

/** Upstream's edge pages of the given slugs, as full URLs. */
const pages = (...slugs: readonly string[]): readonly string[] => slugs.map((slug) => `${DOCS}${slug}`);

export const EDGE_HELP: { readonly [K in KnownEdgeKind]: EdgeHelp } = {
  Contains: {
    meaning:
      'The source container, OU or domain holds the target object. Policies linked to the container reach the object, and inheritable permissions set on the container flow down to it.',
    abuse:
      'Control of a parent is control of what it holds. An attacker who can edit the parent’s DACL adds an inheritable full-control entry, or one who controls a GPO linked to it pushes settings onto every contained account. Follow the inbound relationships of the parent to see which route applies.',
    detection:
      'Audit security-descriptor changes on OUs and containers (event 5136 with a SACL in place) and review who can modify them. Keep inheritance blocked on sensitive objects where it is not needed.',
    references: pages('contains'),
  },
  DCFor: {
    meaning:
      'The source computer is a writable domain controller of the target domain; read-only domain controllers get no such relationship.',
    abuse:
      'Whoever controls a domain controller controls its domain: with administrative access an attacker can read the directory database, replicate any secret or alter any object. Paths ending at a domain controller are therefore paths to the whole domain.',
    detection:
      'Treat domain controllers as Tier Zero: restrict and monitor every administrative logon to them, and alert on new services, scheduled tasks or copies of the directory database.',
    references: pages('dc-for'),
  },
  GPLink: {
    meaning:
      'The source group policy object is linked to the target OU or domain, so its settings apply to the users and computers within.',
    abuse:
      'An attacker who can edit the linked GPO adds a malicious setting, typically an immediate scheduled task or a startup script, and every account in scope runs it at the next policy refresh. Public GPO-abuse tools automate the edit from Windows or Linux; security filtering narrows the blast radius.',
    detection:
      'Audit changes to GPO objects and their files in SYSVOL, and alert on new scheduled tasks or scripts delivered by policy. Limit GPO edit rights to a small administrative group.',
    references: pages('gp-link'),
  },
  ClaimSpecialIdentity: {
    meaning:
      'The source can obtain a logon token containing the target special identity SID, such as Network, Key Trust or NTLM Authentication, whose membership is decided at authentication time rather than by a member list.',
    abuse:
      'Any right granted to a special identity is effectively granted to everyone who can claim it. An attacker authenticates in the way that yields the identity (over the network, with NTLM, or through PKINIT with key credentials planted by a shadow-credentials attack) and then uses the permissions given to that identity.',
    detection:
      'Review ACLs and rights for entries that grant special identities anything beyond read access, and keep the Guest account disabled.',
    references: pages('claim-special-identity'),
  },
  ContainsIdentity: {
    meaning:
      'The source domain holds the identity of the target user or computer. Upstream has folded this kind into Contains and no longer keeps a page of its own; the reference is the Contains page.',
    abuse:
      'Control of the domain object compromises every account it holds: replication rights, all extended rights or full control on the domain lead to a DCSync that yields any account’s credentials. Look at the inbound relationships of the domain for the concrete route.',
    detection:
      'Watch replication requests from hosts that are not domain controllers and review who holds rights on the domain object itself.',
    references: pages('contains'),
  },
  PropagatesACEsTo: {
    meaning:
      'Permissions set on the source container flow down to the target child because the child inherits ACEs. Upstream has folded this kind into Contains; the reference is the Contains page.',
    abuse:
      'An attacker with control of the container’s DACL writes an inheritable entry, for example full control, and the child picks it up. This reaches objects whose own DACL the attacker could never edit directly.',
    detection:
      'Audit DACL changes on containers and OUs, and disable inheritance on sensitive objects that do not need it (AdminSDHolder already protects the built-in privileged ones).',
    references: pages('contains'),
  },
  GPOAppliesTo: {
    meaning:
      'The settings of the source GPO reach the target user or computer through a link on a containing OU or domain that inheritance does not block. Upstream has folded this kind into Contains; the references are the Contains and GPLink pages.',
    abuse:
      'Control of the GPO becomes control of each account it applies to: the attacker adds a malicious policy item, such as a scheduled task or logon script, and waits for the next refresh. WMI and security filters are ignored because the GPO’s controller can rewrite them.',
    detection:
      'Monitor GPO modifications and SYSVOL writes, and compare scheduled tasks and scripts delivered by policy with an approved baseline.',
    references: pages('contains', 'gp-link'),
  },
  CanApplyGPO: {
    meaning:
      'The source can bring a GPO to bear on the target account because it may write the gPLink attribute of a containing OU or domain. Upstream has folded this kind into Contains; the references are the Contains and WriteGPLink pages.',
    abuse:
      'The attacker links a GPO they control, optionally as enforced to defeat blocked inheritance, and uses filtering to hit only chosen accounts. Without a GPO of their own they can point the link at a rogue policy served from an attacker-run LDAP and SMB host, as public OU-abuse tools do.',
    detection: 'Alert on changes to gPLink attributes (event 5136) and restrict who may write them on OUs and domains.',
    references: pages('contains', 'write-gp-link'),
  },
  HasSIDHistory: {
    meaning:
      'The sIDHistory attribute of the source holds the SID of the target, so the source’s tokens and tickets carry the target’s SID and its privileges.',
    abuse:
      'Nothing needs doing beyond authenticating as the source: its Kerberos tickets include the historical SID and every resource honours it as the target. Across a trust the attack works only where SID filtering does not strip the extra SIDs.',
    detection:
      'Inventory non-empty sIDHistory values, clean them up after migrations, and alert on changes to the attribute (event 4765 or 4766).',
    references: pages('has-sid-history'),
  },
  MemberOf: {
    meaning: 'The source is a member of the target group and inherits every privilege granted to that group.',
    abuse:
      'Membership needs no action to exploit: once the attacker controls a member, they act with the group’s rights, including those it gets through nesting. Paths commonly chain several memberships before a real permission.',
    detection:
      'Review nested memberships of privileged groups regularly and alert on membership changes of Tier Zero groups (events 4728, 4732, 4756).',
    references: pages('member-of'),
  },
  SameForestTrust: {
    meaning:
      'The source domain trusts the target domain within the same forest, so principals of the target may use resources of the source. Domains of one forest are not security boundaries against each other.',
    abuse:
      'An attacker holding one domain of the forest can take any other: by forging tickets with a spoofed SID history such as Enterprise Admins, or by coercing a domain controller of the other domain to a host with unconstrained delegation and replaying its TGT. Related traversable kinds show the concrete route.',
    detection:
      'Treat every domain of a forest as one Tier Zero. SID filtering on intra-forest trusts is possible but rare; the real defence is keeping every domain equally protected.',
    references: pages('same-forest-trust'),
  },

  AdminTo: {
    meaning: 'The source holds local administrator rights on the target computer.',
    abuse:
      'The attacker runs code on the computer remotely, by service creation, WMI, scheduled tasks or remote registry, using PsExec-style or WMI-exec tools. As administrator they can then dump local credentials and the secrets of users logged on there, continuing the path.',
    detection:
      'Watch for remote service installation (event 4697 or 7045), remote WMI process creation and unusual administrative logons; EDR usually flags credential dumping that follows. Reduce local admin rights with tiering and LAPS.',
    references: pages('admin-to'),
  },
  AllowedToAct: {
    meaning:
      'The source is listed in the target computer’s msDS-AllowedToActOnBehalfOfOtherIdentity attribute, so it may impersonate users to the target through resource-based constrained delegation.',
    abuse:
      'With credentials of the source account (often a computer account the attacker created), the attacker performs S4U2self and S4U2proxy to get a service ticket to the target as any non-protected user, such as a domain administrator. Kerberos tools such as Rubeus or Impacket’s getST do this in one step, giving admin access to the target.',
    detection:
      'Audit changes to msDS-AllowedToActOnBehalfOfOtherIdentity and watch for S4U ticket requests (event 4769 with transited services). Mark privileged accounts sensitive or add them to Protected Users.',
    references: pages('allowed-to-act'),
  },
  AllowedToDelegate: {
    meaning:
      'The source is trusted for constrained delegation to services on the target computer, listed in its msDS-AllowedToDelegateTo attribute, and may authenticate to them as other users.',
    abuse:
      'With the source’s password, hash or TGT, the attacker requests a ticket as a privileged user for one of the listed services, and may rewrite the service name in the ticket to reach other services of the same host. Rubeus or Impacket’s getST obtain the ticket; the result is usually admin access to the target.',
    detection:
      'Keep constrained delegation rare and documented, watch S4U2proxy requests for privileged users, and protect privileged accounts with the sensitive flag or Protected Users.',
    references: pages('allowed-to-delegate'),
  },
  CanPSRemote: {
    meaning:
      'The source may open a PowerShell remoting (WinRM) session on the target computer, typically through Remote Management Users.',
    abuse:
      'The attacker opens a remote PowerShell session with built-in cmdlets or an Evil-WinRM-style client and runs commands as the source user. From a low-privileged session they look for a local privilege escalation or credentials left on the host.',
    detection:
      'Enable PowerShell script-block logging and AMSI, and watch network logons to WinRM (event 4624 type 3 with wsmprovhost). Limit remoting to administrative hosts.',
    references: pages('can-ps-remote'),
  },
  CanRDP: {
    meaning: 'The source may log on to the target computer interactively through Remote Desktop.',
    abuse:
      'The attacker connects with a Remote Desktop client as the source user, gaining an interactive desktop. From there they escalate locally or harvest the credentials of other users of the host; connecting may disconnect or alert a user already logged on.',
    detection:
      'Watch RemoteInteractive logons (event 4624 type 10) from unusual sources and restrict Remote Desktop Users membership to those who need it.',
    references: pages('can-rdp'),
  },
  ExecuteDCOM: {
    meaning:
      'The source may instantiate COM objects remotely on the target computer through DCOM, typically through Distributed COM Users.',
    abuse:
      'The attacker activates an object such as MMC20.Application or ShellWindows on the target and calls a method that launches a command, with tooling such as Impacket’s dcomexec or PowerShell. It gives code execution without creating a service.',
    detection:
      'Look for RPC and DCOM traffic to workstations from unexpected hosts and for unusual child processes of mmc.exe or explorer.exe; restrict Distributed COM Users.',
    references: pages('execute-dcom'),
  },
  SQLAdmin: {
    meaning: 'The source is a sysadmin of a SQL Server instance running on the target computer.',
    abuse:
      'The attacker logs on to the instance and runs operating-system commands through xp_cmdshell, agent jobs or CLR assemblies, as the service account of the instance. Public SQL attack toolkits automate this; the service account’s rights then decide the reach on the host.',
    detection:
      'Enable SQL Server auditing of configuration changes such as xp_cmdshell being turned on, and alert on command shells spawned by the SQL service. Run instances under least-privileged service accounts.',
    references: pages('sql-admin'),
  },
  CanBackup: {
    meaning:
      'The source holds backup rights on the target computer, as members of Backup Operators do, letting it read any file or registry hive regardless of its ACL. Upstream keeps no page for this kind; the reference is its closest one, the RemoteInteractiveLogonRight page about another user-rights relationship.',
    abuse:
      'The attacker uses backup semantics to copy the SAM, SYSTEM and SECURITY hives or, on a domain controller, the directory database through a shadow copy. Offline secret-extraction tools then yield local and cached credentials or every domain hash.',
    detection:
      'Keep Backup Operators empty on domain controllers, and alert on remote registry hive saves, shadow-copy creation and backup-privilege use (event 4674) outside the backup window.',
    references: pages('remote-interactive-logon-right'),
  },

  CoerceToTGT: {
    meaning:
      'The source account is trusted for Kerberos unconstrained delegation, so users authenticating to it hand over a forwardable TGT that it can reuse.',
    abuse:
      'After compromising the account, the attacker coerces a domain controller to authenticate to it with a printer-bug or PetitPotam-style trigger and captures the controller’s TGT with a ticket monitor such as Rubeus. The TGT allows a DCSync or admin access to the controller.',
    detection:
      'Remove unconstrained delegation outside domain controllers, disable the print spooler on DCs, and add privileged accounts to Protected Users so their TGTs are never delegated.',
    references: pages('coerce-to-tgt'),
  },
  DCSync: {
    meaning:
      'The source holds both GetChanges and GetChangesAll on the domain, which lets it replicate every secret from a domain controller.',
    abuse:
      'The attacker impersonates a domain controller through the directory replication protocol with tooling such as Mimikatz’s dcsync or Impacket’s secretsdump and receives the hash of any account, including krbtgt. Those hashes give pass-the-hash access and golden tickets.',
    detection:
      'Alert on replication requests (event 4662 with the replication GUIDs, or network DRSUAPI traffic) coming from hosts that are not domain controllers, and review who holds replication rights on the domain.',
    references: pages('dc-sync'),
  },
  DumpSMSAPassword: {
    meaning:
      'A standalone managed service account is installed on the source computer, whose LSA secrets therefore store that account’s password.',
    abuse:
      'With administrative rights on the computer, the attacker dumps LSA secrets, live with Mimikatz-style tools or offline from saved SYSTEM and SECURITY hives, and finds the sMSA’s password. Its NT hash then authenticates as the sMSA through pass-the-hash.',
    detection:
      'Monitor access to LSA secrets and registry hive handles (event 4656) and alert on hive saves; keep administrative access to hosts with sMSAs tight.',
    references: pages('dump-smsa-password'),
  },
  HasSession: {
    meaning:
      'The target user has a session on the source computer, so credentials or tokens of that user may be present in its memory.',
    abuse:
      'An attacker with admin rights on the computer dumps LSASS, steals a token of the user or injects into one of their processes, using Mimikatz-style or token-manipulation tools. They then act as the user elsewhere; this is how local admin on a server becomes a domain admin.',
    detection:
      'EDR and LSA protection (RunAsPPL, Credential Guard) catch or prevent LSASS access. Keep privileged accounts off lower-tier hosts so there is nothing to steal.',
    references: pages('has-session'),
  },
  ReadGMSAPassword: {
    meaning: 'The source may retrieve the managed password of the target group managed service account from the directory.',
    abuse:
      'The attacker reads msDS-ManagedPassword over LDAP with a gMSA-dumping tool and computes the account’s NT hash, then authenticates as the gMSA by pass-the-hash or over-pass-the-hash. Admins of a host where the gMSA runs can also take it from memory.',
    detection:
      'With a SACL on the gMSA, reads of the password attribute raise event 4662; restrict PrincipalsAllowedToRetrieveManagedPassword to the hosts that run the service.',
    references: pages('read-gmsa-password'),
  },
  ReadLAPSPassword: {
    meaning: 'The source may read the LAPS-managed local administrator password of the target computer.',
    abuse:
      'The attacker queries the computer’s LAPS attribute over LDAP, with PowerShell or an LDAP tool, and logs on to the computer as its local administrator. That opens the same lateral movement as AdminTo.',
    detection:
      'Reading an LDAP attribute is quiet; with auditing of the LAPS attribute (event 4662) reads can be watched. Keep read access to LAPS passwords limited to the administrators of those computers.',
    references: pages('read-laps-password'),
  },
  SyncLAPSPassword: {
    meaning:
      'The source holds GetChanges and GetChangesInFilteredSet on the domain, so a directory synchronization returns confidential and RODC-filtered attributes such as LAPS passwords.',
    abuse:
      'The attacker issues a DirSync LDAP query for the target computers with a public DirSync tool and receives their LAPS passwords, even without read permission on the attribute. Each password gives local administrator access to its computer.',
    detection:
      'With a SACL in place, the synchronization raises event 4662 on the domain controller; review who holds replication rights on the domain.',
    references: pages('sync-laps-password'),
  },
  HasTrustKeys: {
    meaning:
      'The source domain holds the keys of the target trust account, which exists because the source has an outbound trust to the trust account’s domain.',
    abuse:
      'After dumping the trust keys from a domain controller of the source domain with Mimikatz-style tools, the attacker requests a Kerberos TGT as the trust account, using the RC4 key directly or AES keys derived from the cleartext. The account then gives authenticated access to the other domain for enumeration and further attacks; only Kerberos works.',
    detection:
      'Authentication by a trust account is unusual: alert on TGT requests (event 4768) and logons (event 4624) whose account name is a trust account.',
    references: pages('has-trust-keys'),
  },
  GetChanges: {
    meaning:
      'The source holds the Replicating Directory Changes right on the domain. Alone it only describes; with GetChangesAll it makes DCSync, and with GetChangesInFilteredSet it makes SyncLAPSPassword, which is why the DCSync page is referenced too.',
    abuse:
      'On its own this right replicates non-secret data only. An attacker who also has GetChangesAll can pull every password hash with a DCSync tool, and with GetChangesInFilteredSet can pull LAPS passwords through DirSync.',
    detection:
      'Review every holder of replication rights on the domain object; anyone other than domain controllers and directory synchronization accounts is a finding.',
    references: pages('get-changes', 'dc-sync'),
  },
  GetChangesAll: {
    meaning:
      'The source holds the Replicating Directory Changes All right on the domain, which covers secret attributes. Alone it only describes; combined with GetChanges it makes DCSync, so the DCSync page is referenced too.',
    abuse:
      'Together with GetChanges, this right lets an attacker ask a domain controller for every secret through replication, with Mimikatz’s dcsync or Impacket’s secretsdump. The krbtgt hash and every account hash follow, enough for golden tickets and pass-the-hash.',
    detection:
      'Alert on replication from non-DC hosts and on grants of this right on the domain (event 5136 on the domain object’s security descriptor).',
    references: pages('get-changes-all', 'dc-sync'),
  },
  GetChangesInFilteredSet: {
    meaning:
      'The source may replicate the filtered attribute set, attributes kept from read-only DCs such as LAPS passwords. Alone it only describes; with GetChanges it makes SyncLAPSPassword, whose page is referenced too.',
    abuse:
      'Combined with GetChanges, an attacker issues a DirSync query for confidential attributes like ms-Mcs-AdmPwd, without read access to them. Each LAPS password recovered gives local administrator logon to its computer.',
    detection:
      'Review who holds this right on the domain; with auditing, DirSync reads show as event 4662 on domain controllers.',
    references: pages('get-changes-in-filtered-set', 'sync-laps-password'),
  },

  AddMember: {
    meaning: 'The source may add any principal to the target group, and members gain the group’s privileges.',
    abuse:
      'The attacker adds an account they control, with net group, PowerShell AD cmdlets or an LDAP tool such as bloodyAD, then uses the group’s rights, re-authenticating for a new token if needed. Privileged groups make this an immediate escalation.',
    detection:
      'Membership changes raise events 4728, 4732 or 4756 on the domain controller; alert on changes to privileged groups and on command-line use of net group.',
    references: pages('add-member'),
  },
  AddSelf: {
    meaning: 'The source may add itself, and only itself, to the target group through the validated self-membership right.',
    abuse:
      'Acting as the source, the attacker inserts their own account into the group using net, PowerShell or an LDAP client. After a fresh logon or ticket they work with the group’s privileges.',
    detection:
      'Group membership events (4728, 4732, 4756) reveal the addition; review grants of the Self-Membership right on sensitive groups.',
    references: pages('add-self'),
  },
  AllExtendedRights: {
    meaning:
      'The source holds every extended right on the target, including reading confidential attributes and, on users, resetting the password without the old one.',
    abuse:
      'Against a user, the attacker forces a password reset; against a computer, they read its LAPS password; against a domain, they hold the replication rights needed for DCSync. The right tool depends on the target type, as in ForceChangePassword, ReadLAPSPassword and DCSync.',
    detection:
      'Detection follows the action taken, such as password-reset events or replication from non-DCs; remove the right where a narrower grant would do.',
    references: pages('all-extended-rights'),
  },
  ForceChangePassword: {
    meaning: 'The source may reset the target user’s password without knowing the current one.',
    abuse:
      'The attacker sets a new password with net user, PowerShell or an LDAP or SAMR tool and logs on as the user. This is noisy, since the real user is locked out of their old password, so it is used sparingly or against service accounts.',
    detection:
      'Password resets raise event 4724 on the domain controller; alert on resets of privileged or service accounts by anyone but the helpdesk.',
    references: pages('force-change-password'),
  },
  GenericAll: {
    meaning: 'The source has full control of the target object: it may change any attribute, permission or owner.',
    abuse:
      'What follows depends on the target: reset a user’s password or make it Kerberoastable, add members to a group, set up resource-based delegation or shadow credentials on a computer, or grant DCSync on a domain. Tooling such as PowerView, bloodyAD or Certipy covers each step.',
    detection:
      'Audit full-control grants on privileged objects and watch for the follow-up actions (password resets, SPN or key-credential changes, membership changes).',
    references: pages('generic-all'),
  },
  Owns: {
    meaning:
      'The source owns the target object, and owners may rewrite the object’s DACL whatever the DACL itself says, unless OWNER RIGHTS entries limit them.',
    abuse:
      'As owner, the attacker grants themselves full control in the DACL, with PowerView or dacledit-style tools, and then abuses the target as with GenericAll. Restoring the DACL afterwards hides some traces.',
    detection:
      'Audit DACL changes on privileged objects (event 5136 on nTSecurityDescriptor) and keep owners of Tier Zero objects set to Domain Admins or similar.',
    references: pages('owns'),
  },
  OwnsLimitedRights: {
    meaning:
      'The source owns the target, but OWNER RIGHTS entries on the DACL replace the implicit owner rights, so the owner gets only what those entries grant.',
    abuse:
      'The attacker can abuse only the rights explicitly given to OWNER RIGHTS; if those include write access to the DACL or full control, the abuse is the same as for that right. Check the specific granted rights before planning an attack.',
    detection: 'Review what OWNER RIGHTS is granted on sensitive objects and monitor the use of those specific rights.',
    references: pages('owns-limited-rights'),
  },
  ProtectAdminGroups: {
    meaning:
      'The ProtectAdminGroups task on the PDC emulator copies the AdminSDHolder security descriptor onto the target object, about once an hour by default.',
    abuse:
      'An attacker who can change the AdminSDHolder DACL through ownership or write access adds an entry for themselves; the task then stamps it onto every protected account and group. It is a favourite persistence technique, as cleaning the protected objects alone does not remove it.',
    detection:
      'Audit changes to the AdminSDHolder security descriptor with a SACL, and watch event 4780, which records the task applying it to protected objects.',
    references: pages('protect-admin-groups'),
  },
  GenericWrite: {
    meaning:
      'The source may write any non-protected attribute of the target, such as a group’s member list or a user’s servicePrincipalName.',
    abuse:
      'On a user, the attacker sets an SPN for targeted Kerberoasting or a logon script; on a group, adds members; on a computer, configures resource-based delegation or shadow credentials; on a GPO, edits its settings. Tools such as targetedKerberoast, bloodyAD or Whisker-style utilities do each step.',
    detection:
      'Audit attribute writes on sensitive objects (event 5136) and look for new SPNs, key credentials or delegation settings appearing outside change windows.',
    references: pages('generic-write'),
  },
  WriteDacl: {
    meaning: 'The source may rewrite the target’s DACL and so grant itself any right on the target.',
    abuse:
      'The attacker adds a full-control entry for their own account, or replication rights on a domain object, with PowerView’s Add-DomainObjectAcl or a dacledit-style tool. They then abuse the target as with GenericAll or DCSync and may remove the entry afterwards.',
    detection:
      'Audit DACL modifications of privileged objects (event 5136 on nTSecurityDescriptor) and alert on new replication or full-control grants.',
    references: pages('write-dacl'),
  },
  WriteOwner: {
    meaning: 'The source may change the owner of the target, and the owner may then rewrite the DACL.',
    abuse:
      'The attacker makes their own account the owner with PowerView’s Set-DomainObjectOwner or an owner-editing tool. As the new owner they grant themselves full control, then abuse the target as with GenericAll.',
    detection:
      'Audit owner changes on sensitive objects (event 5136 or 4662 on the security descriptor) and keep Tier Zero owners consistent.',
    references: pages('write-owner'),
  },
  WriteOwnerLimitedRights: {
    meaning:
      'The source may take ownership of the target, but inheritable OWNER RIGHTS entries limit any new owner to the rights those entries grant.',
    abuse:
      'After taking ownership, the attacker holds only the inherited OWNER RIGHTS permissions. If those are powerful, such as WriteDacl or GenericAll, they follow the abuse of that right; otherwise the path stops here.',
    detection: 'Monitor ownership changes on sensitive objects and review the permissions given to OWNER RIGHTS on them.',
    references: pages('write-owner-limited-rights'),
  },
  WriteOwnerRaw: {
    meaning:
      'The source may change the target’s owner, as collected before analysis checks OWNER RIGHTS; analysis derives WriteOwner or WriteOwnerLimitedRights from it.',
    abuse:
      'This raw kind is not walked itself. Where OWNER RIGHTS does not restrict the new owner, an attacker takes ownership and rewrites the DACL, as described for WriteOwner.',
    detection: 'Review who may change ownership of Tier Zero objects and audit ownership changes.',
    references: pages('write-owner-raw'),
  },
  OwnsRaw: {
    meaning:
      'The source owns the target, as collected before analysis checks OWNER RIGHTS; analysis derives Owns or OwnsLimitedRights from it.',
    abuse:
      'Not walked itself. Where implicit owner rights are not blocked, the owner edits the DACL to grant itself control, as described for Owns.',
    detection:
      'Keep ownership of sensitive objects with administrative groups and consider OWNER RIGHTS entries to limit owners.',
    references: pages('owns-raw'),
  },

  AddAllowedToAct: {
    meaning:
      'The source may write the target computer’s msDS-AllowedToActOnBehalfOfOtherIdentity attribute, which controls resource-based constrained delegation to it.',
    abuse:
      'The attacker creates a computer account, which the default machine-account quota allows, or uses one they control, and writes it into the attribute with PowerShell or Impacket’s rbcd. An S4U exchange then gives a ticket to the target as an administrator.',
    detection: 'Audit writes to msDS-AllowedToActOnBehalfOfOtherIdentity (event 5136) and set the machine-account quota to zero.',
    references: pages('add-allowed-to-act'),
  },
  AddKeyCredentialLink: {
    meaning:
      'The source may write msDS-KeyCredentialLink on the target user or computer, enabling shadow credentials for PKINIT authentication as the target.',
    abuse:
      'The attacker adds a key pair they generated to the attribute with Whisker or pyWhisker, authenticates with it through PKINIT to get a TGT as the target, and can then recover the target’s NT hash. It needs a domain controller supporting PKINIT.',
    detection:
      'With a SACL, the write raises event 5136; unexpected PKINIT logons (event 4768 with certificate information) can also reveal it.',
    references: pages('add-key-credential-link'),
  },
  WriteAccountRestrictions: {
    meaning:
      'The source may write the account restrictions property set of the target, which includes msDS-AllowedToActOnBehalfOfOtherIdentity.',
    abuse:
      'The attacker uses the write access to configure resource-based constrained delegation from an account they control. Then, as described for AddAllowedToAct, they impersonate an administrator to the target through S4U.',
    detection: 'Audit changes to delegation attributes (event 5136) and look for S4U ticket requests for privileged users.',
    references: pages('write-account-restrictions'),
  },
  WriteGPLink: {
    meaning: 'The source may modify the gPLink attribute of the target OU or domain, deciding which GPOs apply there.',
    abuse:
      'The attacker links a GPO they control, or a rogue policy hosted on an attacker-run server, to the OU and so runs code on every computer or user within. Public OU-abuse tooling automates the link and the fake policy.',
    detection: 'Alert on gPLink changes (event 5136) and restrict the right to administrators of the OU.',
    references: pages('write-gp-link'),
  },
  WriteSPN: {
    meaning: 'The source may write the servicePrincipalName attribute of the target user.',
    abuse:
      'The attacker sets an arbitrary SPN on the user, requests a service ticket for it, and cracks the ticket offline for the user’s password: a targeted Kerberoast, automated by tools such as targetedKerberoast. The SPN is removed afterwards.',
    detection:
      'SPN writes raise event 5136 only if auditing is configured; watch for RC4 service tickets (event 4769) for user accounts and use long random passwords on service accounts.',
    references: pages('write-spn'),
  },

  GoldenCert: {
    meaning:
      'The source computer hosts an enterprise CA’s enrollment service and so holds the CA’s private key, which can sign authentication certificates for any principal in the forest.',
    abuse:
      'With admin rights on the CA host, the attacker exports the CA certificate with its private key and forges certificates for any account with a tool such as Certipy forge or ForgeCert. A forged certificate yields a TGT through PKINIT; a key kept in a TPM or HSM resists export.',
    detection:
      'Forged certificates never pass through the CA, so they are missing from its database; compare certificates used for logon with issued ones, and treat CA hosts as Tier Zero with HSM-protected keys.',
    references: pages('golden-cert'),
  },
  ADCSESC1: {
    meaning:
      'The source may enroll in a template that lets the enrollee supply the subject name and allows client authentication, published on a CA that is trusted for NT authentication.',
    abuse:
      'The attacker requests a certificate from the template naming a privileged user in the SAN, with Certify or Certipy. They then authenticate with it through PKINIT or Schannel to act as that user.',
    detection:
      'The CA keeps issued certificates: review requests where the requester differs from the subject. Remove the enrollee-supplies-subject flag or require manager approval.',
    references: pages('adcs-esc1'),
  },
  ADCSESC3: {
    meaning:
      'The source may get an enrollment agent certificate and use it to enroll on behalf of other users in a template that allows authentication.',
    abuse:
      'The attacker first enrolls in an enrollment agent template, then uses that certificate to request a certificate on behalf of a privileged user, with Certify or Certipy. The second certificate authenticates as that user.',
    detection:
      'Restrict enrollment agent templates and configure enrollment agent restrictions on the CA; review issued on-behalf-of requests.',
    references: pages('adcs-esc3'),
  },
  ADCSESC4: {
    meaning: 'The source controls a certificate template published on a trusted CA and can reconfigure it into a vulnerable one.',
    abuse:
      'The attacker rewrites the template with Certipy or a PowerShell tool, for example enabling enrollee-supplied subjects and client authentication and removing approval. They request a certificate as a privileged user as in ESC1 and restore the template afterwards.',
    detection:
      'Audit template changes (event 4899 on the CA, 5136 in the directory) and review issued certificates; limit write access to templates.',
    references: pages('adcs-esc4'),
  },
  ADCSESC6a: {
    meaning:
      'The source may enroll in an authentication template on a CA with EDITF_ATTRIBUTESUBJECTALTNAME2 set, where the domain controllers’ Kerberos certificate binding is weak.',
    abuse:
      'The attacker asks for any authentication template and passes a SAN naming a privileged user as a request attribute, with Certify or Certipy. The CA honours it, and the certificate authenticates as that user through Kerberos PKINIT.',
    detection:
      'Clear EDITF_ATTRIBUTESUBJECTALTNAME2 on the CA and enforce strong certificate binding on domain controllers; review certificates whose SAN differs from the requester.',
    references: pages('adcs-esc6a'),
  },
  ADCSESC6b: {
    meaning:
      'The source may enroll in an authentication template on a CA with EDITF_ATTRIBUTESUBJECTALTNAME2 set, where a domain controller allows UPN certificate mapping for Schannel.',
    abuse:
      'The attacker requests a certificate whose UPN, supplied as a request attribute, names a privileged account. They then authenticate over Schannel, typically LDAPS, where the weak UPN mapping accepts it; Certipy offers an LDAP shell for this step.',
    detection:
      'Clear the CA flag and remove the UPN bit from the Schannel CertificateMappingMethods setting on domain controllers.',
    references: pages('adcs-esc6b'),
  },
  ADCSESC9a: {
    meaning:
      'The source controls a victim user who may enroll in an authentication template that puts the UPN in the SAN and omits the security extension, while domain controllers do not enforce strong binding.',
    abuse:
      'The attacker sets the victim’s UPN to the target’s and enrolls as the victim with Certipy or Certify. After restoring the UPN, the certificate still maps to the target when used for authentication.',
    detection:
      'Remove CT_FLAG_NO_SECURITY_EXTENSION from templates, enforce full strong binding on domain controllers, and audit UPN changes.',
    references: pages('adcs-esc9a'),
  },
  ADCSESC9b: {
    meaning:
      'The source controls a victim computer that may enroll in an authentication template placing dNSHostName in the SAN and omitting the security extension, while strong binding is not enforced.',
    abuse:
      'The attacker clears conflicting SPNs and sets the victim’s dNSHostName to a target computer’s, then enrolls as the victim. The certificate maps to the target, for example a domain controller, when used for authentication.',
    detection:
      'Remove the no-security-extension flag, enforce strong certificate binding, and audit dNSHostName changes on computers.',
    references: pages('adcs-esc9b'),
  },
  ADCSESC10a: {
    meaning:
      'The source controls a victim user who may enroll in an authentication template with the UPN in the SAN, while a domain controller has strong certificate binding disabled.',
    abuse:
      'The attacker swaps the victim’s UPN for the target’s and enrolls in the template as the victim. After restoring the UPN they use the certificate in Kerberos PKINIT, where the disabled binding check maps it to the target.',
    detection: 'Set StrongCertificateBindingEnforcement to full enforcement on all domain controllers and audit UPN changes.',
    references: pages('adcs-esc10a'),
  },
  ADCSESC10b: {
    meaning:
      'The source controls a victim computer that may enroll in an authentication template with dNSHostName in the SAN, while a domain controller allows UPN certificate mapping.',
    abuse:
      'The attacker sets the victim’s dNSHostName to the target computer’s and enrolls as the victim. Authenticating over Schannel, the weak mapping treats them as the target, and the LDAP session serves to configure delegation or shadow credentials.',
    detection: 'Remove the UPN flag from CertificateMappingMethods on domain controllers and audit dNSHostName changes.',
    references: pages('adcs-esc10b'),
  },
  ADCSESC13: {
    meaning:
      'The source may enroll in a template with an issuance policy whose OID is linked to the target group, so certificates from it grant that group’s membership at logon.',
    abuse:
      'The attacker enrolls in the template with Certify or Certipy and authenticates with the certificate through PKINIT. The resulting ticket carries the linked group’s SID, granting its privileges without real membership.',
    detection:
      'Review issuance policies with OID group links and the enrollment rights of their templates; the CA keeps each issued certificate for review.',
    references: pages('adcs-esc13'),
  },
  ManageCA: {
    meaning: 'The source holds the Manage CA (CA administrator) right on the enterprise CA.',
    abuse:
      'The attacker changes the CA’s configuration, for example enabling EDITF_ATTRIBUTESUBJECTALTNAME2 for ESC6 or publishing templates, or makes themselves a certificate officer to approve pending requests, using Certify or Certipy. A restart of the CA service may be needed for some settings.',
    detection:
      'Audit CA configuration and security changes (with CA auditing enabled, events such as 4890 and 4892) and limit CA administrators to Tier Zero.',
    references: pages('manage-ca'),
  },
  ManageCertificates: {
    meaning: 'The source holds the Manage Certificates (certificate officer) right on the enterprise CA.',
    abuse:
      'The attacker submits a request for a privileged identity to a template that requires approval. They approve it themselves with Certipy or the CA tools and retrieve a valid authentication certificate.',
    detection:
      'Issued and approved requests are recorded on the CA: review approvals, especially for templates that require manager approval.',
    references: pages('manage-certificates'),
  },
  Enroll: {
    meaning: 'The source may enroll in the target certificate template, or request certificates from the target enterprise CA.',
    abuse:
      'Enrollment alone grants nothing; it is a precondition for the ESC findings, where the template or CA is misconfigured. An attacker combines it with those weaknesses to obtain an impersonating certificate.',
    detection: 'Grant enrollment only to those who need each template, and review the certificates each template issues.',
    references: pages('enroll'),
  },
  EnrollOnBehalfOf: {
    meaning:
      'Certificates of the source template can serve as enrollment agent certificates for requesting the target template on behalf of others.',
    abuse:
      'It is one link of an ESC3 attack. With an agent certificate from the source template, the attacker requests the target template for a privileged user.',
    detection: 'Configure enrollment agent restrictions on the CA and audit on-behalf-of requests.',
    references: pages('enroll-on-behalf-of'),
  },
  PublishedTo: {
    meaning: 'The source certificate template is published on the target enterprise CA, which will issue it.',
    abuse:
      'Publishing makes a template usable. Any template weakness, such as ESC1, becomes exploitable only on CAs where the template is published.',
    detection: 'Unpublish templates that are not needed; a CA keeps a copy of each certificate it issues.',
    references: pages('published-to'),
  },
  IssuedSignedBy: {
    meaning: 'The source CA certificate was issued and signed by the target CA, one link of a certificate chain.',
    abuse:
      'The chain decides trust. An enterprise CA whose chain leads to a root the forest trusts issues certificates good for domain authentication, which the ESC findings require.',
    detection: 'Keep an inventory of CA chains and remove stale or unexpected CA certificates from trust stores.',
    references: pages('issued-signed-by'),
  },
  EnterpriseCAFor: {
    meaning: 'The source enterprise CA object is the enrollment service for the target root or intermediate CA certificate.',
    abuse: 'It ties an issuing CA to its chain. ESC analysis uses it to check that the CA’s certificates lead to a trusted root.',
    detection: 'Review enterprise CA objects in the configuration partition and remove ones no longer in service.',
    references: pages('enterprise-ca-for'),
  },
  RootCAFor: {
    meaning: 'The source CA is trusted as a root certification authority by the target domain.',
    abuse:
      'A trusted root anchors every chain used for authentication. Control of its key, or write access to the root store, would let an attacker make certificates the domain trusts.',
    detection: 'Restrict write access to the Certification Authorities container and audit changes to it.',
    references: pages('root-ca-for'),
  },
  NTAuthStoreFor: {
    meaning: 'The source NTAuth store is the forest’s NTAuthCertificates object for the target domain.',
    abuse:
      'Only CAs in this store may issue certificates for domain logon. An attacker who can write it could add a CA they control and then forge logon certificates.',
    detection: 'Audit changes to the NTAuthCertificates object and restrict who may write it.',
    references: pages('nt-auth-store-for'),
  },
  TrustedForNTAuth: {
    meaning:
      'The source enterprise CA’s certificate is in the target NTAuth store, so its certificates may be used for domain logon.',
    abuse:
      'It is a prerequisite of every certificate-based impersonation finding. Only certificates from CAs in the store authenticate to domain controllers.',
    detection: 'Keep the NTAuth store limited to the CAs that must issue logon certificates.',
    references: pages('trusted-for-nt-auth'),
  },
  HostsCAService: {
    meaning: 'The source computer hosts the enrollment service of the target enterprise CA.',
    abuse:
      'Administrative control of this computer means control of the CA and its private key. That leads to forged certificates, as in GoldenCert, or to arbitrary issuance.',
    detection: 'Treat CA hosts as Tier Zero and monitor administrative access to them.',
    references: pages('hosts-ca-service'),
  },
  DelegatedEnrollmentAgent: {
    meaning: 'Enrollment agent restrictions on the CA allow the source to act as an enrollment agent for the target template.',
    abuse:
      'It feeds the ESC3 analysis but on its own grants no escalation. Which principals the agent may enroll on behalf of is not assessed.',
    detection: 'Review enrollment agent restrictions and keep them narrow.',
    references: pages('delegated-enrollment-agent'),
  },
  WritePKIEnrollmentFlag: {
    meaning:
      'The source may write msPKI-Enrollment-Flag on the target template, which controls settings such as manager approval and the security extension.',
    abuse:
      'The attacker removes approval requirements or sets the no-security-extension flag, making the template open to ESC9-style abuse. They enroll and then restore the flag.',
    detection: 'Audit template attribute changes and restrict write access to certificate templates.',
    references: pages('write-pki-enrollment-flag'),
  },
  WritePKINameFlag: {
    meaning:
      'The source may write msPKI-Certificate-Name-Flag on the target template, which controls whether the enrollee supplies the subject.',
    abuse:
      'The attacker enables enrollee-supplied subjects on an authentication template, turning it into an ESC1 template. They request a certificate for a privileged user and reset the flag.',
    detection: 'Audit template changes (event 5136 or CA event 4899) and review issued certificates for mismatched subjects.',
    references: pages('write-pki-name-flag'),
  },
  ExtendedByPolicy: {
    meaning: 'The source certificate template includes the target issuance policy as a certificate extension.',
    abuse:
      'It is part of ESC13. If the policy is linked to a group, certificates from the template carry that group’s membership at logon.',
    detection: 'Review templates carrying issuance policies that have group links.',
    references: pages('extended-by-policy'),
  },
  OIDGroupLink: {
    meaning: 'The source issuance policy is linked to the target group through msDS-OIDToGroupLink.',
    abuse:
      'It is part of ESC13. Authenticating with a certificate bearing the policy adds the linked group to the token, which grants its rights to whoever can enroll.',
    detection: 'Audit msDS-OIDToGroupLink values and the enrollment rights of templates with linked policies.',
    references: pages('oid-group-link'),
  },
  CanAbuseUPNCertMapping: {
    meaning:
      'The target domain controller, which accepts certificates of the source enterprise CA, allows UPN certificate mapping for Schannel. Upstream keeps no page for this kind; the references are the ESC10b and ESC6b pages that rely on it.',
    abuse:
      'It is a precondition of ESC6b and ESC10b. With weak UPN mapping, a certificate with a spoofed UPN or dNSHostName authenticates over LDAPS as another account.',
    detection: 'Remove the UPN mapping bit from CertificateMappingMethods on domain controllers.',
    references: pages('adcs-esc10b', 'adcs-esc6b'),
  },
  CanAbuseWeakCertBinding: {
    meaning:
      'The target domain controller, which accepts certificates of the source enterprise CA, does not fully enforce strong Kerberos certificate binding. Upstream keeps no page for this kind; the references are the ESC10a and ESC9a pages that rely on it.',
    abuse:
      'It is a precondition of ESC6a, ESC9 and ESC10a. Without strong binding, a certificate with a swapped UPN maps to another account during PKINIT.',
    detection: 'Set StrongCertificateBindingEnforcement to full enforcement on every domain controller.',
    references: pages('adcs-esc10a', 'adcs-esc9a'),
  },

  SpoofSIDHistory: {
    meaning:
      'The trust from the target domain to the source domain does not filter SID history strongly enough, so tickets from the source can carry the target’s SIDs.',
    abuse:
      'With control of the source domain, the attacker forges an inter-realm ticket with Mimikatz or Impacket whose SID history contains a privileged SID of the target. Over a forest trust SIDs under RID 1000 are filtered, so a non-built-in target is chosen.',
    detection:
      'Enable SID filtering (quarantine or SID history blocking) on trusts, and alert on tickets whose SID history includes SIDs of the trusting domain.',
    references: pages('spoof-sid-history'),
  },
  AbuseTGTDelegation: {
    meaning:
      'The trust from the target domain to the source domain allows TGT delegation, so target users send their TGTs to unconstrained-delegation hosts of the source.',
    abuse:
      'From a domain controller of the source, unconstrained by default, the attacker coerces a domain controller of the target with a printer-bug-style trigger. A ticket monitor captures its TGT, which then serves a DCSync against the target domain.',
    detection:
      'Disable TGT delegation on the trust, add privileged accounts to Protected Users, and correlate authentication events from both sides of the trust.',
    references: pages('abuse-tgt-delegation'),
  },
  CrossForestTrust: {
    meaning:
      'The source domain trusts the target domain in another forest, so principals of the target may use resources of the source.',
    abuse:
      'By itself a forest trust does not allow compromise. SpoofSIDHistory and AbuseTGTDelegation show when its configuration does.',
    detection: 'Keep SID filtering on and TGT delegation off on forest trusts.',
    references: pages('cross-forest-trust'),
  },
  TrustedBy: {
    meaning:
      'The earlier, generic kind for a trust between two domains; upstream replaced it with SameForestTrust, CrossForestTrust, SpoofSIDHistory and AbuseTGTDelegation and keeps no page for it, so the trust pages are referenced.',
    abuse:
      'It shows only that a trust exists. Whether an attacker can cross it depends on the trust’s kind and settings, described by the kinds that replaced it.',
    detection: 'Review trusts and their SID filtering and delegation settings.',
    references: pages('same-forest-trust', 'cross-forest-trust'),
  },

  SyncedToEntraUser: {
    meaning: 'The source on-premises user is synchronized to the target Entra ID user.',
    abuse:
      'With password hash sync, pass-through authentication or seamless SSO, the on-premises password also signs in to Entra. An attacker who steals or resets the on-premises password then logs on to the cloud account.',
    detection:
      'Watch for password resets (event 4724) on synchronized privileged accounts and for the matching Entra sign-ins; avoid syncing cloud administrators.',
    references: pages('synced-to-entra-user'),
  },

  CoerceAndRelayNTLMToSMB: {
    meaning:
      'An authenticated attacker can coerce a computer that is admin on the target to authenticate over NTLM and relay it to the target, which does not require SMB signing.',
    abuse:
      'The attacker runs an NTLM relay server such as ntlmrelayx, triggers authentication from the victim computer with a coercion tool like PetitPotam or printerbug, and relays it to the target’s SMB service. Since the victim is admin there, the relay yields code execution or credential dumps.',
    detection: 'Require SMB signing on all hosts. Relayed logons show a source IP that is not the account’s own computer.',
    references: pages('coerce-and-relay-ntlm-to-smb'),
  },
  CoerceAndRelayNTLMToADCS: {
    meaning:
      'An authenticated attacker can coerce the target computer to authenticate over NTLM and relay it to an ESC8-vulnerable web enrollment endpoint of an enterprise CA.',
    abuse:
      'The attacker coerces the computer and relays its authentication to the HTTP enrollment service with ntlmrelayx in ADCS mode, obtaining a certificate for the computer account. The certificate gives a TGT as the computer, for example a domain controller.',
    detection:
      'Enable Extended Protection for Authentication and HTTPS on web enrollment, or disable it; look for logons whose IP does not match the computer and for certificates issued to computers from unusual hosts.',
    references: pages('coerce-and-relay-ntlm-to-adcs'),
  },
  CoerceAndRelayNTLMToLDAP: {
    meaning:
      'The target computer runs the WebClient service, so it can be coerced to authenticate over HTTP with NTLM and relayed to a domain controller’s LDAP without signing required.',
    abuse:
      'The attacker triggers WebDAV coercion from the computer and relays it with ntlmrelayx to LDAP, writing shadow credentials or resource-based delegation on the computer itself. That yields admin access to the target.',
    detection:
      'Require LDAP signing on domain controllers and disable WebClient where not needed; relayed logons show a mismatched source IP.',
    references: pages('coerce-and-relay-ntlm-to-ldap'),
  },
  CoerceAndRelayNTLMToLDAPS: {
    meaning:
      'The target computer runs the WebClient service, so it can be coerced over HTTP with NTLM and relayed to LDAPS on a domain controller that does not require channel binding.',
    abuse:
      'As with the LDAP variant, the attacker coerces WebDAV authentication from the computer and relays it with ntlmrelayx, this time to LDAPS. Setting shadow credentials or delegation on the computer then gives control of it.',
    detection: 'Require LDAPS channel binding on domain controllers and disable WebClient where it is not required.',
    references: pages('coerce-and-relay-ntlm-to-ldaps'),
  },

  MemberOfLocalGroup: {
    meaning:
      'The source principal is a member of the target local group of a computer (Administrators, Remote Desktop Users, …).',
    abuse:
      'Membership alone grants what the local group grants on its computer; analysis turns it into AdminTo, CanRDP, CanPSRemote or ExecuteDCOM, the relationships a path walks.',
    detection:
      'Audit the members of privileged local groups on every computer, for example with LAPS-managed local accounts and restricted groups.',
    references: pages('member-of-local-group'),
  },
  LocalToComputer: {
    meaning: 'The source local group belongs to the target computer.',
    abuse:
      'It only describes where a local group lives. The members of that local group hold whatever rights the group has on its computer, shown by kinds such as AdminTo.',
    detection: 'Review memberships of privileged local groups, such as Administrators, across computers.',
    references: pages('local-to-computer'),
  },
  RemoteInteractiveLogonRight: {
    meaning: 'The source holds the right to log on through Remote Desktop Services on the target computer.',
    abuse:
      'It describes a prerequisite rather than an attack. Combined with membership of Remote Desktop Users or Administrators it lets the account open a Remote Desktop session, which analysis shows as CanRDP.',
    detection: 'Review the user-rights assignment for remote interactive logon and keep it limited.',
    references: pages('remote-interactive-logon-right'),
  },
};

/** The help of `kind`, or `undefined` for a kind the table does not know (OpenGraph's, for instance). */
export function edgeHelpOf(kind: string): EdgeHelp | undefined {
  return Object.hasOwn(EDGE_HELP, kind) ? EDGE_HELP[kind as KnownEdgeKind] : undefined;
}
