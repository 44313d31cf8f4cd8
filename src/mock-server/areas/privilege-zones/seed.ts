/**
 * The seeded Privilege Zones: Tier Zero (position 1) with the default rules
 * upstream ships (their names and which may be disabled as upstream's
 * "Default Rules" list gives them; each rule's Cypher finds the objects by
 * their well-known RID, SID, kind or Entra role template), Owned (its rules
 * stand for the legacy Owned group's selectors, which legacy.ts links), and
 * on enterprise a second zone and two labels with custom rules of both seed
 * kinds. About 90 days of history come with them.
 */
import { AutoCertify, Certification, SeedType, TagType, type SelectorSeed } from '../../../api/schemas/privilege-zones';
import type { MockConfig } from '../../config';
import { directoryGraph } from '../../seed/graph';
import { Rng, seedTime } from '../../seed/random';
import type { DbState } from '../../store/db';
import type { PrivilegeZonesState, StoredHistoryRecord, StoredSelector, StoredTag } from './model';

/** Who made the seeded changes (the service itself for the defaults). */
const SYSTEM = 'BloodHound';

const groupRid = (rid: string) => `MATCH (n:Group) WHERE n.objectid ENDS WITH '-${rid}' RETURN n;`;
const azRole = (templateId: string) => `MATCH (n:AZRole) WHERE n.templateid = '${templateId}' RETURN n;`;

/** Upstream's default Tier Zero rules: name, whether it may be disabled, its Cypher seed. */
export const DEFAULT_TIER_ZERO_RULES: readonly (readonly [name: string, allowDisable: boolean, cypher: string])[] = [
  ['Account Operators', true, groupRid('548')],
  ['Administrator', false, `MATCH (n:User) WHERE n.objectid ENDS WITH '-500' RETURN n;`],
  ['Administrators', false, groupRid('544')],
  [
    'AdminSDHolder',
    false,
    `MATCH (n:Container) WHERE toUpper(n.distinguishedname) STARTS WITH 'CN=ADMINSDHOLDER,CN=SYSTEM,' RETURN n;`,
  ],
  ['AIA CA (AD object)', true, 'MATCH (n:AIACA) RETURN n;'],
  ['Application Administrator', true, azRole('9b895d92-2cd3-44c7-9d02-a6ac2d5ea5c3')],
  ['Azure tenant object', false, 'MATCH (n:AZTenant) RETURN n;'],
  ['AZUREADSSOACC object', true, `MATCH (n:Computer) WHERE n.name STARTS WITH 'AZUREADSSOACC.' RETURN n;`],
  ['Backup Operators', false, groupRid('551')],
  ['Cert Publishers', true, groupRid('517')],
  ['Certificate template', true, 'MATCH (n:CertTemplate) RETURN n;'],
  ['Cryptographic Operators', true, groupRid('569')],
  ['Distributed COM Users', true, groupRid('562')],
  ['DNS Admins', true, `MATCH (n:Group) WHERE n.name STARTS WITH 'DNSADMINS@' RETURN n;`],
  ['Domain Admins', false, groupRid('512')],
  ['Domain Controllers', false, groupRid('516')],
  ['Domain root object', false, 'MATCH (n:Domain) RETURN n;'],
  ['Enterprise Admins', false, groupRid('519')],
  ['Enterprise CA (AD object)', true, 'MATCH (n:EnterpriseCA) RETURN n;'],
  ['Enterprise CA Computers', true, 'MATCH (n:Computer)-[:HostsCAService]->(:EnterpriseCA) RETURN n;'],
  ['Enterprise Domain Controllers', false, `MATCH (n:Group) WHERE n.objectid ENDS WITH '-S-1-5-9' RETURN n;`],
  ['Enterprise Key Admins', false, groupRid('527')],
  ['Exchange Trusted Subsystem', true, `MATCH (n:Group) WHERE n.name STARTS WITH 'EXCHANGE TRUSTED SUBSYSTEM@' RETURN n;`],
  ['Exchange Windows Permissions', true, `MATCH (n:Group) WHERE n.name STARTS WITH 'EXCHANGE WINDOWS PERMISSIONS@' RETURN n;`],
  ['Global Administrator', false, azRole('62e90394-69f5-4237-9190-012177145e10')],
  ['Intune Administrator', true, azRole('3a2c62db-5318-420d-8d74-23affee5d9d5')],
  ['Key Admins', false, groupRid('526')],
  ['Knowledge Administrator', true, azRole('b5a8dcf3-09d5-43a9-a639-8e29ef291470')],
  ['KRBTGT objects', true, `MATCH (n:User) WHERE n.objectid ENDS WITH '-502' RETURN n;`],
  ['NTAuth store', true, 'MATCH (n:NTAuthStore) RETURN n;'],
  ['Partner Tier2 Support', false, azRole('e00e864a-17c5-4a4b-9c06-f5b95a8d5bd8')],
  ['Performance Log Users', true, groupRid('559')],
  ['Print Operators', true, groupRid('550')],
  ['Privileged Authentication Administrator', false, azRole('7be44c8a-adaf-4e2a-84d6-ab2649e08a13')],
  ['Privileged Role Administrator', false, azRole('e8611ab8-c189-46e8-94e1-60213ab1f814')],
  ['Read-Only Domain Controllers', true, groupRid('521')],
  ['Root CA object', true, 'MATCH (n:RootCA) RETURN n;'],
  ['Schema Admins', false, groupRid('518')],
  ['Security Administrator', true, azRole('194ae4cb-b126-40b2-bd5b-6091b380977d')],
  ['Server Operators', true, groupRid('549')],
];

