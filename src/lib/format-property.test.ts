import { describe, expect, it } from 'vitest';
import { formatProperty, orderedProperties, propertyLabel } from './format-property';

describe('formatProperty', () => {
  it('reads AD Unix-second dates and ISO strings as dates, 0 and -1 and the zero time as never', () => {
    expect(formatProperty('lastlogon', 1793523600)).toEqual({
      kind: 'date',
      iso: '2026-11-01T09:00:00.000Z',
      text: '1 Nov 2026, 09:00 UTC',
    });
    expect(formatProperty('whencreated', 1793523600000)).toMatchObject({ kind: 'date', iso: '2026-11-01T09:00:00.000Z' });
    expect(formatProperty('lastlogontimestamp', -1)).toEqual({ kind: 'never' });
    expect(formatProperty('pwdlastset', 0)).toEqual({ kind: 'never' });
    expect(formatProperty('lastseen', '2026-10-31T22:00:00Z')).toMatchObject({ kind: 'date', text: '31 Oct 2026, 22:00 UTC' });
    expect(formatProperty('anything', '0001-01-01T00:00:00Z')).toEqual({ kind: 'never' });
  });

  it('shows booleans as marks, lists as chips, objects as JSON, other numbers as numbers', () => {
    expect(formatProperty('enabled', true)).toEqual({ kind: 'boolean', value: true });
    expect(formatProperty('serviceprincipalnames', ['HTTP/a', 'HTTP/b'])).toEqual({ kind: 'list', items: ['HTTP/a', 'HTTP/b'] });
    expect(formatProperty('sidhistory', [])).toEqual({ kind: 'empty' });
    expect(formatProperty('nested', [{ a: 1 }])).toEqual({ kind: 'json', text: '[\n  {\n    "a": 1\n  }\n]' });
    expect(formatProperty('extra', { a: 1 })).toEqual({ kind: 'json', text: '{\n  "a": 1\n}' });
    expect(formatProperty('admincount', 12345)).toEqual({ kind: 'number', text: '12,345' });
    expect(formatProperty('description', null)).toEqual({ kind: 'empty' });
    expect(formatProperty('description', '')).toEqual({ kind: 'empty' });
    expect(formatProperty('name', 'JDOE@CORP.LOCAL')).toEqual({ kind: 'text', text: 'JDOE@CORP.LOCAL' });
    // A number under a non-date key stays a number.
    expect(formatProperty('tier', 1793523600)).toMatchObject({ kind: 'number' });
  });
});

describe('propertyLabel', () => {
  it('uses known words, then splits camelCase and snake_case', () => {
    expect(propertyLabel('objectid')).toBe('Object ID');
    expect(propertyLabel('pwdlastset')).toBe('Password last set');
    expect(propertyLabel('adminRights')).toBe('Admin rights');
    expect(propertyLabel('rdpRights')).toBe('RDP rights');
    expect(propertyLabel('someNewCount')).toBe('Some new count');
    expect(propertyLabel('trusts_sid_filtering')).toBe('Trusts SID filtering');
    expect(propertyLabel('ownerSid')).toBe('Owner SID');
  });
});

describe('orderedProperties', () => {
  it('puts name and object id first, the rest by label', () => {
    const keys = orderedProperties({ enabled: true, objectid: 'x', admincount: false, name: 'n', title: 't' }).map(([k]) => k);
    expect(keys).toEqual(['name', 'objectid', 'admincount', 'enabled', 'title']);
  });
});
