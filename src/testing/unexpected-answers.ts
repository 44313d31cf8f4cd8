/**
 * Answers a server may give that the mock never does: values of open-ended fields this console does
 * not know (the reference types them as plain strings or integers). For routeFetchWithEdits.
 */
import { afterEach, beforeEach } from 'vitest';
import type { MockServer } from '../mock-server/app';
import { routeFetchWithEdits, signInSession, testMockServer, type AnswerEdit } from './mock-service';

/** A provider of a type the reference allows (a plain string) but this console does not know, with details of its own shape. */
export const LDAP_PROVIDER = {
  id: 40,
  name: 'corp-ldap',
  slug: 'corp-ldap',
  type: 'LDAP',
  details: { id: 7, host: 'ldap.corp.example.com', port: 636, bind_dn: 'cn=reader,dc=corp' },
  config: { auto_provision: { enabled: false, default_role_id: 0, role_provision: false } },
  login_uri: 'http://mock.test/api/v2/sso/corp-ldap/login',
};

/** The mock's providers (SAML Okta and Microsoft Entra ID, OIDC Keycloak) with the LDAP one added. */
export const WITH_LDAP: AnswerEdit = {
  path: '/api/v2/sso-providers',
  edit: (body: { data: unknown[] }) => ({ data: [...body.data, LDAP_PROVIDER] }),
};

/** A job status the reference's `enum.job-status` does not list (a newer server's). */
export const UNKNOWN_JOB_STATUS = 42;

/** The mock's file-upload jobs with the newest in {@link UNKNOWN_JOB_STATUS}. */
export const UPLOAD_WITH_UNKNOWN_STATUS: AnswerEdit = {
  path: '/api/v2/file-upload',
  edit: (body: { data: { status: number }[] }) => ({
    ...body,
    data: body.data.map((j, i) => (i === 0 ? { ...j, status: UNKNOWN_JOB_STATUS } : j)),
  }),
};

/** A client type `enum.client-type` does not list (it grew before: `openhound`). */
export const UNKNOWN_CLIENT_TYPE = 'foohound';

type ClientLike = { name: string; type: string; current_task?: { status: number }; current_job?: { status: number } };

/** The named client of a type this console does not know; its current task, if any, in an unknown status. */
function withUnknowns(c: ClientLike): ClientLike {
  const task = (t?: { status: number }) => t && { ...t, status: UNKNOWN_JOB_STATUS };
  return { ...c, type: UNKNOWN_CLIENT_TYPE, current_task: task(c.current_task), current_job: task(c.current_job) };
}

/** GET /api/v2/clients with `name` of an unknown type (and an unknown status of its current task). */
export function clientsWithUnknownType(name: string): AnswerEdit {
  return {
    path: '/api/v2/clients',
    edit: (body: { data: ClientLike[] }) => ({ ...body, data: body.data.map((c) => (c.name === name ? withUnknowns(c) : c)) }),
  };
}

/** GET /api/v2/clients/{id} of an unknown type (and an unknown status of its current task). */
export const CLIENT_OF_UNKNOWN_TYPE: AnswerEdit = {
  path: /^\/api\/v2\/clients\/[^/]+$/,
  edit: (body: { data: ClientLike }) => ({ data: withUnknowns(body.data) }),
};

/** A node kind this console does not know (an OpenGraph kind). */
export const UNKNOWN_NODE_KIND = 'GHRepository';

/** GET /api/v2/asset-groups/{id}/members with the first member of {@link UNKNOWN_NODE_KIND}. */
export const MEMBER_OF_UNKNOWN_KIND: AnswerEdit = {
  path: /^\/api\/v2\/asset-groups\/\d+\/members$/,
  edit: (body: { data: { members: { primary_kind: string; kinds: string[] }[] } }) => ({
    ...body,
    data: {
      members: body.data.members.map((m, i) =>
        i === 0 ? { ...m, primary_kind: UNKNOWN_NODE_KIND, kinds: ['Base', UNKNOWN_NODE_KIND] } : m,
      ),
    },
  }),
};

/** A permission this console has no words for (a newer server's). */
export const UNKNOWN_PERMISSION = { authority: 'audit', name: 'Export' };

type RoleLike = { id: number; name: string; description: string; permissions: Record<string, unknown>[] };

/** The role's permissions with {@link UNKNOWN_PERMISSION} added (shaped as the first one). */
function withUnknownPermission(r: RoleLike): RoleLike {
  return { ...r, permissions: [...r.permissions, { ...r.permissions[0], id: 900, ...UNKNOWN_PERMISSION }] };
}

/** GET /api/v2/roles with a server's own role, "Auditor", holding {@link UNKNOWN_PERMISSION}. */
export const ROLES_WITH_UNKNOWN_ROLE: AnswerEdit = {
  path: '/api/v2/roles',
  edit: (body: { data: { roles: RoleLike[] } }) => {
    const base = body.data.roles.find((r) => r.name === 'Read-Only')!;
    const auditor = { ...withUnknownPermission(base), id: 90, name: 'Auditor', description: 'Reads and exports the audit log' };
    return { data: { roles: [...body.data.roles, auditor] } };
  },
};

/** GET /api/v2/roles/{id} with {@link UNKNOWN_PERMISSION} added. */
export const ROLE_WITH_UNKNOWN_PERMISSION: AnswerEdit = {
  path: /^\/api\/v2\/roles\/\d+$/,
  edit: (body: { data: RoleLike }) => ({ data: withUnknownPermission(body.data) }),
};

/** An audit action and an audit status this console has no words for (a newer server's). */
export const UNKNOWN_AUDIT = { action: 'ExportAuditLog', status: 'rolled_back' };

/** GET /api/v2/audit with the first entry's action and status {@link UNKNOWN_AUDIT}. */
export const AUDIT_WITH_UNKNOWN_ACTION: AnswerEdit = {
  path: '/api/v2/audit',
  edit: (body: { data: { logs: Record<string, unknown>[] } }) => ({
    data: { ...body.data, logs: body.data.logs.map((l, i) => (i === 0 ? { ...l, ...UNKNOWN_AUDIT } : l)) },
  }),
};

/**
 * A component test's session against the in-process mock with some answers edited: before each test a
 * fresh mock and `username` signed in; `serve(edits)` routes fetch to it with those edits; after each
 * test fetch and the session are restored. Call at the top of a jsdom test file.
 */
export function editedAnswersSession(username = 'admin'): {
  readonly mock: MockServer;
  serve: (edits: readonly AnswerEdit[]) => void;
} {
  // jsdom's Uint8Array is not Node's; jose (in the mock) wants Node's, so the key is built from this realm's Uint8Array.
  const jwtSecret = new Uint8Array([...Buffer.from('unit-test-secret')]);
  let mock: MockServer | undefined;
  let restore = () => {};
  beforeEach(async () => {
    mock = testMockServer({ jwtSecret });
    await signInSession(mock, username);
  });
  afterEach(() => {
    restore();
    restore = () => {};
    sessionStorage.clear();
  });
  return {
    get mock() {
      if (!mock) throw new Error('the mock starts before each test');
      return mock;
    },
    serve: (edits) => {
      restore = routeFetchWithEdits(mock!, edits);
    },
  };
}
