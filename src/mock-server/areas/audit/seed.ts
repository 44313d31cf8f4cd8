/**
 * The seeded audit history: about 90 days before the seed's clock (SEED_EPOCH)
 * of what an upstream server's log holds, by the seeded accounts (their real
 * ids, names and addresses) and about the seeded records: sign-ins (password
 * and SSO), failed sign-ins (wrong passwords, unknown names from outside
 * addresses, a wrong MFA code, a throttled name), sign-outs, accounts created,
 * changed and deleted, passwords set and expired, MFA enrolment, API tokens,
 * configuration and a feature flag, asset groups and their selectors, file
 * uploads, analysis, a collection run, a few failures and refusals
 * (UnauthorizedAccessAttempt). The same on every start (a fixed random seed).
 * Runs after the areas whose records it reads (the audit area's `seedsAfter`).
 */
import { rolesGranting, type PermissionName } from '../../../shared/permissions';
import { ConfigKey } from '../../../api/schemas/config';
import { Rng, SEED_EPOCH } from '../../seed/random';
import type { DbState, StoredUser } from '../../store/db';
import { auditableFields, NO_ACTOR, userActor, type Actor, type StoredAuditLog } from '../../audit';

const DAY = 86_400_000;
/** How far back the history reaches. */
const HISTORY_DAYS = 90;

const BAD_CREDENTIALS = 'The username or password is incorrect.';
const OUTSIDE_ADDRESSES = ['203.0.113.45', '198.51.100.23', '203.0.113.200', '192.0.2.77'];
const GUESSED_NAMES = ['administrator', 'root', 'test', 'sa', 'admin1', 'guest', 'backup'];

type Outcome = { status: 'success'; fields?: Record<string, unknown> } | { status: 'failure'; error: string };

interface Change {
  at: number;
  actor: Actor;
  /** The intent's actor when it differs (a sign-in: nobody yet). */
  intentActor?: Actor;
  action: string;
  fields: Record<string, unknown>;
  /** null: one entry only (a refusal). */
  outcome: Outcome | null;
  source: string;
}

