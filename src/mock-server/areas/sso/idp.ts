import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import { identityKey, PRINCIPAL_NAME_MAX_LENGTH } from '../../../api/schemas/field-rules';
import type { SsoSignInError } from '../../../api/schemas/sso';
import { safeNext } from '../../../shared/safe-next';
import { ssoOps } from '../../../api/operations/sso';
import type { MockContext } from '../../area';
import type { MockEnv } from '../../auth';
import { auditSignIn, NO_ACTOR, recordChange } from '../../audit';
import { ApiFailure, badRequest } from '../../errors';
import type { MockDb, StoredSsoProvider, StoredUser } from '../../store/db';
import { readBodyLimited } from '../../body';
import type { server } from '../../serve';
import { compareText } from '../../../shared/compare-text';

/**
 * SSO sign-in with the mock playing the identity provider (IdP).
 *
 * 1. The console sends the browser to the provider's login URI
 *    (`GET /api/v2/sso/{slug}/login?next=/page`). The mock answers the mock IdP's
 *    sign-in page: pick a user linked to the provider, or type an e-mail address.
 *    The page's forms carry a random `state`, kept here (bounded, short-lived).
 * 2. The form posts to the service's callback (`POST /api/v2/sso/{slug}/callback`),
 *    which takes the state (once), and decides as upstream: an existing user linked
 *    to this provider and enabled gets a session; an unknown e-mail creates the user
 *    when the provider auto-provisions; anything else gets none.
 * 3. The browser is sent back to the console: `{root}/login/sso#token=…&user_id=…&next=…`,
 *    or `{root}/login/sso#error=<code>&provider=…[&email=…]&next=…`. A fragment is never
 *    sent to a server, so the token reaches no log, Referer or proxy; the console takes
 *    it out of the address at once.
 */

/** How long the IdP page's form stays valid. */
export const SSO_STATE_TTL_MS = 10 * 60_000;
/** The most sign-ins in progress kept at once; the oldest is dropped beyond. */
export const SSO_STATE_MAX = 1000;
/** The largest callback form body read (a state, a principal or an e-mail address). */
const CALLBACK_MAX_BYTES = 16 * 1024;

/** The console's page that receives the outcome (src/app/router.tsx). */
export const CONSOLE_SSO_RETURN_PATH = '/login/sso';

interface PendingSignIn {
  providerId: number;
  slug: string;
  next: string;
  expiresAt: number;
}

/** Sign-ins in progress, by their random state: one-time, short-lived, at most SSO_STATE_MAX. */
export class SsoStates {
  private readonly pending = new Map<string, PendingSignIn>();

  constructor(private readonly now: () => number = Date.now) {}

  begin(p: Omit<PendingSignIn, 'expiresAt'>): string {
    const t = this.now();
    // Insertion order is expiry order (one lifetime for all): drop the expired ones from the front.
    for (const [key, value] of this.pending) {
      if (value.expiresAt > t) break;
      this.pending.delete(key);
    }
    while (this.pending.size >= SSO_STATE_MAX) this.pending.delete(this.pending.keys().next().value!);
    const state = randomBytes(32).toString('base64url');
    this.pending.set(state, { ...p, expiresAt: t + SSO_STATE_TTL_MS });
    return state;
  }

  /** The sign-in `state` started, once: a second use, an expired or an unknown state is null. */
  take(state: string): PendingSignIn | null {
    const p = this.pending.get(state);
    if (!p) return null;
    this.pending.delete(state);
    return p.expiresAt > this.now() ? p : null;
  }

  get size(): number {
    return this.pending.size;
  }

  clear(): void {
    this.pending.clear();
  }
}

// ---------------------------------------------------------------------------
// The service's decision
// ---------------------------------------------------------------------------

export type SsoOutcome = { ok: true; user: StoredUser } | { ok: false; error: SsoSignInError };

/** Why a sign-in got no session, for the audit log (the console gets the code and says it its own way). */
const SSO_FAILURE_REASONS: Record<SsoSignInError, string> = {
  account_disabled: 'the account is disabled.',
  no_account: 'no account has this name or address, and the provider does not create accounts.',
  invalid_email: 'the provider creates accounts only for a valid e-mail address.',
  other_provider: 'the account signs in another way (another SSO provider, or a password).',
  provisioning_failed: "the provider's role for new accounts no longer exists.",
  provider_gone: 'the SSO provider no longer exists.',
  bad_state: 'the sign-in expired or was already used.',
};

