import { describe, expect, it } from 'vitest';
import { labelOf, labelsFor, labelText } from './value-labels';

describe('labels of open-ended values', () => {
  const type = labelsFor({ SAML: 'SAML', OIDC: 'OpenID Connect' });

  it('gives the words of a known value and keeps an unknown one as it came', () => {
    expect(type('OIDC')).toEqual({ known: true, label: 'OpenID Connect', value: 'OIDC' });
    expect(type('LDAP')).toEqual({ known: false, label: 'LDAP', value: 'LDAP' });
    expect(labelText(type('OIDC'))).toBe('OpenID Connect');
    expect(labelText(type('LDAP'))).toBe('LDAP (unknown)');
    expect(labelText(type(''))).toBe('(empty) (unknown)');
  });

  it('reads numbers as their text, and takes no inherited key for a known value', () => {
    expect(labelOf({ 2: 'Complete' }, 2)).toEqual({ known: true, label: 'Complete', value: '2' });
    expect(labelOf({ 2: 'Complete' }, 42).known).toBe(false);
    for (const key of ['constructor', 'toString', '__proto__']) expect(type(key).known).toBe(false);
  });
});
