/**
 * SharpHound's JSON (collection format versions 5 and 6): `{ "meta": { "type", "version", ... }, "data": [ ... ] }`,
 * `meta` before or after `data`. Each object of `data` becomes what upstream's ingest makes of it: a node by its
 * upper-case object id with the kind of the file's type (and `Base`), its properties lower-cased, and the
 * relationships it states (group members, ACEs, sessions, local groups and user rights, delegation, SID history,
 * GPO links, containment, trusts, certificate services). Anything referred to but not collected becomes a node
 * with the kind the reference gives and no name. The `sessions` file brings HasSession relationships, the
 * `deleted` file the object ids to remove.
 *
 * The file is read as a stream (json-stream.ts): an item is converted as soon as it is read once the type is
 * known; items read before `meta` wait for it.
 */
import { IngestError, type IngestBatch, type IngestEdge, type IngestNode } from './batch';
import { CollectedJsonReader, lowerKeys } from './json-stream';

/** SharpHound file types and the node kind each brings (`sessions` and `deleted` bring none). */
export const SHARPHOUND_TYPES: Record<string, string | null> = {
  users: 'User',
  groups: 'Group',
  computers: 'Computer',
  domains: 'Domain',
  gpos: 'GPO',
  ous: 'OU',
  containers: 'Container',
  aiacas: 'AIACA',
  rootcas: 'RootCA',
  enterprisecas: 'EnterpriseCA',
  ntauthstores: 'NTAuthStore',
  certtemplates: 'CertTemplate',
  issuancepolicies: 'IssuancePolicy',
  sessions: null,
  deleted: null,
};

/** Collection format versions read. */
export const SHARPHOUND_VERSIONS = [5, 6] as const;

/** Kinds a reference (`ObjectType`, `PrincipalType`) may name, by lower-case spelling; anything else is `Base`. */
const REFERENCE_KINDS = new Map(
  [
    'User',
    'Computer',
    'Group',
    'Domain',
    'GPO',
    'OU',
    'Container',
    'AIACA',
    'RootCA',
    'EnterpriseCA',
    'NTAuthStore',
    'CertTemplate',
    'IssuancePolicy',
    'Base',
  ].map((k) => [k.toLowerCase(), k] as const),
);
REFERENCE_KINDS.set('localgroup', 'ADLocalGroup');
REFERENCE_KINDS.set('adlocalgroup', 'ADLocalGroup');
REFERENCE_KINDS.set('localuser', 'ADLocalUser');
REFERENCE_KINDS.set('adlocaluser', 'ADLocalUser');

const OWNER_RIGHTS_SID = 'S-1-3-4';
const IGNORED_NAME = 'IGNOREME';
const GPO_LOCAL_GROUPS: [string, string][] = [
  ['localadmins', '544'],
  ['remotedesktopusers', '555'],
  ['dcomusers', '562'],
  ['psremoteusers', '580'],
];
const USER_RIGHTS: Record<string, string> = {
  seremoteinteractivelogonright: 'RemoteInteractiveLogonRight',
  sebackupprivilege: 'BackupPrivilege',
  serestoreprivilege: 'RestorePrivilege',
};
const SAME_FOREST_TRUST_TYPES = new Set(['ParentChild', 'TreeRoot', 'CrossLink']);

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const bool = (v: unknown): boolean => v === true;

/** Upper-case object id of a reference, '' when it has none. */
const idOf = (v: unknown): string => str(v).trim().toUpperCase();

function kindOfReference(type: unknown): string {
  return REFERENCE_KINDS.get(str(type).trim().toLowerCase()) ?? 'Base';
}

/** Converts one file's items into a batch; `where` names an item in a reason (`data[3]`). */
class SharpHoundConverter {
  readonly nodes = new Map<string, IngestNode>();
  readonly edges: IngestEdge[] = [];
  /** Kinds references gave to object ids the file does not collect (placeholders if nothing else has them). */
  readonly referenced = new Map<string, string>();
  readonly deleted: string[] = [];
  private readonly sharedProps = new Map<string, Record<string, unknown>>();
  private readonly now: string;

  constructor(
    private readonly type: string,
    now: Date,
  ) {
    this.now = now.toISOString();
  }

