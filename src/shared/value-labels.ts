/**
 * Words for the open-ended values a server sends: an SSO provider's type, a job or upload status, a
 * client type, a node kind, a role or permission name, an audit action. The reference types them as
 * plain strings or integers, so a server may send one this console has no words for; the response
 * schemas keep such a value as it came, and the console shows it as it came with "unknown" where the
 * label would be (`<KnownLabel>` in src/components), never failing the list or the page.
 *
 * One shared way: a table of the values this console knows ({@link labelsFor}) gives, for any value,
 * a {@link ValueLabel} saying whether it is known, its words, and the value as the server sent it.
 */

/** A value from the server with the console's words for it, when it has some. */
export interface ValueLabel {
  /** Whether this console knows the value (and so may act on it). */
  known: boolean;
  /** The console's words for a known value; the value as it came for an unknown one. */
  label: string;
  /** The value as the server sent it, as text. */
  value: string;
}

/** What an unknown value is called beside itself. */
export const UNKNOWN_WORD = 'unknown';

/**
 * The label of `value` in `words` (the values this console knows, each with its words): known with its
 * words, or unknown with the value as it came. Keys of `Object.prototype` (`constructor`, …) are not
 * taken for known values.
 */
export function labelOf(words: Readonly<Record<string, string>>, value: string | number): ValueLabel {
  const text = String(value);
  return Object.hasOwn(words, text)
    ? { known: true, label: words[text]!, value: text }
    : { known: false, label: text, value: text };
}

/** A labeller for one field: `labelsFor({ SAML: 'SAML', OIDC: 'OIDC' })('LDAP')` is LDAP, unknown. */
export function labelsFor(words: Readonly<Record<string | number, string>>): (value: string | number) => ValueLabel {
  return (value) => labelOf(words, value);
}

/**
 * The label as plain text, for sentences, titles and accessible names: the words of a known value,
 * `LDAP (unknown)` for an unknown one, `(empty) (unknown)` for an empty one.
 */
export function labelText(l: ValueLabel): string {
  return l.known ? l.label : `${l.value === '' ? '(empty)' : l.value} (${UNKNOWN_WORD})`;
}
