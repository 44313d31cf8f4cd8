import { describe, expect, it, vi } from 'vitest';
import type { QueryValue } from '@/api/client';
import type { AuditLog } from '@/api/schemas/audit';
import { collectLogs } from './download';

const log = (id: number): AuditLog => ({
  id,
  created_at: '2026-11-20T14:30:00Z',
  actor_id: '',
  actor_name: 'admin',
  actor_email: '',
  action: 'LoginAttempt',
  fields: null,
  request_id: `r${id}`,
  source_ip_address: '127.0.0.1',
  commit_id: '',
  status: 'success',
});

/** A server holding `total` entries (ids total..1), answering pages as the API does. */
function server(total: number, { count = true }: { count?: boolean } = {}) {
  const all = Array.from({ length: total }, (_, i) => log(total - i));
  return vi.fn(async (query: Record<string, QueryValue>) => {
    const skip = Number(query.skip);
    const limit = Math.min(Number(query.limit), 1000);
    const logs = all.slice(skip, skip + limit);
    return { logs, skip, limit, ...(count ? { count: total } : {}) };
  });
}

describe('collectLogs', () => {
  const now = new Date(Date.UTC(2026, 10, 22, 12, 0));

  it('pages through every matching entry with the view filters and sort, pinned at the moment it started', async () => {
    const list = server(2345);
    const progress: [number, number | null][] = [];
    const view = { sort_by: ['-created_at'], action: 'eq:LoginAttempt' };
    const { logs, total } = await collectLogs(view, { list, now, onProgress: (d, t) => progress.push([d, t]) });
    expect(logs).toHaveLength(2345);
    expect(total).toBe(2345);
    expect(logs[0]!.id).toBe(2345);
    expect(list.mock.calls.map(([q]) => [q.skip, q.limit])).toEqual([
      [0, 1000],
      [1000, 1000],
      [2000, 1000],
    ]);
    for (const [q] of list.mock.calls) {
      expect(q).toMatchObject({ ...view, before: '2026-11-22T12:00:00Z' });
    }
    expect(progress.at(-1)).toEqual([2345, 2345]);
  });

  it('keeps a before the view has', async () => {
    const list = server(3);
    await collectLogs({ before: '2026-11-01T00:00:00Z' }, { list, now });
    expect(list.mock.calls[0]![0].before).toBe('2026-11-01T00:00:00Z');
  });

  it('stops at the cap and says how many matched', async () => {
    const list = server(12_500);
    const { logs, total } = await collectLogs({}, { list, now, max: 10_000 });
    expect(logs).toHaveLength(10_000);
    expect(total).toBe(12_500);
    expect(list).toHaveBeenCalledTimes(10);
  });

  it('without a count, reads until a short page, and says "more" when the cap cut it', async () => {
    expect(await collectLogs({}, { list: server(1500, { count: false }), now })).toMatchObject({ total: 1500 });
    const capped = await collectLogs({}, { list: server(2500, { count: false }), now, max: 2000 });
    expect(capped.logs).toHaveLength(2000);
    expect(capped.total).toBeNull();
  });

  it('never writes an entry twice when the pages shift under it', async () => {
    const pages = [
      { logs: [log(5), log(4)], count: 4 },
      { logs: [log(4), log(3)], count: 4 },
      { logs: [log(2)], count: 4 },
    ];
    const list = vi.fn(async () => pages.shift()!);
    const { logs } = await collectLogs({}, { list, now, max: 10 });
    expect(logs.map((l) => l.id)).toEqual([5, 4, 3]);
  });

  it('reads nothing more after an empty page', async () => {
    const { logs, total } = await collectLogs({}, { list: server(0), now });
    expect(logs).toEqual([]);
    expect(total).toBe(0);
  });
});
