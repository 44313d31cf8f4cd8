import { describe, expect, it, vi } from 'vitest';
import { HttpError, NetworkError } from '@/api/errors';
import { applyServerErrors } from './server-errors';

type Values = { name: string; tag: string };

const body = (status: number, errors: { context: string; message: string }[]) => ({
  http_status: status,
  timestamp: '2026-11-22T10:00:00Z',
  request_id: 'r',
  errors,
});

describe('applyServerErrors', () => {
  it('puts field errors on their fields and returns the rest', () => {
    const setError = vi.fn();
    const error = new HttpError(
      'Create asset group',
      400,
      body(400, [
        { context: 'tag', message: 'The tag is taken.' },
        { context: 'request', message: 'Something else.' },
      ]),
    );
    expect(applyServerErrors<Values>(error, setError, ['name', 'tag'])).toBe('Something else.');
    expect(setError).toHaveBeenCalledWith('tag', { type: 'server', message: 'The tag is taken.' }, { shouldFocus: true });
  });

  it('reports a server failure, a throttled request or a lost connection as one sentence, on no field', () => {
    const setError = vi.fn();
    const failed = new HttpError('Create asset group', 500, body(500, [{ context: 'name', message: 'Database down.' }]));
    expect(applyServerErrors<Values>(failed, setError, ['name', 'tag'])).toBe(
      "Database down. Try again; if it persists, contact the server's administrator.",
    );
    const throttled = new HttpError('Create asset group', 429, body(429, [{ context: 'rate-limit', message: 'Slow down.' }]), 5);
    expect(applyServerErrors<Values>(throttled, setError, ['name', 'tag'])).toBe('Slow down.');
    expect(applyServerErrors<Values>(new NetworkError('Create asset group', undefined, true), setError, ['name'])).toMatch(
      /may or may not have been saved/,
    );
    expect(setError).not.toHaveBeenCalled();
  });

  it('never fails silently when the error body names nothing', () => {
    const setError = vi.fn();
    const error = new HttpError('Create asset group', 400, body(400, []));
    expect(applyServerErrors<Values>(error, setError, ['name', 'tag'])).toBe('The server answered 400 (bad request).');
  });

  it('goes by the first part of a nested context and drops the "context: " prefix under the field', () => {
    const setError = vi.fn();
    const error = new HttpError(
      'Update user',
      400,
      body(400, [
        { context: 'environment_targeted_access_control.environments.0.environment_id', message: 'Not a SID.' },
        { context: 'tag', message: 'tag: The tag is taken.' },
      ]),
    );
    const map = { environment_targeted_access_control: 'name' as const };
    expect(applyServerErrors<Values>(error, setError, ['tag'], map)).toBeNull();
    expect(setError).toHaveBeenCalledWith('name', { type: 'server', message: 'Not a SID.' }, { shouldFocus: true });
    expect(setError).toHaveBeenCalledWith('tag', { type: 'server', message: 'The tag is taken.' }, { shouldFocus: false });
  });
});
