/**
 * The rules of the fields a person fills in and a request carries: messages that name the field, every
 * free-text field's limits, the characters refused in names, and when two names are the same. The request
 * schemas (which the mock validates with and the forms reuse) and the forms' own schemas are built on them.
 */
import './zod-config';
import { formatCount } from '../../shared/count';
import { z } from 'zod';

// ---------------------------------------------------------------------------
// Message helpers (request side)
// ---------------------------------------------------------------------------

/** Error-map factory: "<Label> is required" when missing, "<Label> must be <kind>" otherwise. */
export function fieldError(label: string, kind: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? `${label} is required` : `${label} must be ${kind}`);
}

/** A required, non-empty (after trimming) text field with plain-English messages, and the {@link TextRules} given. */
export function requiredText(label: string, rules: TextRules = {}) {
  const text = z
    .string({ error: fieldError(label, 'text') })
    .trim()
    .min(1, { error: `${label} is required`, abort: true });
  return textRules(text, label, rules);
}

/** An optional text field (may be empty; trimmed) with a plain-English type message, and the {@link TextRules} given. */
export function optionalText(label: string, rules: TextRules = {}) {
  return textRules(z.string({ error: fieldError(label, 'text') }).trim(), label, rules).optional();
}

// ---------------------------------------------------------------------------
// Text limits (request side): the one place every free-text field's limits live
// ---------------------------------------------------------------------------
//
// Lengths count UTF-16 code units (JavaScript's `length`, what zod's `max`
// checks), so a character outside the Basic Multilingual Plane counts as two.

/** First and last names. */
export const PERSON_NAME_MAX_LENGTH = 100;
/** A user's principal name (the name they sign in with), and the sign-in username. */
export const PRINCIPAL_NAME_MAX_LENGTH = 100;
/** An email address (RFC 5321's limit of a forward path). */
export const EMAIL_MAX_LENGTH = 254;
/** A password (and the current password, and a password confirming an MFA change). */
export const PASSWORD_MAX_LENGTH = 256;
/** A one-time code at sign-in. */
export const ONE_TIME_CODE_MAX_LENGTH = 16;
/** An environment ID: a domain SID or a tenant UUID. */
export const ENVIRONMENT_ID_MAX_LENGTH = 256;
/** An id sent as text (the deprecated `saml_provider_id`). */
export const ID_TEXT_MAX_LENGTH = 20;
/** An asset group's name. */
export const ASSET_GROUP_NAME_MAX_LENGTH = 100;
/** An asset group's tag. */
export const ASSET_GROUP_TAG_MAX_LENGTH = 64;
/** An SSO provider's name. */
export const SSO_PROVIDER_NAME_MAX_LENGTH = 100;
/** An OIDC client ID. */
export const CLIENT_ID_MAX_LENGTH = 256;
/** A URL (an OIDC issuer). */
export const URL_MAX_LENGTH = 2048;
/** A domain controller: a DNS host name. */
export const HOST_NAME_MAX_LENGTH = 253;
/** A configuration parameter's key. */
export const CONFIG_KEY_MAX_LENGTH = 128;
/** Text inside a configuration value (a recurrence rule, a duration). */
export const CONFIG_TEXT_MAX_LENGTH = 1000;
/** The custom EULA text of the configuration. */
export const EULA_TEXT_MAX_LENGTH = 20_000;

/** "First name must be at most 100 characters". */
export function tooLongMessage(label: string, max: number): string {
  return `${label} must be at most ${formatCount(max)} characters`;
}

/**
 * Characters refused in names, principals and tags: C0 and C1 control
 * characters (NUL, CR, LF, ESC, DEL, …), zero-width characters (U+200B–U+200D,
 * U+2060, U+FEFF) and bidirectional controls (U+061C, U+200E, U+200F,
 * U+202A–U+202E, U+2066–U+2069). They make one name look like another, hide
 * part of it, or break logs and terminals.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const HIDDEN_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;

/** "Principal name must not contain control, zero-width or bidirectional characters". */
export function hiddenCharactersMessage(label: string): string {
  return `${label} must not contain control, zero-width or bidirectional characters`;
}

/** What a text field allows beyond its type: at most `max` characters; `plain`: none of the {@link HIDDEN_CHARACTERS}. */
export interface TextRules {
  max?: number;
  plain?: boolean;
}

/** `text` with the {@link TextRules}, each refusal naming the field (`label`) and the rule. */
export function textRules<T extends z.ZodString>(text: T, label: string, { max, plain }: TextRules): T {
  const limited = max === undefined ? text : text.max(max, { error: tooLongMessage(label, max) });
  return plain ? limited.refine((s) => !HIDDEN_CHARACTERS.test(s), { error: hiddenCharactersMessage(label) }) : limited;
}

/**
 * The key under which two principal names (or two tags, or two group names)
 * are the same: Unicode NFKC (compatibility forms: "ﬁ" is "fi", full-width
 * letters are ASCII), a full case fold (upper- then lower-casing, so "ß" is
 * "ss" and "ı" is "i"), then decomposition with every combining mark removed,
 * so "ADMİN" (a dotted capital I) and "admín" are "admin". Stricter than
 * Unicode's own case folding, which keeps "İ" apart from "I": two names that
 * differ only in such marks look alike, which is what the rule is for.
 */
export function identityKey(text: string): string {
  // Printable ASCII has no compatibility forms or marks: lower-casing is the whole fold.
  if (/^[\x20-\x7E]*$/.test(text)) return text.toLowerCase();
  return text.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');
}

/** A boolean field with a plain-English type message. */
export function booleanField(label: string) {
  return z.boolean({ error: fieldError(label, 'true or false') });
}

/** A whole-number field with a plain-English type message. */
export function intField(label: string) {
  return z.int({ error: fieldError(label, 'a whole number') });
}

/** Request-side UUID with a message naming the field. */
export function uuidField(label: string) {
  return z.guid({ error: fieldError(label, 'a UUID') });
}