const provisionedEmail = z.email().max(PRINCIPAL_NAME_MAX_LENGTH);

/** "jane.o-doe@example.com" → Jane, "O Doe". */
export function namesFromEmail(email: string): { first: string | null; last: string | null } {
  const words = email
    .split('@')[0]!
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return { first: words[0] ?? null, last: words.length > 1 ? words.slice(1).join(' ') : null };
}

function findByLogin(db: MockDb, login: string): StoredUser | undefined {
  const key = identityKey(login);
  const live = db.state.users.filter((u) => u.deleted_at === null);
  return (
    live.find((u) => identityKey(u.principal_name) === key) ??
    live.find((u) => u.email_address !== null && identityKey(u.email_address) === key)
  );
}

/**
 * Who `login` (a principal name or an e-mail address the IdP vouches for) signs in
 * as through `provider`, as upstream decides; with auto-provisioning, an unknown
 * e-mail address becomes a new user (created here, in the caller's synchronous step).
 */
export function signInThroughProvider(db: MockDb, provider: StoredSsoProvider, login: string): SsoOutcome {
  const existing = findByLogin(db, login);
  if (existing) {
    // Linkage first: whether an account of another provider (or with a password) is disabled is not this IdP's business.
    if (existing.sso_provider_id !== provider.id) return { ok: false, error: 'other_provider' };
    if (existing.is_disabled) return { ok: false, error: 'account_disabled' };
    return { ok: true, user: existing };
  }
  const auto = provider.config.auto_provision;
  if (!auto.enabled) return { ok: false, error: 'no_account' };
  const email = provisionedEmail.safeParse(login);
  if (!email.success) return { ok: false, error: 'invalid_email' };
  const role = db.state.roles.find((r) => r.id === auto.default_role_id && r.deleted_at === null);
  if (!role) return { ok: false, error: 'provisioning_failed' };
  const t = new Date().toISOString();
  const names = namesFromEmail(email.data);
  const user: StoredUser = {
    id: crypto.randomUUID(),
    principal_name: email.data,
    first_name: names.first,
    last_name: names.last,
    email_address: email.data,
    role_ids: [role.id],
    sso_provider_id: provider.id,
    last_login: t,
    is_disabled: false,
    eula_accepted: true,
    all_environments: true,
    environment_ids: [],
    secret: null,
    mfa: null,
    created_at: t,
    updated_at: t,
    deleted_at: null,
  };
  db.state.users.push(user);
  return { ok: true, user };
}