  convert(raw: unknown, index: number): void {
    const where = `data[${index}]`;
    if (this.type === 'deleted') {
      const id = typeof raw === 'string' ? idOf(raw) : idOf(lowerKeys(raw)?.objectidentifier);
      if (!id) throw new IngestError(`${where} names no object: give its "ObjectIdentifier"`);
      this.deleted.push(id);
      return;
    }
    const item = lowerKeys(raw);
    if (!item) throw new IngestError(`${where} is not an object`);
    if (this.type === 'sessions') {
      this.session(item, where);
      return;
    }
    const objectid = idOf(item.objectidentifier);
    if (!objectid) throw new IngestError(`${where} has no "ObjectIdentifier"`);
    if (item.isdeleted === true) {
      this.deleted.push(objectid);
      return;
    }
    const kind = SHARPHOUND_TYPES[this.type]!;
    const rawProps = item.properties;
    if (rawProps !== undefined && rawProps !== null && lowerKeys(rawProps) === null) {
      throw new IngestError(`${where} (${objectid}): "Properties" must be an object`);
    }
    const props: Record<string, unknown> = { ...(lowerKeys(rawProps) ?? {}) };
    props.objectid = objectid;
    if (typeof item.isaclprotected === 'boolean') props.isaclprotected = item.isaclprotected;
    if (typeof item.domainsid === 'string' && item.domainsid && props.domainsid === undefined) props.domainsid = item.domainsid;
    props.lastcollected = this.now;
    const node: IngestNode = { objectid, kinds: [kind, 'Base'], props };
    this.nodes.set(objectid, node);

    if (this.type !== 'enterprisecas') this.aces(node, list(item.aces), kind);
    this.container(item, objectid, kind);
    switch (this.type) {
      case 'users':
        this.user(item, objectid);
        break;
      case 'groups':
        for (const m of list(item.members))
          this.ref(m, (id, k) => this.edge(id, k, objectid, 'Group', 'MemberOf', { isprimarygroup: false }));
        this.sidHistory(item, objectid, 'Group');
        break;
      case 'computers':
        this.computer(item, node);
        break;
      case 'domains':
        this.domain(item, node);
        break;
      case 'ous':
        this.links(item, objectid, 'OU');
        this.children(item, objectid, 'OU');
        this.gpoChanges(item);
        if (list(item.inheritancehashes).length > 0) props.inheritancehashes = item.inheritancehashes;
        break;
      case 'containers':
        this.children(item, objectid, 'Container');
        if (list(item.inheritancehashes).length > 0) props.inheritancehashes = item.inheritancehashes;
        break;
      case 'rootcas':
        if (idOf(item.domainsid)) this.edge(objectid, 'RootCA', idOf(item.domainsid), 'Domain', 'RootCAFor');
        break;
      case 'ntauthstores':
        if (idOf(item.domainsid)) this.edge(objectid, 'NTAuthStore', idOf(item.domainsid), 'Domain', 'NTAuthStoreFor');
        break;
      case 'enterprisecas':
        this.enterpriseCA(item, node);
        break;
      case 'issuancepolicies': {
        const link = lowerKeys(item.grouplink);
        const target = idOf(link?.objectidentifier);
        if (target) {
          this.edge(objectid, 'IssuancePolicy', target, kindOfReference(link?.objecttype), 'OIDGroupLink');
          props.grouplinkid = target;
        }
        break;
      }
    }
  }

  /** A reference `{ObjectIdentifier, ObjectType}`: calls `take` with its id and kind (skipped when it has no id). */
  private ref(raw: unknown, take: (id: string, kind: string) => void): void {
    const r = lowerKeys(raw);
    const id = idOf(r?.objectidentifier);
    if (id) take(id, kindOfReference(r?.objecttype));
  }

  private edge(
    source: string,
    sourceKind: string,
    target: string,
    targetKind: string,
    kind: string,
    props: Record<string, unknown> = {},
  ) {
    if (!source || !target) return;
    if (!this.referenced.has(source)) this.referenced.set(source, sourceKind);
    if (!this.referenced.has(target)) this.referenced.set(target, targetKind);
    this.edges.push({
      source: { objectid: source },
      target: { objectid: target },
      kind,
      props: this.shared({ isacl: false, ...props }),
    });
  }

