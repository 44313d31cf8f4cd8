import { addDays, compareAsc, eachDayOfInterval, format as formatDate, parseISO } from 'date-fns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './call';
import { graphOps } from './operations/graph';
import { queryKeys } from './query-keys';
import type { AdDataQualityStat, DomainSelector } from './schemas/data-quality';
import { compareText } from '../shared/compare-text';

/**
 * GET /api/v2/available-domains (reference GetAvailableDomains): the domains and tenants of the
 * collected graph, read once under one key by every page that names them (data quality, the home
 * card's chart, the user form's environment picker).
 */
export function getAvailableDomains(signal?: AbortSignal): Promise<DomainSelector[]> {
  return call(graphOps.getAvailableDomains, { signal }).then((r) => r.data);
}

export const availableDomainsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.domains.available(),
    queryFn: ({ signal }) => getAvailableDomains(signal),
    staleTime: 60_000,
  });

/** The available domains, read while `enabled` (callers pass what `useAccess` says). */
export function useAvailableDomains({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...availableDomainsQueryOptions(), enabled });
}

/** Data-quality statistics are kept per Active Directory domain (tenants and OpenGraph environments have their own). */
export const isAdDomain = (d: DomainSelector) => d.type.toLowerCase() === 'active-directory';

/** The AD domains of a list, by name. */
export function adDomainsByName(domains: readonly DomainSelector[]): DomainSelector[] {
  return domains.filter(isAdDomain).sort((a, b) => compareText(a.name, b.name));
}

/** Rows asked for per request: the mock's (and upstream's) list cap. */
export const DATA_QUALITY_PAGE_LIMIT = 1000;
/** A stop for a server that keeps answering rows: 50 pages of 1000 points is 130 years of hourly analyses. */
const MAX_PAGES = 50;

/** A time window, ISO 8601 instants, both ends inclusive (as the reference says). */
export interface TimeWindow {
  start: string;
  end: string;
}

export interface DataQualityHistory {
  /** Every point of the window, oldest first. */
  points: AdDataQualityStat[];
  /** The window the server says it answered for. */
  start: string;
  end: string;
}

/**
 * GET /api/v2/ad-domains/{domain_id}/data-quality-stats (reference GetAdDomainDataQualityStats) for a
 * whole window: the server pages its answer (`skip`, `limit`), so this reads page after page, oldest
 * first (`sort_by=created_at`), `limit` 1000 each, advancing `skip` by the rows each page held, until
 * it has `count` rows or a page comes back empty. 90 days of daily points is one request.
 */
export async function getDataQualityHistory(
  domainId: string,
  window: TimeWindow,
  signal?: AbortSignal,
): Promise<DataQualityHistory> {
  const points: AdDataQualityStat[] = [];
  let answered = { start: window.start, end: window.end };
  for (let page = 0; page < MAX_PAGES; page++) {
    const r = await call(graphOps.getAdDomainDataQualityStats, {
      params: { domain_id: domainId },
      query: {
        start: window.start,
        end: window.end,
        sort_by: 'created_at',
        skip: points.length,
        limit: DATA_QUALITY_PAGE_LIMIT,
      },
      signal,
    });
    answered = { start: r.start, end: r.end };
    points.push(...r.data);
    if (r.data.length === 0 || points.length >= r.count) break;
  }
  return { points, ...answered };
}

/**
 * The newest data-quality point of a domain, whenever it was (`sort_by=-created_at`, `limit=1`, from
 * 1971 to now), or null when it has none: the page offers the days up to it when a range holds no points.
 */
export function getLatestDataQualityPoint(domainId: string, signal?: AbortSignal): Promise<AdDataQualityStat | null> {
  return call(graphOps.getAdDomainDataQualityStats, {
    params: { domain_id: domainId },
    query: { start: '1971-01-01T00:00:00Z', sort_by: '-created_at', limit: 1 },
    signal,
  }).then((r) => r.data[0] ?? null);
}

/** The newest point of a domain, read only while `enabled` (the page asks when its range is empty). */
export function useLatestDataQualityPoint(domainId: string | null, { enabled = true } = {}) {
  return useQuery({
    queryKey: queryKeys.domains.latest(domainId ?? ''),
    queryFn: ({ signal }) => getLatestDataQualityPoint(domainId!, signal),
    enabled: enabled && domainId !== null,
    staleTime: 60_000,
  });
}

export const dataQualityQueryOptions = (domainId: string, window: TimeWindow) =>
  queryOptions({
    queryKey: queryKeys.domains.dataQuality(domainId, window),
    queryFn: ({ signal }) => getDataQualityHistory(domainId, window, signal),
    staleTime: 60_000,
  });

/** One domain's data-quality points over a window; nothing is read while `domainId` is null or `enabled` is false. */
export function useDataQualityHistory(domainId: string | null, window: TimeWindow | null, { enabled = true } = {}) {
  return useQuery({
    ...dataQualityQueryOptions(domainId ?? '', window ?? { start: '', end: '' }),
    enabled: enabled && domainId !== null && window !== null,
  });
}

/** The UTC day of an instant, `YYYY-MM-DD`. */
export function utcDay(value: string | number | Date): string {
  return new Date(value).toISOString().slice(0, 10);
}

/**
 * Calendar arithmetic on `YYYY-MM-DD` days: each is read as a calendar date (date-fns works on the
 * browser's calendar, where whole days are whole days whatever its zone) and written back the same way.
 */
const calendarDay = (day: string) => parseISO(day);
const dayText = (d: Date) => formatDate(d, 'yyyy-MM-dd');

/** The day `days` days after (or, negative, before) `day`. */
export function addDaysTo(day: string, days: number): string {
  return dayText(addDays(calendarDay(day), days));
}

/** Every day of a window, oldest first (`YYYY-MM-DD`, UTC). */
export function daysOf(window: TimeWindow): string[] {
  const start = calendarDay(utcDay(window.start));
  const end = calendarDay(utcDay(window.end));
  return start > end ? [] : eachDayOfInterval({ start, end }).map(dayText);
}

/**
 * Each day of a window with its point, or null on a day without one: charts draw those days as gaps,
 * not as a line straight across them.
 */
export function pointsByDay<T extends { day: string }>(points: readonly T[], window: TimeWindow): (T | null)[] {
  const byDay = new Map(points.map((p) => [p.day, p]));
  return daysOf(window).map((day) => byDay.get(day) ?? null);
}

/** The window from the start of day `from` to the end of day `to` (UTC, `YYYY-MM-DD`), both inclusive. */
export function daysWindow(from: string, to: string): TimeWindow {
  return { start: `${from}T00:00:00.000Z`, end: `${to}T23:59:59.999Z` };
}

/** The last `days` days up to the end of today (UTC): today and the `days - 1` days before it. */
export function lastDaysWindow(days: number, now: number = Date.now()): TimeWindow {
  const today = utcDay(now);
  return daysWindow(addDaysTo(today, -(days - 1)), today);
}

/**
 * One point per UTC day, oldest first: the last analysis of each day (a day with several runs shows
 * where it ended, as the server's latest figures do). `day` is the point's `created_at` day.
 */
export function dailyPoints(points: readonly AdDataQualityStat[]): (AdDataQualityStat & { day: string })[] {
  const byDay = new Map<string, AdDataQualityStat>();
  const sorted = [...points].sort((a, b) => compareAsc(parseISO(a.created_at), parseISO(b.created_at)));
  for (const p of sorted) byDay.set(utcDay(p.created_at), p);
  return [...byDay].map(([day, p]) => ({ ...p, day }));
}
