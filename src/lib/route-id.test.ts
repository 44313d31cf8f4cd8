import { describe, expect, it } from 'vitest';
import { numericId, parseRouteId, uuidId } from './route-id';

describe('parseRouteId', () => {
  it('reads numeric ids: digits only, up to the largest 32-bit id', () => {
    expect(parseRouteId(numericId, '12')).toEqual({ ok: true, raw: '12', id: 12 });
    expect(parseRouteId(numericId, '2147483647')).toMatchObject({ ok: true, id: 2147483647 });
    for (const raw of ['', '-1', '1.5', '1e3', ' 1', 'abc', '2147483648', '99999999999']) {
      expect(parseRouteId(numericId, raw), raw).toMatchObject({ ok: false, raw });
    }
    expect(parseRouteId(numericId, undefined)).toMatchObject({ ok: false, raw: '' });
  });

  it('reads UUIDs', () => {
    const id = '0f3e3f68-6c57-4bd6-a3e0-22d1e0c1f6f1';
    expect(parseRouteId(uuidId, id)).toEqual({ ok: true, raw: id, id });
    expect(parseRouteId(uuidId, '12')).toMatchObject({ ok: false, raw: '12' });
  });
});