  /**
   * One object for every relationship with the same few plain properties (most ACEs and memberships): a
   * collection's hundreds of thousands of relationships then hold a handful of property objects, not one each.
   * Relationship properties are never changed in place, only replaced.
   */
  private shared(props: Record<string, unknown>): Record<string, unknown> {
    const keys = Object.keys(props);
    if (keys.length > 4 || keys.some((k) => props[k] !== null && typeof props[k] === 'object')) return props;
    const key = keys.map((k) => `${k}=${String(props[k])}`).join('|');
    let known = this.sharedProps.get(key);
    if (!known) {
      known = Object.freeze(props);
      this.sharedProps.set(key, known);
    }
    return known;
  }

  private aceEdge(
    source: string,
    sourceKind: string,
    target: string,
    targetKind: string,
    kind: string,
    props: Record<string, unknown>,
  ) {
    this.edge(source, sourceKind, target, targetKind, kind, { ...props, isacl: true });
  }

  /**
   * ACEs as upstream reads them: an edge per right (kind = RightName, `isinherited`), except that Owns and
   * WriteOwner become OwnsRaw and WriteOwnerRaw (or the limited-rights edges, when the OWNER RIGHTS principal is
   * granted rights) for analysis to judge; an ACE of the object on itself is skipped.
   */
  private aces(node: IngestNode, aces: unknown[], targetKind: string): void {
    const target = node.objectid;
    let owner: { id: string; kind: string } | null = null;
    const writeOwners: { id: string; kind: string; inherited: boolean; hash: string }[] = [];
    const ownerLimited: string[] = [];
    const writeOwnerLimited: string[] = [];
    aces.forEach((raw, i) => {
      const ace = lowerKeys(raw);
      if (!ace) throw new IngestError(`${target}: Aces[${i}] is not an object`);
      const principal = idOf(ace.principalsid);
      const right = str(ace.rightname).trim();
      if (!principal || !right || principal === target) return;
      if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(right))
        throw new IngestError(`${target}: Aces[${i}] has the right name ${JSON.stringify(right)}`);
      const kind = kindOfReference(ace.principaltype);
      const inherited = bool(ace.isinherited);
      const hash = str(ace.inheritancehash);
      if (right === 'Owns' || right === 'OwnsRaw') owner = { id: principal, kind };
      else if (right === 'WriteOwner' || right === 'WriteOwnerRaw') writeOwners.push({ id: principal, kind, inherited, hash });
      else if (principal.endsWith(OWNER_RIGHTS_SID)) {
        ownerLimited.push(right);
        if (inherited) writeOwnerLimited.push(right);
      } else this.aceEdge(principal, kind, target, targetKind, right, { isinherited: inherited, inheritancehash: hash });
    });
    const found = owner as { id: string; kind: string } | null;
    if (found) node.props.ownersid = found.id;
    const props = node.props;
    if (ownerLimited.length > 0) {
      if (found)
        this.aceEdge(found.id, found.kind, target, targetKind, 'OwnsLimitedRights', {
          isinherited: false,
          privileges: ownerLimited,
        });
      if (writeOwnerLimited.length > 0) {
        for (const w of writeOwners) {
          this.aceEdge(w.id, w.kind, target, targetKind, 'WriteOwnerLimitedRights', {
            isinherited: w.inherited,
            inheritancehash: w.hash,
            privileges: writeOwnerLimited,
          });
        }
      } else if (props.doesanyinheritedacegrantownerrights !== true) {
        for (const w of writeOwners)
          this.aceEdge(w.id, w.kind, target, targetKind, 'WriteOwnerRaw', { isinherited: w.inherited, inheritancehash: w.hash });
      }
      return;
    }
    if (props.doesanyacegrantownerrights === true) {
      if (props.doesanyinheritedacegrantownerrights === true) return;
      for (const w of writeOwners)
        this.aceEdge(w.id, w.kind, target, targetKind, 'WriteOwnerRaw', { isinherited: w.inherited, inheritancehash: w.hash });
      return;
    }
    if (found) this.aceEdge(found.id, found.kind, target, targetKind, 'OwnsRaw', { isinherited: false });
    for (const w of writeOwners)
      this.aceEdge(w.id, w.kind, target, targetKind, 'WriteOwnerRaw', { isinherited: w.inherited, inheritancehash: w.hash });
  }

  private container(item: Record<string, unknown>, objectid: string, kind: string): void {
    this.ref(item.containedby, (id, k) => this.edge(id, k, objectid, kind, 'Contains'));
  }

  private children(item: Record<string, unknown>, objectid: string, kind: string): void {
    for (const c of list(item.childobjects)) this.ref(c, (id, k) => this.edge(objectid, kind, id, k, 'Contains'));
  }

  private links(item: Record<string, unknown>, objectid: string, kind: string): void {
    for (const raw of list(item.links)) {
      const link = lowerKeys(raw);
      const gpo = idOf(link?.guid);
      if (gpo) this.edge(gpo, 'GPO', objectid, kind, 'GPLink', { enforced: bool(link?.isenforced) });
    }
  }

  private sidHistory(item: Record<string, unknown>, objectid: string, kind: string): void {
    for (const t of list(item.hassidhistory)) this.ref(t, (id, k) => this.edge(objectid, kind, id, k, 'HasSIDHistory'));
  }

  private primaryGroup(item: Record<string, unknown>, objectid: string, kind: string): void {
    const group = idOf(item.primarygroupsid);
    if (group) this.edge(objectid, kind, group, 'Group', 'MemberOf', { isprimarygroup: true });
  }

  /** Unconstrained delegation (a property, or a field in newer files) with a domain: CoerceToTGT to the domain. */
  private coerceToTgt(item: Record<string, unknown>, props: Record<string, unknown>, objectid: string, kind: string): void {
    const unconstrained = props.unconstraineddelegation ?? item.unconstraineddelegation;
    const domainsid = idOf(props.domainsid ?? item.domainsid);
    if (unconstrained === true && domainsid) this.edge(objectid, kind, domainsid, 'Domain', 'CoerceToTGT');
  }

  private user(item: Record<string, unknown>, objectid: string): void {
    const props = this.nodes.get(objectid)!.props;
    for (const raw of list(item.spntargets)) {
      const spn = lowerKeys(raw);
      const computer = idOf(spn?.computersid);
      const service = str(spn?.service).trim();
      if (computer && /^[A-Za-z][A-Za-z0-9_]*$/.test(service)) {
        this.edge(objectid, 'User', computer, 'Computer', service, { isacl: true, port: spn?.port ?? null });
      }
    }
    this.primaryGroup(item, objectid, 'User');
    for (const t of list(item.allowedtodelegate)) this.ref(t, (id, k) => this.edge(objectid, 'User', id, k, 'AllowedToDelegate'));
    this.sidHistory(item, objectid, 'User');
    this.coerceToTgt(item, props, objectid, 'User');
  }

  private sessionEdges(raw: unknown): void {
    const result = lowerKeys(raw);
    if (!result || result.collected !== true) return;
    for (const s of list(result.results)) this.session(lowerKeys(s) ?? {}, null);
  }

  private session(s: Record<string, unknown>, where: string | null): void {
    const computer = idOf(s.computersid);
    const user = idOf(s.usersid);
    if (!computer || !user) {
      if (where) throw new IngestError(`${where} needs "ComputerSID" and "UserSID"`);
      return;
    }
    this.edge(computer, 'Computer', user, 'User', 'HasSession');
  }

  private computer(item: Record<string, unknown>, node: IngestNode): void {
    const objectid = node.objectid;
    const props = node.props;
    this.primaryGroup(item, objectid, 'Computer');
    for (const t of list(item.allowedtodelegate))
      this.ref(t, (id, k) => this.edge(objectid, 'Computer', id, k, 'AllowedToDelegate'));
    for (const a of list(item.allowedtoact)) this.ref(a, (id, k) => this.edge(id, k, objectid, 'Computer', 'AllowedToAct'));
    for (const t of list(item.dumpsmsapassword))
      this.ref(t, (id, k) => this.edge(objectid, 'Computer', id, k, 'DumpSMSAPassword'));
    this.sidHistory(item, objectid, 'Computer');
    this.sessionEdges(item.sessions);
    this.sessionEdges(item.privilegedsessions);
    this.sessionEdges(item.registrysessions);
    const domainsid = idOf(item.domainsid ?? props.domainsid);
    if (item.isdc === true && domainsid) this.edge(objectid, 'Computer', domainsid, 'Domain', 'DCFor');
    else this.coerceToTgt(item, props, objectid, 'Computer');

    for (const raw of list(item.localgroups)) {
      const group = lowerKeys(raw);
      if (!group || group.collected !== true) continue;
      const results = list(group.results);
      const name = str(group.name);
      if (results.length === 0 && !name.toUpperCase().startsWith('DIRECT ACCESS USERS')) continue;
      const groupId = idOf(group.objectidentifier);
      if (!groupId) continue;
      if (name !== IGNORED_NAME) this.addNode(groupId, 'ADLocalGroup', { name });
      this.edge(groupId, 'ADLocalGroup', objectid, 'Computer', 'LocalToComputer');
      for (const m of results) this.ref(m, (id, k) => this.edge(id, k, groupId, 'ADLocalGroup', 'MemberOfLocalGroup'));
      this.localNames(group.localnames);
    }
    for (const raw of list(item.userrights)) {
      const right = lowerKeys(raw);
      if (!right || right.collected !== true) continue;
      const results = list(right.results);
      const kind = USER_RIGHTS[str(right.privilege).toLowerCase()];
      if (!kind || results.length === 0) continue;
      for (const g of results) this.ref(g, (id, k) => this.edge(id, k, objectid, 'Computer', kind));
      props.hasura = true;
      this.localNames(right.localnames);
    }

    const reg = lowerKeys(item.dcregistrydata);
    const mapping = lowerKeys(reg?.certificatemappingmethods);
    if (mapping?.collected === true) props.certificatemappingmethodsraw = mapping.value;
    const binding = lowerKeys(reg?.strongcertificatebindingenforcement);
    if (binding?.collected === true) props.strongcertificatebindingenforcementraw = binding.value;
    const smb = lowerKeys(item.smbinfo);
    if (smb?.collected === true) props.smbsigning = bool(lowerKeys(smb.result)?.signingenabled);
    const webclient = lowerKeys(item.iswebclientrunning);
    if (webclient?.collected === true) props.webclientrunning = bool(webclient.result);
    if ('ldapenabled' in props) {
      props.ldapavailable = props.ldapenabled;
      delete props.ldapenabled;
    }
    if ('ldapsenabled' in props) {
      props.ldapsavailable = props.ldapsenabled;
      delete props.ldapsenabled;
    }
  }

  private localNames(raw: unknown): void {
    for (const n of list(raw)) {
      const named = lowerKeys(n);
      const id = idOf(named?.objectidentifier);
      if (id) this.addNode(id, 'Base', { name: str(named?.principalname) });
    }
  }

  private addNode(objectid: string, kind: string, props: Record<string, unknown>): void {
    const existing = this.nodes.get(objectid);
    if (existing) {
      Object.assign(existing.props, props);
      return;
    }
    this.nodes.set(objectid, { objectid, kinds: kind === 'Base' ? ['Base'] : [kind, 'Base'], props: { objectid, ...props } });
  }

  private gpoChanges(item: Record<string, unknown>): void {
    const changes = lowerKeys(item.gpochanges);
    if (!changes) return;
    for (const c of list(changes.affectedcomputers)) {
      this.ref(c, (computer) => {
        for (const [field, rid] of GPO_LOCAL_GROUPS) {
          const members = list(changes[field]);
          if (members.length === 0) continue;
          const groupId = `${computer}-${rid}`;
          this.addNode(groupId, 'ADLocalGroup', {});
          this.edge(groupId, 'ADLocalGroup', computer, 'Computer', 'LocalToComputer');
          for (const m of members) this.ref(m, (id, k) => this.edge(id, k, groupId, 'ADLocalGroup', 'MemberOfLocalGroup'));
        }
      });
    }
  }

  private domain(item: Record<string, unknown>, node: IngestNode): void {
    const objectid = node.objectid;
    const props = node.props;
    for (const key of ['machineaccountquota', 'minpwdlength', 'pwdproperties', 'pwdhistorylength', 'lockoutthreshold']) {
      if (!(key in props)) continue;
      const n = typeof props[key] === 'string' ? Number.parseInt(props[key], 10) : props[key];
      if (typeof n === 'number' && Number.isFinite(n)) props[key] = Math.trunc(n);
      else delete props[key];
    }
    if ('expirepasswordsonsmartcardonlyaccounts' in props) {
      const v = props.expirepasswordsonsmartcardonlyaccounts;
      if (v === 'true' || v === 'false') props.expirepasswordsonsmartcardonlyaccounts = v === 'true';
      else if (typeof v !== 'boolean') delete props.expirepasswordsonsmartcardonlyaccounts;
    }
    if (list(item.inheritancehashes).length > 0) props.inheritancehashes = item.inheritancehashes;
    this.children(item, objectid, 'Domain');
    this.links(item, objectid, 'Domain');
    this.gpoChanges(item);
    for (const raw of list(item.trusts)) {
      const trust = lowerKeys(raw);
      const other = idOf(trust?.targetdomainsid);
      if (!trust || !other) continue;
      const attributes = trust.trustattributes;
      const parsed = typeof attributes === 'string' ? Number.parseInt(attributes, 10) : attributes;
      const trustAttributes = typeof parsed === 'number' && Number.isFinite(parsed) ? Math.trunc(parsed) : null;
      this.addNode(other, 'Domain', { name: str(trust.targetdomainname).toUpperCase() });
      const trustType = str(trust.trusttype);
      const kind = SAME_FOREST_TRUST_TYPES.has(trustType) ? 'SameForestTrust' : 'CrossForestTrust';
      const direction = str(trust.trustdirection);
      const transitive = bool(trust.istransitive);
      const tgtDelegation = bool(trust.tgtdelegationenabled);
      const sidFiltering = bool(trust.sidfilteringenabled);
      if (direction === 'Inbound' || direction === 'Bidirectional') {
        this.edge(other, 'Domain', objectid, 'Domain', kind, {
          trusttype: trustType,
          transitive,
          trustattributesinbound: trustAttributes,
          ...(trustAttributes === null ? {} : { tgtdelegation: tgtDelegation }),
        });
        if (kind === 'CrossForestTrust' && tgtDelegation) {
          this.edge(other, 'Domain', objectid, 'Domain', 'AbuseTGTDelegation', { trusttype: trustType });
        }
      }
      if (direction === 'Outbound' || direction === 'Bidirectional') {
        this.edge(objectid, 'Domain', other, 'Domain', kind, {
          spoofsidhistoryblocked: sidFiltering,
          trusttype: trustType,
          transitive,
          trustattributesoutbound: trustAttributes,
        });
        if (kind === 'CrossForestTrust' && !sidFiltering) {
          this.edge(other, 'Domain', objectid, 'Domain', 'SpoofSIDHistory', { trusttype: trustType });
        }
      }
    }
  }

  private enterpriseCA(item: Record<string, unknown>, node: IngestNode): void {
    const objectid = node.objectid;
    const props = node.props;
    const http: string[] = [];
    const https: string[] = [];
    let collected = false;
    for (const raw of list(item.httpenrollmentendpoints)) {
      const endpoint = lowerKeys(raw);
      if (endpoint?.collected !== true) continue;
      collected = true;
      const result = lowerKeys(endpoint.result) ?? {};
      if (result.adcswebenrollmenthttp === true) http.push(str(result.url));
      if (result.adcswebenrollmenthttps === true && result.adcswebenrollmentepa !== true) https.push(str(result.url));
    }
    if (http.length > 0) props.httpenrollmentendpoints = http;
    if (https.length > 0) props.httpsenrollmentendpoints = https;
    if (http.length > 0 || https.length > 0) props.hasvulnerableendpoint = true;
    else if (collected) props.hasvulnerableendpoint = false;

    const registry = lowerKeys(item.caregistrydata) ?? {};
    const restrictions = lowerKeys(registry.enrollmentagentrestrictions);
    if (restrictions?.collected === true) props.hasenrollmentagentrestrictions = list(restrictions.restrictions).length > 0;
    const san = lowerKeys(registry.isuserspecifiessanenabled);
    if (san?.collected === true) props.isuserspecifiessanenabled = bool(san.value);
    const separation = lowerKeys(registry.roleseparationenabled);
    if (separation?.collected === true) props.roleseparationenabled = bool(separation.value);

    const templates: string[] = [];
    for (const t of list(item.enabledcerttemplates)) {
      this.ref(t, (id) => {
        templates.push(id);
        this.edge(id, 'CertTemplate', objectid, 'EnterpriseCA', 'PublishedTo');
      });
    }
    const hosting = idOf(item.hostingcomputer);
    if (hosting) this.edge(hosting, 'Computer', objectid, 'EnterpriseCA', 'HostsCAService');
    if (restrictions?.collected === true) {
      for (const raw of list(restrictions.restrictions)) {
        const r = lowerKeys(raw);
        if (!r || str(r.accesstype) !== 'AccessAllowedCallback') continue;
        const agent = lowerKeys(r.agent);
        const agentId = idOf(agent?.objectidentifier);
        if (!agentId) continue;
        const targets = r.alltemplates === true ? templates : [idOf(lowerKeys(r.template)?.objectidentifier)].filter(Boolean);
        for (const t of targets)
          this.edge(agentId, kindOfReference(agent?.objecttype), t, 'CertTemplate', 'DelegatedEnrollmentAgent');
      }
    }
    // The CA's own rights (ManageCA, ManageCertificates, Enroll) come from its registry when that was collected,
    // the rest from its directory object (the hosting computer's rights from both).
    const security = lowerKeys(registry.casecurity);
    let aces = list(item.aces);
    if (security?.collected === true) {
      const caRights = new Set(['ManageCA', 'ManageCertificates', 'Enroll']);
      const fromRegistry = list(security.data).filter((raw) => {
        const ace = lowerKeys(raw);
        return ace !== null && str(ace.principaltype) !== 'LocalGroup' && str(ace.rightname) !== 'Owns';
      });
      const fromDirectory = aces.filter((raw) => {
        const ace = lowerKeys(raw);
        return ace !== null && (idOf(ace.principalsid) === hosting || !caRights.has(str(ace.rightname)));
      });
      aces = [...fromRegistry, ...fromDirectory];
    }
    this.aces(node, aces, 'EnterpriseCA');
  }

  /** The batch: placeholders for what was referred to but not collected. */
  batch(): IngestBatch {
    for (const [objectid, kind] of this.referenced) {
      if (!this.nodes.has(objectid)) {
        this.nodes.set(objectid, { objectid, kinds: kind === 'Base' ? ['Base'] : [kind, 'Base'], props: { objectid } });
      }
    }
    return { sourceKind: 'AD', nodes: [...this.nodes.values()], edges: this.edges, deleted: this.deleted };
  }
}

