import { describe, expect, it } from 'vitest';
import { parseRouteId } from '@/lib/route-id';
import { checkObjectId, objectId } from './object-id';

describe('checkObjectId', () => {
  it('accepts object SIDs, domain SIDs and GUIDs, normalising what was pasted', () => {
    expect(checkObjectId('S-1-5-21-4107638521-1930581446-2864410937-1104')).toEqual({
      ok: true,
      value: 'S-1-5-21-4107638521-1930581446-2864410937-1104',
      kind: 'sid',
    });
    expect(checkObjectId('  s-1-5-21-1-2-3  ')).toEqual({ ok: true, value: 'S-1-5-21-1-2-3', kind: 'sid' });
    expect(checkObjectId('"S-1-5-21-1-2-3-500"')).toMatchObject({ ok: true, value: 'S-1-5-21-1-2-3-500' });
    expect(checkObjectId('{0F3E3F68-6C57-4BD6-A3E0-22D1E0C1F6F1}')).toEqual({
      ok: true,
      value: '0f3e3f68-6c57-4bd6-a3e0-22d1e0c1f6f1',
      kind: 'guid',
    });
  });

  it('says what is wrong with a malformed id', () => {
    const msg = (raw: string) => {
      const r = checkObjectId(raw);
      if (r.ok) throw new Error(`${raw} was accepted`);
      return r.message;
    };
    expect(msg('')).toMatch(/^Enter an object id/);
    expect(msg('S-1-5-21-31300')).toMatch(/has 1 number after S-1-5-21; a domain SID has 3/);
    expect(msg('S-1-5-21-1-2-3-4-5')).toMatch(/has 5 numbers after S-1-5-21/);
    expect(msg('S-1-5-32-544')).toMatch(/not a domain SID/);
    expect(msg('S-1-5-21-1-2-x')).toMatch(/other characters/);
    expect(msg('0f3e3f68-6c57-4bd6-a3e0-22d1e0c1f6f')).toMatch(
      /32 hexadecimal digits in groups of 8-4-4-4-12; this one has 31 digits in groups of 8-4-4-4-11/,
    );
    expect(msg('0f3e3f686c574bd6a3e022d1e0c1f6f1')).toMatch(/with its dashes/);
    expect(msg('S-1-5-21-1-2-3 S-1-5-21-1-2-4')).toMatch(/no spaces/);
    expect(msg('jdoe@corp.acme.local')).toMatch(/neither a SID nor a GUID/);
  });
});

describe('objectId (an object id in an address)', () => {
  it('is the normalised id, or says what is wrong with it', () => {
    expect(parseRouteId(objectId, 's-1-5-21-1-2-3-1104')).toMatchObject({ ok: true, id: 'S-1-5-21-1-2-3-1104' });
    expect(parseRouteId(objectId, 'S-1-5-32-544')).toEqual({
      ok: false,
      raw: 'S-1-5-32-544',
      message: expect.stringContaining('is not a domain SID'),
    });
  });
});