export const TIER_ZERO_ID = 1;
export const OWNED_ID = 2;
export const TIER_ZERO_GLYPH = 'gem';

interface Seeder {
  state: PrivilegeZonesState;
  rng: Rng;
  actors: { name: string; email: string | null }[];
}

function tag(
  s: Seeder,
  fields: Pick<StoredTag, 'type' | 'name' | 'description' | 'position' | 'require_certify' | 'analysis_enabled' | 'glyph'>,
  day: number,
  by = SYSTEM,
): StoredTag {
  const id = s.state.next.tag++;
  const t: StoredTag = {
    id,
    kind_id: 100 + id,
    ...fields,
    created_at: seedTime(day),
    created_by: by,
    updated_at: seedTime(day),
    updated_by: by,
    deleted_at: null,
    deleted_by: null,
  };
  s.state.tags.push(t);
  return t;
}

function rule(
  s: Seeder,
  t: StoredTag,
  fields: { name: string; description?: string; seeds: SelectorSeed[]; auto_certify?: 0 | 1 | 2; allow_disable?: boolean },
  day: number,
  options: { by?: string; isDefault?: boolean; disabledDay?: number } = {},
): StoredSelector {
  const by = options.by ?? SYSTEM;
  const r: StoredSelector = {
    id: s.state.next.selector++,
    asset_group_tag_id: t.id,
    created_at: seedTime(day),
    created_by: by,
    updated_at: seedTime(options.disabledDay ?? day),
    updated_by: by,
    disabled_at: options.disabledDay === undefined ? null : seedTime(options.disabledDay),
    disabled_by: options.disabledDay === undefined ? null : by,
    name: fields.name,
    description: fields.description ?? '',
    auto_certify: fields.auto_certify ?? AutoCertify.Off,
    is_default: options.isDefault ?? false,
    allow_disable: fields.allow_disable ?? true,
    seeds: fields.seeds,
  };
  s.state.selectors.push(r);
  return r;
}

function history(
  s: Seeder,
  day: number,
  actor: { name: string; email: string | null },
  action: string,
  target: string,
  tagId: number,
  note: string | null = null,
  environment: string | null = null,
): void {
  const record: StoredHistoryRecord = {
    id: s.state.next.history++,
    created_at: seedTime(day),
    actor: actor.name,
    email: actor.email,
    action,
    target,
    asset_group_tag_id: tagId,
    environment_id: environment,
    note,
  };
  s.state.history.push(record);
}