// ---------------------------------------------------------------------------
// The mock IdP's page
// ---------------------------------------------------------------------------

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.5; }
body { margin: 0; background: #eef1f5; color: #1a1f29; }
main { box-sizing: border-box; max-width: 34rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border: 1px solid #c9d0da; border-radius: 8px; }
h1 { font-size: 1.4rem; margin: 0 0 .5rem; overflow-wrap: anywhere; }
h2 { font-size: 1.05rem; margin: 1.5rem 0 .5rem; }
p { margin: .5rem 0; }
.note { color: #3d4654; }
ul { list-style: none; padding: 0; margin: 0; display: grid; gap: .5rem; }
button { font: inherit; cursor: pointer; border-radius: 6px; }
.user { width: 100%; text-align: left; padding: .6rem .8rem; background: #f7f9fc; color: #1a1f29; border: 1px solid #8d97a5; }
.user:hover { background: #e8eef8; }
.user .sub { display: block; color: #3d4654; font-size: .9rem; overflow-wrap: anywhere; }
.tag { display: inline-block; margin-left: .4rem; padding: 0 .4rem; border-radius: 4px; background: #fde2e1; color: #8a1c14; font-size: .85rem; }
label { display: block; font-weight: 600; margin-bottom: .25rem; }
input[type=email] { box-sizing: border-box; width: 100%; font: inherit; padding: .5rem .6rem; border: 1px solid #6b7583; border-radius: 6px; }
.hint { color: #3d4654; font-size: .9rem; }
.primary { margin-top: .75rem; padding: .5rem 1.1rem; background: #1f57c3; color: #fff; border: 1px solid #1f57c3; }
.primary:hover { background: #17449b; }
:focus-visible { outline: 3px solid #1f57c3; outline-offset: 2px; }
a { color: #1f57c3; }
@media (max-width: 600px) { main { margin: 0; border: 0; border-radius: 0; min-height: 100vh; padding: 1rem; } }
`;

/** The stylesheet's hash for the Content-Security-Policy: no inline style or script beyond it runs. */
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** Headers of the IdP page: a strict CSP (nothing external, forms only to the service), never cached or framed. */
export function idpPageHeaders(rootUrl: string): Record<string, string> {
  return {
    'Content-Security-Policy': [
      "default-src 'none'",
      `style-src ${STYLE_HASH}`,
      `form-action ${new URL(rootUrl).origin}`,
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
  };
}

interface IdpPageInput {
  provider: StoredSsoProvider;
  users: StoredUser[];
  roleName: string | null;
  callbackUri: string;
  cancelUri: string;
  state: string;
}

function userButton(u: StoredUser): string {
  const name = [u.first_name, u.last_name].filter(Boolean).join(' ') || u.principal_name;
  const sub = [u.principal_name, u.email_address].filter((x, i, all) => x && all.indexOf(x) === i).join(' · ');
  return `<li><button type="submit" class="user" name="principal" value="${escapeHtml(u.principal_name)}">Sign in as ${escapeHtml(name)}${
    u.is_disabled ? ' <span class="tag">(disabled)</span>' : ''
  } <span class="sub">${escapeHtml(sub)}</span></button></li>`;
}

/** The mock IdP's sign-in page; every interpolated value is escaped. */
export function renderIdpPage(input: IdpPageInput): string {
  const name = escapeHtml(input.provider.name);
  const action = escapeHtml(input.callbackUri);
  const state = `<input type="hidden" name="state" value="${escapeHtml(input.state)}">`;
  const auto = input.provider.config.auto_provision.enabled;
  const users =
    input.users.length === 0
      ? `<p>No users are linked to ${name} yet.</p>`
      : `<form method="post" action="${action}">${state}<ul>${input.users.map(userButton).join('')}</ul></form>`;
  const emailHint = auto
    ? `The service creates an account for an address it does not know yet${input.roleName ? `, with the role ${escapeHtml(input.roleName)}` : ''}.`
    : `${name} does not create accounts (auto-provisioning is off): an address without an account is refused.`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Mock identity provider — ${name}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Mock identity provider — ${name}</h1>
<p class="note">The mock service plays ${name}'s sign-in page. Choose who signs in: no password is asked, and the service decides whether that person gets a session.</p>
<section aria-labelledby="linked">
<h2 id="linked">Users linked to ${name}</h2>
${users}
</section>
<section aria-labelledby="by-email">
<h2 id="by-email">Sign in with an e-mail address</h2>
<form method="post" action="${action}">${state}
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" required maxlength="${PRINCIPAL_NAME_MAX_LENGTH}" autocomplete="email" aria-describedby="email-hint">
<p id="email-hint" class="hint">${emailHint}</p>
<button type="submit" class="primary">Continue</button>
</form>
</section>
<p><a href="${escapeHtml(input.cancelUri)}">Cancel and go back to the console</a></p>
</main>
</body>
</html>`;
}

// ---------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------

type Ctx = Context<MockEnv>;

const callbackTooLarge = () =>
  new ApiFailure(413, [{ context: 'body', message: `The sign-in form may be at most ${CALLBACK_MAX_BYTES / 1024} KiB.` }]);

/** The callback's fields: a urlencoded form (POST, as the IdP page sends it) or the query (GET, as OIDC returns). */
async function callbackFields(c: Ctx): Promise<URLSearchParams> {
  if (c.req.method === 'GET') return new URL(c.req.url).searchParams;
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw new ApiFailure(415, [
      { context: 'Content-Type', message: 'The SSO callback takes an application/x-www-form-urlencoded form.' },
    ]);
  }
  const bytes = await readBodyLimited(c, CALLBACK_MAX_BYTES, callbackTooLarge);
  return new URLSearchParams(new TextDecoder().decode(bytes));
}

/** Where the console receives the outcome: everything after `#`, so no server or log ever sees it. */
function consoleReturn(rootUrl: string, fields: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== '') params.set(k, v);
  return `${rootUrl}${CONSOLE_SSO_RETURN_PATH}#${params}`;
}

function redirect(c: Ctx, location: string) {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.redirect(location, 303);
}

/** The login URI, the mock IdP's page, and the callback; `uris` gives a provider's login and callback URIs. */
export function registerSsoSignIn(
  route: ReturnType<typeof server>,
  { db, config, tokens }: MockContext,
  uris: (p: StoredSsoProvider) => { login_uri: string; callback_uri: string },
): void {
  const states = new SsoStates();
  db.onReset(() => states.clear());
  const live = (p: StoredSsoProvider) => p.deleted_at === null;

  route(ssoOps.ssoLogin, (c, { params }) => {
    const slug = params.sso_provider_slug;
    const next = safeNext(c.req.query('next'));
    const provider = db.state.ssoProviders.find((p) => live(p) && p.slug === slug);
    if (!provider) return redirect(c, consoleReturn(config.rootUrl, { error: 'provider_gone', next }));
    const state = states.begin({ providerId: provider.id, slug: provider.slug, next });
    const users = db.state.users
      .filter((u) => u.deleted_at === null && u.sso_provider_id === provider.id)
      .sort((a, b) => compareText(a.principal_name, b.principal_name));
    const role = db.state.roles.find((r) => r.id === provider.config.auto_provision.default_role_id);
    const page = renderIdpPage({
      provider,
      users,
      roleName: role?.name ?? null,
      callbackUri: uris(provider).callback_uri,
      cancelUri: `${config.rootUrl}/login?next=${encodeURIComponent(next)}`,
      state,
    });
    return c.html(page, 200, idpPageHeaders(config.rootUrl));
  });

  const callback = async (c: Ctx) => {
    const slug = c.req.param('sso_provider_slug');
    const fields = await callbackFields(c);
    // Public, so no access to check again before the change below (one synchronous step, before the token is
    // signed); the registration marks the state changed once the answer is made.
    const pending = states.take(fields.get('state') ?? '');
    if (!pending || pending.slug !== slug) return redirect(c, consoleReturn(config.rootUrl, { error: 'bad_state' }));
    const { next } = pending;
    const provider = db.state.ssoProviders.find((p) => live(p) && p.id === pending.providerId);
    if (!provider) return redirect(c, consoleReturn(config.rootUrl, { error: 'provider_gone', next }));
    const login = (fields.get('principal') || fields.get('email') || '').trim();
    if (login === '') throw badRequest('email', 'Choose a user or enter an e-mail address.');
    // The attempt goes in the audit log (LoginAttempt, as upstream's SSO sign-in writes it).
    const type = provider.type === 'SAML' ? 'saml' : 'oidc';
    const signIn = auditSignIn(c, db, {
      username: login,
      auth_type: type,
      sso_provider_id: provider.id,
      [`${type}_provider_id`]: provider.saml?.id ?? provider.oidc?.id,
    });
    const existing = findByLogin(db, login);
    const outcome = signInThroughProvider(db, provider, login);
    if (!outcome.ok) {
      signIn.fail(existing, `${outcome.error}: ${SSO_FAILURE_REASONS[outcome.error]}`);
      const email = outcome.error === 'no_account' || outcome.error === 'invalid_email' ? login : undefined;
      return redirect(c, consoleReturn(config.rootUrl, { error: outcome.error, provider: provider.name, email, next }));
    }
    const user = outcome.user;
    if (!existing) {
      // Created by the provider's auto-provisioning, with nobody signed in yet (as upstream writes it).
      const { id, principal_name, email_address, role_ids, sso_provider_id } = user;
      recordChange(c, db, 'CreateUser', NO_ACTOR, { id, principal_name, email_address, roles: role_ids, sso_provider_id });
    }
    user.last_login = new Date().toISOString();
    const token = await tokens.issue(user.id, 'user', undefined, user.session_generation ?? 0);
    signIn.succeed(user);
    return redirect(c, consoleReturn(config.rootUrl, { token, user_id: user.id, next }));
  };
  route(ssoOps.ssoCallbackPost, callback);
  // OIDC returns with a GET, which signs in (and may create the user) as the form post does.
  route(ssoOps.ssoCallback, callback, { writes: true });
}