export function seedAuditLogs(state: DbState): void {
  const rng = new Rng(20261115);
  const live = state.users.filter((u) => u.deleted_at === null);
  const byName = (p: string) => live.find((u) => u.principal_name === p);
  const roleId = (name: string) => state.roles.find((r) => r.name === name)?.id;
  const withRole = (name: string) => live.filter((u) => u.role_ids.includes(roleId(name) ?? -1));
  const admin = byName('admin');
  const power = byName('poweruser');
  const reader = byName('reader');
  const uploader = byName('uploader');
  if (!admin || !power || !reader || !uploader) {
    state.auditLogs = [];
    return;
  }
  const admins = [
    admin,
    ...withRole('Administrator')
      .filter((u) => u !== admin && !u.is_disabled && u.secret)
      .slice(0, 2),
  ];
  const powers = [
    power,
    ...withRole('Power User')
      .filter((u) => u !== power && !u.is_disabled && u.secret)
      .slice(0, 2),
  ];
  const people = withRole('User')
    .filter((u) => !u.is_disabled && u.secret)
    .slice(0, 4);
  const ssoPeople = live.filter((u) => u.sso_provider_id !== null && !u.is_disabled).slice(0, 3);
  const regulars = [...admins, ...powers, reader, uploader, ...people];

  // One address per person (their desk), from the private range.
  const addresses = new Map<string, string>();
  for (const u of [...regulars, ...ssoPeople]) addresses.set(u.id, `10.20.${rng.int(1, 12)}.${rng.int(2, 250)}`);
  const addressOf = (u: StoredUser) => addresses.get(u.id) ?? '10.20.0.10';

  const changes: Change[] = [];
  /** A working-hours moment `daysAgo` days before the epoch (UTC 07:00–18:00). */
  const moment = (daysAgo: number) => {
    const day = Math.floor(SEED_EPOCH / DAY) * DAY - Math.floor(daysAgo) * DAY;
    return day + rng.int(7 * 60, 18 * 60) * 60_000 + rng.int(0, 59_999);
  };
  const anyDay = () => moment(rng.int(1, HISTORY_DAYS));
  const by = (u: StoredUser, action: string, fields: Record<string, unknown>, outcome: Outcome | null, at = anyDay()) =>
    changes.push({ at, actor: userActor(u), action, fields, outcome, source: addressOf(u) });
  const ok = (fields?: Record<string, unknown>): Outcome => ({ status: 'success', fields });
  const fail = (error: string): Outcome => ({ status: 'failure', error });

  // Sign-ins with a password, and signing out now and then.
  for (let i = 0; i < 70; i++) {
    const u = i < 20 ? rng.pick(admins.slice(0, 1).concat(powers.slice(0, 1))) : rng.pick(regulars);
    const at = anyDay();
    changes.push({
      at,
      actor: userActor(u),
      intentActor: NO_ACTOR,
      action: 'LoginAttempt',
      fields: { username: u.principal_name, auth_type: 'secret' },
      outcome: ok(),
      source: addressOf(u),
    });
    if (rng.bool(0.15)) by(u, 'Logout', {}, ok(), at + rng.int(20, 300) * 60_000);
  }
  // SSO sign-ins.
  for (let i = 0; i < 12 && ssoPeople.length > 0; i++) {
    const u = rng.pick(ssoPeople);
    const provider = state.ssoProviders.find((p) => p.id === u.sso_provider_id);
    if (!provider) continue;
    const type = provider.type === 'SAML' ? 'saml' : 'oidc';
    changes.push({
      at: anyDay(),
      actor: userActor(u),
      intentActor: NO_ACTOR,
      action: 'LoginAttempt',
      fields: {
        username: u.email_address ?? u.principal_name,
        auth_type: type,
        sso_provider_id: provider.id,
        [`${type}_provider_id`]: provider.saml?.id ?? provider.oidc?.id,
      },
      outcome: ok(),
      source: addressOf(u),
    });
  }
  // Wrong passwords of real accounts (upstream names the account tried).
  for (let i = 0; i < 14; i++) {
    const u = rng.pick(regulars);
    changes.push({
      at: anyDay(),
      actor: userActor(u),
      intentActor: NO_ACTOR,
      action: 'LoginAttempt',
      fields: { username: u.principal_name, auth_type: 'secret' },
      outcome: fail(BAD_CREDENTIALS),
      source: addressOf(u),
    });
  }
  // Guessed names from outside, a burst of them one night, the last one throttled.
  const night = Math.floor(SEED_EPOCH / DAY) * DAY - 23 * DAY + 2 * 3_600_000;
  for (let i = 0; i < 9; i++) {
    const throttled = i === 8;
    changes.push({
      at: night + i * rng.int(3, 9) * 1000,
      actor: NO_ACTOR,
      action: 'LoginAttempt',
      fields: { username: throttled ? 'administrator' : rng.pick(GUESSED_NAMES), auth_type: 'secret' },
      outcome: fail(throttled ? 'Too many failed sign-ins. Try again in 30 seconds.' : BAD_CREDENTIALS),
      source: OUTSIDE_ADDRESSES[0]!,
    });
  }
  for (let i = 0; i < 4; i++) {
    changes.push({
      at: anyDay(),
      actor: NO_ACTOR,
      action: 'LoginAttempt',
      fields: { username: rng.pick(GUESSED_NAMES), auth_type: 'secret' },
      outcome: fail(BAD_CREDENTIALS),
      source: rng.pick(OUTSIDE_ADDRESSES.slice(1)),
    });
  }
  const mfaUser = live.find((u) => u.mfa?.activated && !u.is_disabled);
  if (mfaUser) {
    changes.push({
      at: anyDay(),
      actor: userActor(mfaUser),
      intentActor: NO_ACTOR,
      action: 'LoginAttempt',
      fields: { username: mfaUser.principal_name, auth_type: 'secret' },
      outcome: fail('The one-time code is wrong or has expired. Enter the current code.'),
      source: addressOf(mfaUser),
    });
  }

  // Accounts: a contractor created, given a new role and removed; a duplicate refused; changes to seeded accounts.
  const contractorId = rng.uuid();
  const contractor = {
    principal: 'temp.contractor',
    first_name: 'Terry',
    last_name: 'Contractor',
    email_address: 'temp.contractor@example.com',
    roles: [roleId('Read-Only')],
    secret: 'not-stored',
    needs_password_reset: true,
  };
  by(admin, 'CreateUser', contractor, ok({ id: contractorId, principal_name: contractor.principal }), moment(74));
  by(
    admin,
    'UpdateUser',
    { user_id: contractorId, principal_name: contractor.principal, roles: [roleId('User')] },
    ok(),
    moment(60),
  );
  by(admin, 'DeleteUser', { user_id: contractorId, principal_name: contractor.principal }, ok(), moment(12));
  const taken = rng.pick(people.length > 0 ? people : regulars);
  by(
    admins[1] ?? admin,
    'CreateUser',
    {
      principal: taken.principal_name,
      first_name: taken.first_name,
      email_address: `${taken.principal_name}2@example.com`,
      roles: [roleId('User')],
    },
    fail(`The principal name "${taken.principal_name}" is already taken. Choose another.`),
  );
  for (const u of live.filter((x) => x.is_disabled).slice(0, 3)) {
    by(admin, 'UpdateUser', { user_id: u.id, principal_name: u.principal_name, is_disabled: true }, ok());
  }
  for (const u of powers.slice(1)) {
    by(admin, 'UpdateUser', { user_id: u.id, principal_name: u.principal_name, roles: u.role_ids }, ok());
  }
  by(
    admin,
    'UpdateUser',
    { user_id: admin.id, principal_name: admin.principal_name, roles: [roleId('Power User')] },
    fail('You cannot change your own roles; ask another administrator.'),
  );
  if (admins[1]) {
    by(
      admins[1],
      'UpdateUser',
      { user_id: admin.id, principal_name: admin.principal_name, is_disabled: true },
      fail(
        `${admin.principal_name} is the last enabled administrator: after this change nobody could manage users. Make another account an administrator first.`,
      ),
      moment(41),
    );
  }
  // Passwords and MFA.
  for (const u of people.slice(0, 3)) {
    by(
      admin,
      'UpdateAuthSecret',
      {
        user_id: u.id,
        principal_name: u.principal_name,
        change: 'set_password',
        secret: 'not-stored',
        needs_password_reset: true,
      },
      ok(),
    );
  }
  by(
    reader,
    'UpdateAuthSecret',
    {
      user_id: reader.id,
      principal_name: reader.principal_name,
      change: 'set_password',
      secret: 'x',
      current_secret: 'x',
      needs_password_reset: false,
    },
    ok(),
  );
  for (const u of live.filter((x) => x.secret?.needs_password_reset).slice(0, 2)) {
    by(admin, 'UpdateAuthSecret', { user_id: u.id, principal_name: u.principal_name, change: 'expire_password' }, ok());
  }
  if (mfaUser) {
    const at = moment(80);
    const f = { user_id: mfaUser.id, principal_name: mfaUser.principal_name };
    by(mfaUser, 'UpdateAuthSecret', { ...f, change: 'enrol_mfa', secret: 'x' }, ok(), at);
    by(
      mfaUser,
      'UpdateAuthSecret',
      { ...f, change: 'activate_mfa', otp: '000000' },
      fail('The code is wrong or has expired. Enter the current 6-digit code from the authenticator app.'),
      at + 70_000,
    );
    by(mfaUser, 'UpdateAuthSecret', { ...f, change: 'activate_mfa', otp: '000000' }, ok(), at + 110_000);
  }

  // API tokens: the seeded ones made in the window, and one revoked since.
  for (const t of state.authTokens ?? []) {
    const at = Date.parse(t.created_at);
    const owner = live.find((u) => u.id.toLowerCase() === t.user_id);
    if (!owner || at < SEED_EPOCH - HISTORY_DAYS * DAY) continue;
    by(owner, 'CreateAuthToken', { token_name: t.name }, ok({ id: t.id, name: t.name }), at);
  }
  const revoked = rng.uuid();
  by(power, 'CreateAuthToken', { token_name: 'Temporary import' }, ok({ id: revoked, name: 'Temporary import' }), moment(55));
  by(
    power,
    'DeleteAuthToken',
    { token_id: revoked, token_name: 'Temporary import', user_id: power.id.toLowerCase() },
    ok(),
    moment(54),
  );

  // Configuration and a feature flag.
  for (const key of [ConfigKey.PasswordExpirationWindow, ConfigKey.ScheduledAnalysis]) {
    const param = state.configParameters?.find((p) => p.key === key);
    if (param) by(admin, 'UpdateParameter', { key, value: param.value }, ok());
  }
  by(
    power,
    'UpdateParameter',
    { key: ConfigKey.ScheduledAnalysis, value: { enabled: true, rrule: 'FREQ=DAILY;BYHOUR=25' } },
    fail('The schedule is not a valid RRULE: Invalid BYHOUR value: 25'),
  );
  const flag = state.featureFlags?.find((f) => f.user_updatable);
  if (flag) {
    const at = moment(33);
    const f = { feature_id: String(flag.id), feature_key: flag.key, feature_name: flag.name };
    by(admin, 'ToggleEarlyAccessFeatureFlag', f, ok({ enabled: !flag.enabled }), at);
    by(admin, 'ToggleEarlyAccessFeatureFlag', f, ok({ enabled: flag.enabled }), at + 26 * 3_600_000);
  }

  // Asset groups and their selectors.
  const groups = (state.assetGroups ?? []).filter((g) => g.deleted_at === null);
  const custom = groups.filter((g) => !g.system_group);
  for (const g of custom.slice(0, 2)) {
    by(power, 'CreateAssetGroup', { name: g.name, tag: g.tag }, ok({ id: g.id, name: g.name }), moment(rng.int(70, 88)));
  }
  for (const g of groups.slice(0, 4)) {
    const s = g.selectors[0];
    const f = { asset_group_id: String(g.id), asset_group_name: g.name, asset_group_tag: g.tag };
    if (s)
      by(
        rng.pick(powers),
        'UpdateAssetGroupSelectors',
        { ...f, body: [{ action: 'add', selector_name: s.name, sid: s.selector }] },
        ok(),
      );
  }
  const renamed = custom[0];
  if (renamed) {
    by(
      power,
      'UpdateAssetGroup',
      { asset_group_id: String(renamed.id), asset_group_name: renamed.name, asset_group_tag: renamed.tag, name: renamed.name },
      ok({ id: renamed.id, name: renamed.name }),
    );
    by(
      admin,
      'DeleteAssetGroupSelector',
      {
        asset_group_id: String(renamed.id),
        asset_group_name: renamed.name,
        asset_group_tag: renamed.tag,
        asset_group_selector_id: String(rng.int(40, 90)),
      },
      ok(),
    );
  }
  const tierZero = groups.find((g) => g.system_group);
  if (tierZero) {
    by(
      power,
      'DeleteAssetGroup',
      { asset_group_id: String(tierZero.id), asset_group_name: tierZero.name, asset_group_tag: tierZero.tag },
      fail('Cannot delete a system defined asset group.'),
    );
  }

  // File uploads and analysis.
  for (let i = 0; i < 3; i++) {
    const at = anyDay();
    const jobId = 900 + i;
    by(uploader, 'StartFileUploadJob', {}, ok({ id: jobId }), at);
    by(uploader, 'UploadFile', { file_upload_job_id: String(jobId), content_type: 'application/zip' }, ok(), at + 4_000);
    by(uploader, 'EndFileUploadJob', { file_upload_job_id: String(jobId) }, ok(), at + 9_000);
  }
  for (let i = 0; i < 3; i++) by(rng.pick([admin, power]), 'RequestAnalysis', {}, ok());

  // A collection run now and an SSO provider's setting.
  const client = (state.collectionClients ?? []).find((k) => k.deleted_at === null);
  if (client) {
    for (let i = 0; i < 2; i++) {
      by(
        power,
        'CreateClientTask',
        { client_id: client.id, client_name: client.name, ad_structure_collection: true, session_collection: true },
        ok({ id: 700 + i }),
      );
    }
  }
  const okta = state.ssoProviders.find((p) => p.type === 'SAML' && p.deleted_at === null);
  if (okta) {
    by(
      admin,
      'UpdateSAMLIdentityProvider',
      {
        sso_provider_id: String(okta.id),
        sso_provider_name: okta.name,
        sso_provider_type: okta.type,
        content_type: 'multipart/form-data',
        auto_provision: okta.config.auto_provision,
      },
      ok({ id: okta.id, name: okta.name }),
      moment(64),
    );
  }

  // Refusals.
  const refusals: [StoredUser, string, PermissionName][] = [
    [reader, 'POST /api/v2/asset-groups', 'graphdb.Write'],
    [reader, 'PUT /api/v2/config', 'app.WriteAppConfig'],
    [uploader, 'GET /api/v2/app-users', 'auth.ManageUsers'],
    [power, 'GET /api/v2/audit', 'auth.ManageUsers'],
    [power, 'POST /api/v2/clear-database', 'db.Wipe'],
  ];
  for (const [u, endpoint, permission] of refusals) {
    const error = `Your role does not allow this: it needs the ${permission} permission (${rolesGranting(permission)}).`;
    by(u, 'UnauthorizedAccessAttempt', { endpoint, error }, null);
  }

  changes.sort((a, b) => a.at - b.at);
  const logs: StoredAuditLog[] = [];
  const entry = (
    c: Change,
    at: number,
    actor: Actor,
    status: StoredAuditLog['status'],
    fields: Record<string, unknown>,
    commit: string,
    request: string,
  ) =>
    logs.push({
      id: logs.length + 1,
      created_at: new Date(at).toISOString(),
      ...actor,
      action: c.action,
      fields: auditableFields(fields),
      request_id: request,
      source_ip_address: c.source,
      commit_id: commit,
      status,
    });
  for (const c of changes) {
    if (c.at >= SEED_EPOCH) continue;
    const request = rng.uuid();
    const commit = rng.uuid();
    if (c.outcome === null) {
      entry(c, c.at, c.actor, 'failure', c.fields, commit, request);
      continue;
    }
    entry(c, c.at, c.intentActor ?? c.actor, 'intent', c.fields, commit, request);
    const done = c.at + rng.int(15, 400);
    if (c.outcome.status === 'success') entry(c, done, c.actor, 'success', { ...c.fields, ...c.outcome.fields }, commit, request);
    else entry(c, done, c.actor, 'failure', { ...c.fields, error: c.outcome.error }, commit, request);
  }
  state.auditLogs = logs;
  state.counters['audit-log'] = logs.length;
}