const objectSeeds = (ids: readonly string[]): SelectorSeed[] => ids.map((value) => ({ type: SeedType.ObjectId, value }));
const cypherSeed = (value: string): SelectorSeed[] => [{ type: SeedType.Cypher, value }];

/**
 * Seeds `state.privilegeZones`, after the users (the actors). The legacy system groups' selectors become
 * rules when the seeded pipeline's analysis runs (the datapipe area's seed).
 */
export function seedPrivilegeZones(state: DbState, config: Pick<MockConfig, 'edition'>): void {
  const pz: PrivilegeZonesState = {
    tags: [],
    selectors: [],
    certifications: [],
    history: [],
    membership: null,
    next: { tag: 1, selector: 1, history: 1 },
  };
  state.privilegeZones = pz;
  const people = state.users
    .filter((u) => u.deleted_at === null && !u.is_disabled)
    .slice(0, 4)
    .map((u) => ({ name: u.principal_name, email: u.email_address || null }));
  const s: Seeder = { state: pz, rng: new Rng(0x2097e5), actors: people.length > 0 ? people : [{ name: SYSTEM, email: null }] };
  const system = { name: SYSTEM, email: null };
  const graph = directoryGraph();

  const tierZero = tag(
    s,
    {
      type: TagType.Zone,
      name: 'Tier Zero',
      description: 'The most privileged objects: control of any of them is control of the whole environment.',
      position: 1,
      require_certify: false,
      analysis_enabled: true,
      glyph: TIER_ZERO_GLYPH,
    },
    -120,
  );
  const owned = tag(
    s,
    {
      type: TagType.Owned,
      name: 'Owned',
      description: 'Objects an attacker is known or assumed to control.',
      position: null,
      require_certify: null,
      analysis_enabled: null,
      glyph: null,
    },
    -120,
  );
  for (const [name, allowDisable, cypher] of DEFAULT_TIER_ZERO_RULES) {
    rule(
      s,
      tierZero,
      { name, seeds: cypherSeed(cypher), allow_disable: allowDisable, auto_certify: AutoCertify.AllMembers },
      -120,
      {
        isDefault: true,
      },
    );
  }

  const actor = (i: number) => s.actors[i % s.actors.length]!;
  // Tier Zero: one custom rule by Cypher.
  const caRule = rule(
    s,
    tierZero,
    {
      name: 'Certificate Authority servers',
      description: 'Hosts of the issuing CA.',
      seeds: cypherSeed(`MATCH (n:Computer) WHERE n.name STARTS WITH 'SRV-CA' RETURN n;`),
      auto_certify: AutoCertify.SeedsOnly,
    },
    -85,
    { by: actor(0).name },
  );
  history(s, -85, actor(0), 'CreateSelector', caRule.name, tierZero.id);

  if (config.edition === 'enterprise') {
    const corp = graph.domains[0]?.name ?? '';
    const servers = graph.nodes
      .filter((n) => n.primaryKind === 'Computer' && n.name.endsWith(`.${corp}`) && /^SRV-(SQL|FS)/.test(n.name))
      .map((n) => n.objectid);
    const helpdesk = graph.nodes.find((n) => n.primaryKind === 'Group' && n.name === `IT HELPDESK@${corp}`);

    const critical = tag(
      s,
      {
        type: TagType.Zone,
        name: 'Critical Servers',
        description: 'Database and file servers holding business data.',
        position: 2,
        require_certify: true,
        analysis_enabled: true,
        glyph: 'server',
      },
      -88,
      actor(0).name,
    );
    history(s, -88, actor(0), 'CreateTag', critical.name, critical.id);
    history(s, -88, actor(0), 'AnalysisEnabledTag', critical.name, critical.id);
    const dataServers = rule(
      s,
      critical,
      {
        name: 'Data servers',
        description: 'SQL and file servers.',
        seeds: objectSeeds(servers),
        auto_certify: AutoCertify.Off,
      },
      -87,
      { by: actor(0).name },
    );
    history(s, -87, actor(0), 'CreateSelector', dataServers.name, critical.id);
    const sqlAdmins = rule(
      s,
      critical,
      {
        name: 'SQL service accounts',
        description: 'Accounts the database services run as.',
        seeds: cypherSeed(`MATCH (n:User) WHERE n.name STARTS WITH 'SVC_SQL' RETURN n;`),
      },
      -60,
      { by: actor(1).name },
    );
    history(s, -60, actor(1), 'CreateSelector', sqlAdmins.name, critical.id);
    const backup = rule(
      s,
      critical,
      {
        name: 'Backup hosts',
        description: 'Retired with the old backup system.',
        seeds: cypherSeed(`MATCH (n:Computer) WHERE n.name STARTS WITH 'SRV-BK' RETURN n;`),
      },
      -75,
      { by: actor(1).name, disabledDay: -30 },
    );
    history(s, -75, actor(1), 'CreateSelector', backup.name, critical.id);
    history(s, -30, actor(1), 'UpdateSelector', backup.name, critical.id, 'Disabled: the backup hosts are being retired.');

    const helpdeskLabel = tag(
      s,
      {
        type: TagType.Label,
        name: 'Help Desk',
        description: 'Accounts that reset passwords for others.',
        position: null,
        require_certify: null,
        analysis_enabled: null,
        glyph: null,
      },
      -70,
      actor(2).name,
    );
    history(s, -70, actor(2), 'CreateTag', helpdeskLabel.name, helpdeskLabel.id);
    if (helpdesk) {
      const staff = rule(s, helpdeskLabel, { name: 'IT Helpdesk group', seeds: objectSeeds([helpdesk.objectid]) }, -70, {
        by: actor(2).name,
      });
      history(s, -70, actor(2), 'CreateSelector', staff.name, helpdeskLabel.id);
    }
    const serviceLabel = tag(
      s,
      {
        type: TagType.Label,
        name: 'Service Accounts',
        description: 'Accounts services run as; their passwords rarely change.',
        position: null,
        require_certify: null,
        analysis_enabled: null,
        glyph: null,
      },
      -50,
      actor(3).name,
    );
    history(s, -50, actor(3), 'CreateTag', serviceLabel.name, serviceLabel.id);
    const svc = rule(
      s,
      serviceLabel,
      { name: 'SVC accounts', seeds: cypherSeed(`MATCH (n:User) WHERE n.name STARTS WITH 'SVC_' RETURN n;`) },
      -50,
      { by: actor(3).name },
    );
    history(s, -50, actor(3), 'CreateSelector', svc.name, serviceLabel.id);

    // Certification work on the second zone over the weeks since: the records and their history.
    for (let i = 0; i < servers.length; i++) {
      const node = graph.byId.get(servers[i]!)!;
      const day = -80 + i * 4 + s.rng.int(0, 3);
      const revoke = i % 3 === 2;
      const note = revoke ? 'Not a production server.' : 'Reviewed with the server owners.';
      pz.certifications.push({
        object_id: node.objectid,
        asset_group_tag_id: critical.id,
        certified: revoke ? Certification.Revoked : Certification.Manual,
        certified_by: actor(i).name,
        created_at: seedTime(-87),
        updated_at: seedTime(day),
        note,
      });
      history(
        s,
        day,
        actor(i),
        revoke ? 'CertifyNodeRevoked' : 'CertifyNodeManual',
        node.name,
        critical.id,
        note,
        node.domainSid,
      );
    }
    history(s, -20, actor(0), 'UpdateTag', critical.name, critical.id, 'Certification required.');
  }

  // Tier Zero's description reviewed now and then.
  for (let day = -84; day < 0; day += 21) history(s, day + s.rng.int(0, 5), actor(-day), 'UpdateTag', tierZero.name, tierZero.id);
  history(s, -120, system, 'CreateTag', tierZero.name, tierZero.id);
  history(s, -120, system, 'CreateTag', owned.name, owned.id);
  // Upstream keeps 90 days of history; records are kept newest first by time.
  const cutoff = Date.parse(seedTime(-90));
  pz.history = pz.history
    .filter((h) => Date.parse(h.created_at) >= cutoff)
    .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  pz.history.forEach((h, i) => (h.id = i + 1));
  pz.next.history = pz.history.length + 1;
}