function checkMeta(meta: unknown): { type: string; version: number } {
  const m = lowerKeys(meta);
  if (!m) throw new IngestError('"meta" must be an object with "type" and "version"');
  const type = str(m.type).toLowerCase();
  if (!(type in SHARPHOUND_TYPES)) {
    throw new IngestError(
      `"meta.type" must be one of ${Object.keys(SHARPHOUND_TYPES).join(', ')}, not ${JSON.stringify(m.type ?? null)}`,
    );
  }
  const version = m.version;
  if (typeof version !== 'number' || !(SHARPHOUND_VERSIONS as readonly number[]).includes(version)) {
    throw new IngestError(
      `"meta.version" ${JSON.stringify(version ?? null)} is not a collection format read here; SharpHound writes versions ${SHARPHOUND_VERSIONS.join(' and ')}`,
    );
  }
  return { type, version };
}

/** A SharpHound JSON file as a batch (throws an IngestError naming where the file is wrong). */
export async function parseSharpHound(chunks: AsyncIterable<Uint8Array>, now: Date = new Date()): Promise<IngestBatch> {
  let converter: SharpHoundConverter | null = null;
  let early: unknown[] = [];
  let metaSeen = false;
  const reader = new CollectedJsonReader({
    onMeta: (meta) => {
      if (metaSeen) throw new IngestError('"meta" is given twice');
      metaSeen = true;
      const { type } = checkMeta(meta);
      converter = new SharpHoundConverter(type, now);
      early.forEach((item, i) => converter!.convert(item, i));
      early = [];
    },
    onItem: (item, index) => {
      if (converter) converter.convert(item, index);
      else early.push(item);
    },
  });
  for await (const chunk of chunks) reader.write(chunk);
  reader.end();
  if (reader.rootKind !== 'object') throw new IngestError('a SharpHound file is a JSON object with "meta" and "data"');
  if (!metaSeen) throw new IngestError('it has no "meta" object, so its type is unknown');
  if (reader.rootKeys.get('data') !== 'array') throw new IngestError('it has no "data" list');
  return (converter as SharpHoundConverter | null)!.batch();
}
