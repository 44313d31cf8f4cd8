import { SEEDED_ACCOUNTS } from '../../seed/core';
import { Rng, seedTime } from '../../seed/random';
import type { DbState, StoredUser } from '../../store/db';

/** Cypher queries an analyst would keep (names and bodies in the style of the upstream pre-built queries). */
const QUERY_LIBRARY: { name: string; query: string; description: string }[] = [
  {
    name: 'All Domain Admins',
    query: "MATCH (n:Group) WHERE n.objectid ENDS WITH '-512' MATCH p=(n)<-[:MemberOf*1..]-(m) RETURN p",
    description: 'Every principal in a Domain Admins group, directly or nested.',
  },
  {
    name: 'Kerberoastable users',
    query: 'MATCH (u:User) WHERE u.hasspn = true AND u.enabled = true RETURN u',
    description: 'Enabled users with a service principal name.',
  },
  {
    name: 'AS-REP roastable users',
    query: 'MATCH (u:User) WHERE u.dontreqpreauth = true RETURN u',
    description: 'Users that do not require Kerberos pre-authentication.',
  },
  {
    name: 'Shortest paths to Domain Admins',
    query:
      "MATCH p=shortestPath((n)-[:MemberOf|AdminTo|HasSession|GenericAll*1..]->(g:Group)) WHERE g.objectid ENDS WITH '-512' AND n <> g RETURN p",
    description: '',
  },
  {
    name: 'Computers with unconstrained delegation',
    query: 'MATCH (c:Computer) WHERE c.unconstraineddelegation = true RETURN c',
    description: 'Excluding nothing: domain controllers appear too.',
  },
  {
    name: 'Sessions of Domain Admins',
    query: "MATCH p=(c:Computer)-[:HasSession]->(u:User)-[:MemberOf*1..]->(g:Group) WHERE g.objectid ENDS WITH '-512' RETURN p",
    description: 'Where privileged users are logged on.',
  },
  { name: 'Users with local admin rights', query: 'MATCH p=(u:User)-[:AdminTo]->(c:Computer) RETURN p', description: '' },
  {
    name: 'Stale computers (90 days)',
    query: 'MATCH (c:Computer) WHERE c.lastlogontimestamp < (datetime().epochseconds - 7776000) RETURN c',
    description: 'Computers that have not logged on for 90 days.',
  },
  {
    name: 'Passwords that never expire',
    query: 'MATCH (u:User) WHERE u.pwdneverexpires = true AND u.enabled = true RETURN u',
    description: '',
  },
  {
    name: 'Helpdesk password resets',
    query: "MATCH p=(g:Group)-[:ForceChangePassword]->(u:User) WHERE g.name STARTS WITH 'IT HELPDESK' RETURN p",
    description: 'Who the helpdesk can reset.',
  },
  {
    name: 'LAPS readers',
    query: 'MATCH p=(n)-[:ReadLAPSPassword]->(c:Computer) RETURN p',
    description: 'Principals that can read local administrator passwords.',
  },
  { name: 'Owned objects', query: 'MATCH p=(n)-[:Owns]->(m) RETURN p', description: '' },
  {
    name: 'Cross-domain control',
    query: 'MATCH p=(n)-[:GenericAll]->(m) WHERE n.domainsid <> m.domainsid RETURN p',
    description: 'Control edges that cross a trust.',
  },
  {
    name: 'RDP rights on servers',
    query: "MATCH p=(n)-[:CanRDP]->(c:Computer) WHERE c.operatingsystem CONTAINS 'Server' RETURN p",
    description: '',
  },
  {
    name: 'SQL admins',
    query: 'MATCH p=(u:User)-[:SQLAdmin]->(c:Computer) RETURN p',
    description: 'Users with SQL administrator rights.',
  },
  {
    name: 'Disabled privileged accounts',
    query: 'MATCH (u:User) WHERE u.enabled = false AND u.admincount = true RETURN u',
    description: '',
  },
  { name: 'DCOM execution rights', query: 'MATCH p=(n)-[:ExecuteDCOM]->(c:Computer) RETURN p', description: '' },
  { name: 'PowerShell remoting rights', query: 'MATCH p=(n)-[:CanPSRemote]->(c:Computer) RETURN p', description: '' },
  {
    name: 'Resource-based constrained delegation',
    query: 'MATCH p=(n)-[:AddAllowedToAct|AllowedToAct]->(c:Computer) RETURN p',
    description: 'Who can configure RBCD on computers.',
  },
  {
    name: 'Workstation admins',
    query: "MATCH p=(g:Group)-[:AdminTo]->(c:Computer) WHERE g.name STARTS WITH 'WORKSTATION ADMINS' RETURN p",
    description: '',
  },
  { name: 'Service accounts', query: "MATCH (u:User) WHERE u.samaccountname STARTS WITH 'svc_' RETURN u", description: '' },
  {
    name: 'Domain controllers',
    query: "MATCH (c:Computer)-[:MemberOf]->(g:Group) WHERE g.objectid ENDS WITH '-516' RETURN c",
    description: '',
  },
  { name: 'Nested groups', query: 'MATCH p=(g1:Group)-[:MemberOf]->(g2:Group) RETURN p', description: 'Groups inside groups.' },
  { name: 'Users without email', query: 'MATCH (u:User) WHERE u.email IS NULL RETURN u', description: '' },
];

/**
 * Saved queries owned by seeded users and shared with others. Runs after the
 * users seeder: the owners and the people queries are shared with come from
 * `state.users`. The admin account owns several well-shared queries.
 */
export function seedSavedQueries(state: DbState): void {
  const rng = new Rng(0x5a7ed);
  const live = state.users.filter((u) => u.deleted_at === null);
  const core = SEEDED_ACCOUNTS.map((a) => live.find((u) => u.principal_name === a.principal)).filter((u): u is StoredUser => !!u);
  const others = live.filter((u) => !core.includes(u));
  // Owners in order: admin ×6, poweruser ×4, reader ×2, uploader ×1, then other users.
  const plan: StoredUser[] = [];
  const counts = [6, 4, 2, 1];
  core.forEach((u, i) => {
    for (let k = 0; k < (counts[i] ?? 1); k++) plan.push(u);
  });
  for (let i = plan.length; i < QUERY_LIBRARY.length; i++) plan.push(others.length > 0 ? rng.pick(others) : rng.pick(core));

  state.savedQueries = QUERY_LIBRARY.map((q, i) => {
    const owner = plan[i]!;
    const pool = live.filter((u) => u.id !== owner.id);
    // The first admin query is shared widely; one query per owner kind stays private; every fifth is public.
    const shareCount = i === 0 ? Math.min(8, pool.length) : i % 6 === 5 ? 0 : rng.int(1, Math.min(5, pool.length));
    const shared: string[] = [];
    const candidates = [...pool];
    while (shared.length < shareCount && candidates.length > 0)
      shared.push(candidates.splice(rng.int(0, candidates.length - 1), 1)[0]!.id);
    const created = seedTime(-120 + i * 4 + rng.next());
    return {
      id: i + 1,
      user_id: owner.id,
      name: q.name,
      query: q.query,
      description: q.description,
      shared_to: shared,
      public: i % 5 === 4,
      created_at: created,
      updated_at: seedTime(-60 + i * 2 + rng.next()),
      deleted_at: null,
    };
  });
  state.counters['saved-query'] = state.savedQueries.length;
}
