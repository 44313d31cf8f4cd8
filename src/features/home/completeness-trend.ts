import { parseISO } from 'date-fns';
import { useMemo } from 'react';
import {
  adDomainsByName,
  dailyPoints,
  lastDaysWindow,
  useAvailableDomains,
  useDataQualityHistory,
  useLatestDataQualityPoint,
} from '@/api/domains';

/**
 * 30 days of session and local-group completeness of the first AD domain by name, up to its newest
 * data-quality point (today's on a server that analyzes daily; an older one still draws its last month),
 * for the completeness card; null until there are two days to draw, and for people who may not read
 * domains (nothing is requested for them).
 */
export function useCompletenessTrend({ enabled }: { enabled: boolean }) {
  const domains = useAvailableDomains({ enabled });
  const domain = domains.data ? (adDomainsByName(domains.data)[0] ?? null) : null;
  const latest = useLatestDataQualityPoint(domain?.id ?? null, { enabled });
  const newest = latest.data?.created_at ?? null;
  const timeWindow = useMemo(() => (newest ? lastDaysWindow(30, parseISO(newest).getTime()) : null), [newest]);
  const history = useDataQualityHistory(domain?.id ?? null, timeWindow, { enabled });
  const points = useMemo(() => dailyPoints(history.data?.points ?? []), [history.data]);
  return enabled && domain && timeWindow && points.length >= 2 ? { points, window: timeWindow, domainName: domain.name } : null;
}
