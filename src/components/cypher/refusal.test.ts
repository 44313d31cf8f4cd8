import { describe, expect, it } from 'vitest';
import { HttpError } from '@/api/errors';
import { fieldQueryRefusal } from './refusal';

const refused = (status: number, errors: { context: string; message: string }[]) =>
  new HttpError('Preview rule', status, { http_status: status, timestamp: '2026-11-22T10:00:00Z', request_id: 'r', errors });

describe('fieldQueryRefusal', () => {
  it('takes the field path off the message and reads the line and column', () => {
    const error = refused(400, [{ context: 'seeds[0].value', message: 'seeds[0].value: line 1:16 MERGE is an updating clause' }]);
    expect(fieldQueryRefusal(error, 'seeds')).toEqual({ line: 1, column: 16, message: 'MERGE is an updating clause' });
  });

  it('keeps a message that names no place, without its path', () => {
    const error = refused(400, [{ context: 'seeds', message: 'seeds: the query is too complex' }]);
    expect(fieldQueryRefusal(error, 'seeds')).toEqual({ message: 'the query is too complex' });
  });

  it('is not about the query when the error names another field or is not a refusal', () => {
    expect(fieldQueryRefusal(refused(400, [{ context: 'expansion', message: 'expansion: unknown' }]), 'seeds')).toBeNull();
    expect(fieldQueryRefusal(refused(500, [{ context: 'seeds', message: 'seeds: timeout' }]), 'seeds')).toBeNull();
    expect(fieldQueryRefusal(new Error('offline'), 'seeds')).toBeNull();
  });
});
