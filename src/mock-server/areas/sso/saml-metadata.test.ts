import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatBytes, SAML_METADATA_MAX_BYTES } from '../../../api/schemas/sso';
import { decodeXmlText, parseSamlMetadata, SAML_BINDING_HTTP_POST, SAML_BINDING_HTTP_REDIRECT } from './saml-metadata';
import { idpMetadataXml } from './seed';

const fixture = (name: string) => readFileSync(join(__dirname, '../../../../e2e/fixtures/sso', name));

function problemOf(input: Uint8Array | string) {
  const result = parseSamlMetadata(input);
  if (result.ok) throw new Error('expected a problem');
  return result;
}

describe('parseSamlMetadata: good files', () => {
  it('reads entityID and prefers the HTTP-POST SingleSignOnService (fixture with both bindings)', () => {
    const result = parseSamlMetadata(fixture('acme-idp-metadata.xml'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.metadata.entityId).toBe('https://idp.acme.example/saml2/metadata');
    expect(result.metadata.ssoUri).toBe('https://idp.acme.example/saml2/sso/post');
    expect(result.metadata.ssoBinding).toBe(SAML_BINDING_HTTP_POST);
    expect(result.metadata.xml).toContain('<md:EntityDescriptor');
  });

  it('takes an HTTP-Redirect service when there is no HTTP-POST one, decoding &amp; in the Location', () => {
    const result = parseSamlMetadata(fixture('acme-idp-metadata-rotated.xml'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.metadata.entityId).toBe('https://login.acme.example/idp/7f3a91');
    expect(result.metadata.ssoUri).toBe('https://login.acme.example/idp/7f3a91/sso?binding=redirect&tenant=acme');
    expect(result.metadata.ssoBinding).toBe(SAML_BINDING_HTTP_REDIRECT);
  });

  it('reads unprefixed elements, a BOM, and an EntityDescriptor inside nested EntitiesDescriptor aggregates', () => {
    const xml =
      '\uFEFF<?xml version="1.0"?><EntitiesDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata"><EntitiesDescriptor>' +
      '<EntityDescriptor entityID="https://sp.example/"><SPSSODescriptor/></EntityDescriptor>' +
      '<EntityDescriptor entityID=" https://idp.example/ "><IDPSSODescriptor>' +
      '<SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:SOAP" Location="https://idp.example/soap"/>' +
      '<SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example/redirect"/>' +
      '</IDPSSODescriptor></EntityDescriptor></EntitiesDescriptor></EntitiesDescriptor>';
    const result = parseSamlMetadata(xml);
    expect(result).toMatchObject({
      ok: true,
      metadata: { entityId: 'https://idp.example/', ssoUri: 'https://idp.example/redirect' },
    });
  });

  it('parses the metadata the seed generates', () => {
    const xml = idpMetadataXml({
      entityId: 'http://www.okta.com/abc',
      certificate: 'MIIB',
      redirect: 'https://x.okta.com/sso/redirect',
      nameIdFormats: ['urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'],
    });
    expect(parseSamlMetadata(xml)).toMatchObject({
      ok: true,
      metadata: { entityId: 'http://www.okta.com/abc', ssoUri: 'https://x.okta.com/sso/redirect' },
    });
  });
});

describe('parseSamlMetadata: bad files', () => {
  it('refuses an empty file', () => {
    expect(problemOf(new Uint8Array(0))).toMatchObject({ problem: 'empty', message: expect.stringContaining('empty') });
    expect(problemOf('   \n')).toMatchObject({ problem: 'empty' });
  });

  it('refuses a file over 1 MiB without parsing it, saying the size and the limit', () => {
    const big = new Uint8Array(SAML_METADATA_MAX_BYTES + 1).fill(0x20);
    const p = problemOf(big);
    expect(p.problem).toBe('too-large');
    expect(p.message).toContain('at most 1 MiB');
    // Exactly the limit is allowed through to the XML checks.
    expect(problemOf(new Uint8Array(SAML_METADATA_MAX_BYTES).fill(0x61)).problem).toBe('not-xml');
  });

  it('refuses what is not XML (JSON saved as .xml), with where and why', () => {
    const p = problemOf(fixture('not-xml.xml'));
    expect(p.problem).toBe('not-xml');
    expect(p.message).toMatch(/^The metadata file is not well-formed XML \(line 1, column 1\)/);
  });

  it('refuses malformed XML and bytes that are not UTF-8', () => {
    expect(problemOf('<EntityDescriptor entityID="x"><IDPSSODescriptor></EntityDescriptor>').problem).toBe('not-xml');
    expect(problemOf(new Uint8Array([0x3c, 0x61, 0xff, 0xfe, 0x3e])).message).toContain('not UTF-8');
  });

  it('refuses XML without an EntityDescriptor', () => {
    const p = problemOf(fixture('no-entity-descriptor.xml'));
    expect(p.problem).toBe('no-entity-descriptor');
    expect(p.message).toContain('no EntityDescriptor');
  });

  it('refuses metadata without a usable SingleSignOnService (an SP descriptor, a SOAP-only IdP, a Location that is no URL)', () => {
    expect(problemOf(fixture('no-sso-service.xml')).problem).toBe('no-sso-service');
    const soapOnly =
      '<EntityDescriptor entityID="https://idp/"><IDPSSODescriptor><SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:SOAP" Location="https://idp/soap"/></IDPSSODescriptor></EntityDescriptor>';
    expect(problemOf(soapOnly).message).toContain('no SingleSignOnService with an HTTP-POST or HTTP-Redirect binding');
    const badLocation =
      '<EntityDescriptor entityID="https://idp/"><IDPSSODescriptor><SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="not a url"/></IDPSSODescriptor></EntityDescriptor>';
    expect(problemOf(badLocation).problem).toBe('no-sso-service');
    expect(problemOf('<EntityDescriptor entityID="https://idp/"><IDPSSODescriptor/></EntityDescriptor>').problem).toBe(
      'no-sso-service',
    );
  });

  it('refuses an EntityDescriptor without entityID', () => {
    const xml =
      '<EntityDescriptor><IDPSSODescriptor><SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp/sso"/></IDPSSODescriptor></EntityDescriptor>';
    expect(problemOf(xml)).toMatchObject({ problem: 'no-entity-id', message: expect.stringContaining('no entityID') });
  });

  it('is safe against entity expansion: a billion-laughs DOCTYPE is refused at once, never expanded', () => {
    const p = problemOf(fixture('entity-bomb.xml'));
    expect(p.problem).toBe('doctype');
    expect(p.message).toContain('entity expansion is disabled');
    // An external entity is refused the same way.
    expect(problemOf('<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><x>&xxe;</x>').problem).toBe('doctype');
  });

  it('leaves undeclared entity references as written (no expansion) while decoding the predefined ones', () => {
    expect(decodeXmlText('a&amp;b&lt;c&#65;&#x42;&custom;')).toBe('a&b<cAB&custom;');
    const xml =
      '<EntityDescriptor entityID="https://idp/&custom;"><IDPSSODescriptor><SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp/sso"/></IDPSSODescriptor></EntityDescriptor>';
    expect(parseSamlMetadata(xml)).toMatchObject({ ok: true, metadata: { entityId: 'https://idp/&custom;' } });
  });
});

describe('formatBytes', () => {
  it('uses binary units', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(900)).toBe('900 bytes');
    expect(formatBytes(2048)).toBe('2 KiB');
    expect(formatBytes(1024 * 1024)).toBe('1 MiB');
    expect(formatBytes(1024 * 1024 + 200 * 1024)).toBe('1.2 MiB');
  });
});
