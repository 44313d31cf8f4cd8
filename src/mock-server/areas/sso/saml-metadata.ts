import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { formatBytes, formatOverLimit, SAML_METADATA_MAX_BYTES } from '../../../api/schemas/sso';

/**
 * Reads a SAML 2.0 identity provider's metadata XML, as upstream does when a
 * SAML provider is created or its metadata replaced:
 * - the IdP issuer URI is the EntityDescriptor's `entityID`;
 * - the IdP SSO URI is the `Location` of an IDPSSODescriptor's
 *   SingleSignOnService with the HTTP-POST binding (preferred, as upstream)
 *   or else the HTTP-Redirect binding.
 *
 * Safe against entity expansion ("billion laughs", external entities): a
 * document with a DOCTYPE declaration is refused before parsing, and the
 * parser runs with entity processing off. Only the five predefined XML
 * entities and numeric character references are decoded, in the values read.
 */

export const SAML_BINDING_HTTP_POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
export const SAML_BINDING_HTTP_REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

export interface SamlMetadata {
  /** EntityDescriptor entityID. */
  entityId: string;
  /** SingleSignOnService Location. */
  ssoUri: string;
  /** Binding of that SingleSignOnService. */
  ssoBinding: typeof SAML_BINDING_HTTP_POST | typeof SAML_BINDING_HTTP_REDIRECT;
  /** The document as text, to store. */
  xml: string;
}

export type MetadataProblem =
  'empty' | 'too-large' | 'not-xml' | 'doctype' | 'no-entity-descriptor' | 'no-entity-id' | 'no-sso-service';

export type MetadataResult = { ok: true; metadata: SamlMetadata } | { ok: false; problem: MetadataProblem; message: string };

const fail = (problem: MetadataProblem, message: string): MetadataResult => ({ ok: false, problem, message });

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes the predefined XML entities and character references; anything else is left as written. */
export function decodeXmlText(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g, (whole, ref: string) => {
    if (ref[0] !== '#') return PREDEFINED[ref] ?? whole;
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

type XmlNode = Record<string, unknown>;

const ARRAY_ELEMENTS = new Set(['EntitiesDescriptor', 'EntityDescriptor', 'IDPSSODescriptor', 'SingleSignOnService']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Entity expansion off: &name; is never replaced from a DTD (DOCTYPEs are refused anyway).
  processEntities: false,
  htmlEntities: false,
  parseAttributeValue: false,
  parseTagValue: false,
  isArray: (name) => ARRAY_ELEMENTS.has(name),
});

function children(node: unknown, name: string): XmlNode[] {
  if (!node || typeof node !== 'object') return [];
  const value = (node as XmlNode)[name];
  if (Array.isArray(value)) return value.filter((v): v is XmlNode => !!v && typeof v === 'object');
  // An empty element parses as "" (e.g. <IDPSSODescriptor/>): present, with nothing inside.
  if (value === '') return [{}];
  return value && typeof value === 'object' ? [value as XmlNode] : [];
}

function attribute(node: XmlNode, name: string): string | null {
  const value = node[`@_${name}`];
  return typeof value === 'string' ? decodeXmlText(value).trim() : null;
}

/** Every EntityDescriptor at the top level or inside (nested) EntitiesDescriptor aggregates, in document order. */
function entityDescriptors(root: XmlNode): XmlNode[] {
  const out: XmlNode[] = [...children(root, 'EntityDescriptor')];
  const walk = (aggregate: XmlNode, depth: number) => {
    if (depth > 16) return;
    out.push(...children(aggregate, 'EntityDescriptor'));
    for (const inner of children(aggregate, 'EntitiesDescriptor')) walk(inner, depth + 1);
  };
  for (const aggregate of children(root, 'EntitiesDescriptor')) walk(aggregate, 0);
  return out;
}

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The SingleSignOnService to use: HTTP-POST first (as upstream), else HTTP-Redirect; null when neither has a URL. */
function ssoService(entity: XmlNode): { uri: string; binding: SamlMetadata['ssoBinding'] } | null {
  const services = children(entity, 'IDPSSODescriptor').flatMap((idp) => children(idp, 'SingleSignOnService'));
  for (const binding of [SAML_BINDING_HTTP_POST, SAML_BINDING_HTTP_REDIRECT] as const) {
    for (const service of services) {
      const location = attribute(service, 'Location');
      if (attribute(service, 'Binding') === binding && location && isHttpUrl(location)) return { uri: location, binding };
    }
  }
  return null;
}

/** Parses uploaded metadata. `data` is the file's bytes (or its text). */
export function parseSamlMetadata(data: Uint8Array | string): MetadataResult {
  const size = typeof data === 'string' ? new TextEncoder().encode(data).byteLength : data.byteLength;
  if (size === 0)
    return fail('empty', 'The metadata file is empty. Upload the SAML metadata XML file your identity provider gives you.');
  if (size > SAML_METADATA_MAX_BYTES) {
    return fail(
      'too-large',
      `The metadata file is ${formatOverLimit(size)}; it may be at most ${formatBytes(SAML_METADATA_MAX_BYTES)}.`,
    );
  }

  let xml: string;
  if (typeof data === 'string') xml = data;
  else {
    try {
      xml = new TextDecoder('utf-8', { fatal: true }).decode(data);
    } catch {
      return fail(
        'not-xml',
        'The metadata file is not XML: it is not UTF-8 text. Upload the SAML metadata XML file your identity provider gives you.',
      );
    }
  }
  xml = xml.replace(/^\uFEFF/, '');
  if (xml.trim() === '')
    return fail('empty', 'The metadata file is empty. Upload the SAML metadata XML file your identity provider gives you.');

  // Refuse DTDs outright: SAML metadata never needs one, and it is where entity bombs live.
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) {
    return fail(
      'doctype',
      'The metadata file contains a DOCTYPE or ENTITY declaration, which is not allowed in SAML metadata (entity expansion is disabled).',
    );
  }

  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const where = valid.err.line ? ` (line ${valid.err.line}${valid.err.col ? `, column ${valid.err.col}` : ''})` : '';
    return fail('not-xml', `The metadata file is not well-formed XML${where}: ${valid.err.msg}`);
  }

  let root: XmlNode;
  try {
    root = parser.parse(xml) as XmlNode;
  } catch (e) {
    return fail('not-xml', `The metadata file is not well-formed XML: ${(e as Error).message}`);
  }

  const entities = entityDescriptors(root);
  if (entities.length === 0) {
    return fail(
      'no-entity-descriptor',
      'The metadata file has no EntityDescriptor element. Upload SAML 2.0 metadata of an identity provider.',
    );
  }

  // The first entity that is an identity provider with a usable sign-on service.
  for (const entity of entities) {
    const service = ssoService(entity);
    if (!service) continue;
    const entityId = attribute(entity, 'entityID');
    if (!entityId)
      return fail(
        'no-entity-id',
        "The EntityDescriptor has no entityID attribute, so the identity provider's issuer is unknown.",
      );
    return { ok: true, metadata: { entityId, ssoUri: service.uri, ssoBinding: service.binding, xml } };
  }
  return fail(
    'no-sso-service',
    'The metadata file has no SingleSignOnService with an HTTP-POST or HTTP-Redirect binding and a URL Location (in an IDPSSODescriptor).',
  );
}
