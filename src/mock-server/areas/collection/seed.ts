/**
 * Seed of the collection area: five clients (one with a running task), six
 * scheduled events with daily, weekly and hourly rules, OUs and domains (some
 * of them gone from the directory), and a history of finished tasks with
 * per-domain results. Deterministic: same data on every start, but for the
 * running task, which started minutes before the mock did.
 */
import { JobStatus } from '../../../api/schemas/wire-format';
import { directoryGraph } from '../../seed/graph';
import { Rng, seedTime } from '../../seed/random';
import type { DbState } from '../../store/db';
import {
  eventTitle,
  flagsOf,
  makeDomainResults,
  setOutcome,
  type CollectionFlags,
  type StoredCollectionClient,
  type StoredDirectoryObject,
  type StoredEvent,
  type StoredTask,
} from './store';

const NO_FLAGS: CollectionFlags = {
  session_collection: false,
  local_group_collection: false,
  ad_structure_collection: false,
  cert_services_collection: false,
  ca_registry_collection: false,
  dc_registry_collection: false,
  all_trusted_domains: false,
};

const flags = (...on: (keyof CollectionFlags)[]): CollectionFlags => ({
  ...NO_FLAGS,
  ...Object.fromEntries(on.map((f) => [f, true])),
});

/** How long the seeded running job has been running when the mock starts. */
export const RUNNING_FOR_MS = 5 * 60_000;

const guid = (rng: Rng) => rng.uuid().toUpperCase();
const sid = (rng: Rng) => `S-1-5-21-${rng.int(1e9, 4e9)}-${rng.int(1e9, 4e9)}-${rng.int(1e8, 9e8)}`;

