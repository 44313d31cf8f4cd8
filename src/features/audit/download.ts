import type { QueryValue } from '@/api/client';
import type { AuditLog } from '@/api/schemas/audit';
import { listAuditLogs } from './api/list-audit-logs';
import { CSV_MAX_ROWS } from './csv';
import { rfc3339 } from './filters';

/** Rows asked for per request (the service's largest page). */
export const DOWNLOAD_PAGE = 1000;

export interface CollectedLogs {
  logs: AuditLog[];
  /**
   * How many entries matched in all: more than `logs.length` when the cap cut the download; null when the
   * server gave no count and the cap was reached (more may match).
   */
  total: number | null;
}

/**
 * Every entry of a view, page by page with its filters and sort (at most `max`). Without a `before`, the
 * moment the download starts is used, so entries written meanwhile do not shift the pages.
 */
export async function collectLogs(
  viewQuery: Record<string, QueryValue>,
  {
    max = CSV_MAX_ROWS,
    onProgress,
    signal,
    now = new Date(),
    list = listAuditLogs,
  }: {
    max?: number;
    onProgress?: (done: number, total: number | null) => void;
    signal?: AbortSignal;
    now?: Date;
    list?: typeof listAuditLogs;
  } = {},
): Promise<CollectedLogs> {
  const base: Record<string, QueryValue> = { ...viewQuery, before: viewQuery.before ?? rfc3339(now) };
  const logs: AuditLog[] = [];
  const seen = new Set<number>();
  let count: number | null = null;
  let more = true;
  for (let skip = 0; more && logs.length < max;) {
    const limit = Math.min(DOWNLOAD_PAGE, max - logs.length);
    const page = await list({ ...base, skip, limit }, signal);
    count = page.count ?? null;
    for (const log of page.logs) {
      if (seen.has(log.id) || logs.length >= max) continue;
      seen.add(log.id);
      logs.push(log);
    }
    skip += page.logs.length;
    more = page.logs.length > 0 && (count === null ? page.logs.length >= limit : skip < count);
    onProgress?.(logs.length, count === null ? null : Math.min(count, max));
  }
  return { logs, total: count ?? (more ? null : logs.length) };
}