export function seedCollection(state: DbState): void {
  const rng = new Rng(6_2026_11);
  const created = seedTime(-120);

  // Directory: the graph's domains and OUs events name, and some that no longer
  // exist (kept in state.collectionDirectory for their names).
  const graph = directoryGraph();
  const inGraph = (name: string): StoredDirectoryObject => {
    const node = [...graph.domains, ...graph.nodes].find(
      (n) => n.name === name && (n.primaryKind === 'Domain' || n.primaryKind === 'OU'),
    )!;
    return {
      objectid: node.objectid,
      name: node.name,
      kind: node.primaryKind === 'OU' ? 'ou' : 'domain',
      distinguishedname: String(node.props.distinguishedname),
      exists: true,
    };
  };
  const corp = inGraph('CORP.ACME.LOCAL');
  const lab = inGraph('LAB.ACME.LOCAL');
  const gone = (name: string, kind: StoredDirectoryObject['kind'], distinguishedname: string): StoredDirectoryObject => ({
    objectid: kind === 'domain' ? sid(rng) : guid(rng),
    name,
    kind,
    distinguishedname,
    exists: false,
  });
  const legacy = gone('LEGACY.ACME.LOCAL', 'domain', 'DC=LEGACY,DC=ACME,DC=LOCAL');
  const partner = gone('PARTNER.EXAMPLE.ORG', 'domain', 'DC=PARTNER,DC=EXAMPLE,DC=ORG');
  const workstations = inGraph('WORKSTATIONS@CORP.ACME.LOCAL');
  const servers = inGraph('SERVERS@CORP.ACME.LOCAL');
  const finance = inGraph('FINANCE@CORP.ACME.LOCAL');
  const kiosks = gone('Kiosks', 'ou', `OU=Kiosks,${corp.distinguishedname}`);
  const contractors = inGraph('CONTRACTORS@CORP.ACME.LOCAL');
  const oldServers = gone('Old Servers', 'ou', `OU=Old Servers,${lab.distinguishedname}`);
  state.collectionDirectory = [legacy, partner, kiosks, oldServers];

  // Clients.
  const client = (
    name: string,
    hostname: string,
    ip: string,
    user: string,
    home: StoredDirectoryObject,
    lastCheckinDays: number,
    type: StoredCollectionClient['type'] = 'sharphound',
  ): StoredCollectionClient => ({
    id: rng.uuid(),
    name,
    ip_address: ip,
    hostname,
    configured_user: user,
    last_checkin: seedTime(lastCheckinDays),
    version: type === 'sharphound' ? 'v2.6.3' : 'v2.3.1',
    user_sid: type === 'sharphound' ? `${home.objectid}-${rng.int(1100, 1900)}` : null,
    type,
    domain_controller: type === 'sharphound' ? `dc01.${home.name.toLowerCase()}` : null,
    home_domain: home.objectid,
    current_task_id: null,
    created_at: created,
    updated_at: created,
    deleted_at: null,
  });
  const hq = client('SharpHound HQ', 'collector01.corp.acme.local', '10.0.10.21', 'CORP\\svc-sharphound', corp, -0.01);
  const hq2 = client('SharpHound HQ Sessions', 'collector02.corp.acme.local', '10.0.10.22', 'CORP\\svc-sharphound', corp, -0.05);
  const euClient = client(
    'SharpHound Frankfurt',
    'collector-fra01.corp.acme.local',
    '10.20.4.15',
    'CORP\\svc-collector',
    corp,
    -0.3,
  );
  const devClient = client('SharpHound Dev Lab', 'lab-collector.lab.acme.local', '192.168.56.40', 'LAB\\collector', lab, -5);
  const azure = client(
    'AzureHound Tenant',
    'azurehound-01.corp.acme.local',
    '10.0.12.7',
    'azurehound@corp.acme.local',
    corp,
    -0.2,
    'azurehound',
  );
  state.collectionClients = [hq, hq2, euClient, devClient, azure];

  // Scheduled events: daily, weekly on chosen days, hourly.
  let eventId = 0;
  const event = (
    c: StoredCollectionClient,
    rrule: string,
    on: CollectionFlags,
    ous: StoredDirectoryObject[],
    domains: StoredDirectoryObject[],
  ): StoredEvent => ({
    id: ++eventId,
    client_id: c.id,
    rrule,
    ...on,
    ou_ids: ous.map((o) => o.objectid),
    domain_ids: domains.map((d) => d.objectid),
    created_at: seedTime(-90 + eventId),
    updated_at: seedTime(-60 + eventId),
    deleted_at: null,
  });
  const events = [
    event(
      hq,
      'DTSTART:20261001T020000Z\nRRULE:FREQ=DAILY;INTERVAL=1',
      flags('session_collection', 'local_group_collection', 'ad_structure_collection'),
      [workstations, servers],
      [corp],
    ),
    event(
      hq,
      'DTSTART:20261001T223000Z\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR',
      flags('cert_services_collection', 'ca_registry_collection', 'dc_registry_collection'),
      [],
      [corp, legacy],
    ),
    event(
      hq2,
      'DTSTART:20261001T001500Z\nRRULE:FREQ=HOURLY;INTERVAL=1',
      flags('session_collection'),
      [workstations, finance, kiosks],
      [],
    ),
    event(
      euClient,
      'DTSTART:20261001T000000Z\nRRULE:FREQ=HOURLY;INTERVAL=4',
      flags('session_collection', 'local_group_collection'),
      [contractors],
      [corp],
    ),
    event(
      euClient,
      'DTSTART:20261003T040000Z\nRRULE:FREQ=WEEKLY;BYDAY=SA',
      flags('ad_structure_collection', 'cert_services_collection', 'all_trusted_domains'),
      [],
      [lab, partner],
    ),
    event(
      devClient,
      'DTSTART:20261002T120000Z\nRRULE:FREQ=DAILY;INTERVAL=2',
      flags('ad_structure_collection', 'local_group_collection'),
      [oldServers],
      [lab],
    ),
  ];
  state.collectionEvents = events;
  state.counters['collection-event'] = eventId;

  // Task history: finished tasks of the events and a few "run now" tasks.
  let taskId = 0;
  let resultId = 0;
  const tasks: StoredTask[] = [];
  const finished = (
    c: StoredCollectionClient,
    ev: StoredEvent | null,
    startDays: number,
    minutes: number,
    on: CollectionFlags = ev ?? flags('session_collection'),
  ): StoredTask => {
    const start = seedTime(startDays);
    const end = new Date(Date.parse(start) + minutes * 60_000).toISOString();
    const task: StoredTask = {
      id: ++taskId,
      client_id: c.id,
      event_id: ev?.id ?? null,
      event_title: ev ? eventTitle(ev) : '',
      status: JobStatus.Complete,
      status_message: '',
      execution_time: start,
      start_time: start,
      end_time: end,
      last_ingest: new Date(Date.parse(end) + 90_000).toISOString(),
      log_path: `C:\\ProgramData\\SharpHound\\logs\\task-${taskId}.log`,
      ...flagsOf(on),
      domain_controller: ev ? null : c.domain_controller,
      ous: ev ? [...ev.ou_ids] : [],
      domains: ev ? [...ev.domain_ids] : [],
      domain_results: [],
      created_at: start,
      updated_at: end,
      deleted_at: null,
    };
    // Results as the client reported them, with the status they imply.
    task.domain_results = makeDomainResults(state, task, end, () => ++resultId);
    setOutcome(task);
    tasks.push(task);
    return task;
  };
  for (const days of [-3, -2, -1]) finished(hq, events[0]!, days - 0.29, 34 + days);
  finished(hq, events[1]!, -2.44, 18);
  finished(hq2, events[2]!, -0.03, 6);
  finished(hq2, events[2]!, -0.07, 7);
  finished(euClient, events[3]!, -0.21, 12);
  finished(euClient, events[4]!, -6.8, 52);
  finished(devClient, events[5]!, -4.87, 25);
  finished(azure, null, -1.5, 41, flags('ad_structure_collection'));
  finished(euClient, null, -0.9, 9, flags('session_collection', 'local_group_collection'));
  // A run that timed out before reporting anything.
  const timedOut = finished(devClient, null, -8, 120, flags('session_collection'));
  timedOut.status = JobStatus.TimedOut;
  timedOut.status_message = 'The client did not report back within 2 hours.';
  timedOut.domain_results = [];
  timedOut.last_ingest = null;

  // The running task: HQ collects sessions and local groups right now. It is
  // the one record dated from the mock's start rather than the seed epoch: a
  // job "running" since the epoch would, a month on, be a job that ran for a
  // month with no word from its client while the pipeline sat idle.
  const seededAt = Date.now();
  const runningStart = new Date(seededAt - RUNNING_FOR_MS).toISOString();
  hq.last_checkin = new Date(seededAt - 30_000).toISOString();
  const running: StoredTask = {
    id: ++taskId,
    client_id: hq.id,
    event_id: null,
    event_title: '',
    status: JobStatus.Running,
    status_message: 'Collection in progress.',
    execution_time: runningStart,
    start_time: runningStart,
    end_time: null,
    last_ingest: null,
    log_path: null,
    ...flags('session_collection', 'local_group_collection'),
    domain_controller: 'dc02.corp.acme.local',
    ous: [],
    domains: [],
    domain_results: [],
    created_at: runningStart,
    updated_at: runningStart,
    deleted_at: null,
  };
  tasks.push(running);
  hq.current_task_id = running.id;

  state.collectionTasks = tasks;
  state.counters['collection-task'] = taskId;
  state.counters['collection-domain-result'] = resultId;
}
