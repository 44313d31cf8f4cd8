/**
 * Domains and data quality, in both editions (reference GetAvailableDomains,
 * GetAdDomainDataQualityStats):
 *
 *   GET /api/v2/available-domains                        the live graph's domains; sort_by, name/objectid/collected filters
 *   GET /api/v2/ad-domains/{domain_id}/data-quality-stats one domain's points over time; start, end, sort_by, skip, limit
 *
 * Both read the live graph (what clear-database left of the seeded one), so a
 * cleared database has no domains; a domain's history stays until
 * clear-database deletes the data-quality history.
 */
import { parseISO, subDays } from 'date-fns';
import { z } from 'zod';
import { DATA_QUALITY_SORTABLE_COLUMNS, type DomainSelector } from '../../../api/schemas/data-quality';
import { STRING_FILTER_PREDICATES } from '../../../api/schemas/common';
import type { MockArea } from '../../area';
import { nowOf } from '../../config';
import { badRequest, notFound } from '../../errors';
import { boolean, defineList, number, predicateFilter, text, time } from '../../list';
import { CONTROL_EDGE_KINDS, type DirectoryGraph } from '../../seed/graph';
import { graphOf } from '../../seed/live-graph';
import type { DbState } from '../../store/db';
import { readParam } from '../../validate';
import { advancePipeline } from '../datapipe/pipeline';
import { seedDataQuality, toAdDataQualityStatRecord, type StoredAdDataQualityStat } from './store';

/** The window a data-quality request covers by default: the last 30 days. */
export const DEFAULT_WINDOW_DAYS = 30;

const notAParameter = (name: string, known: readonly string[]) =>
  `"${name}" is not a parameter of this operation; use ${known.join(', ')}.`;

const CONTROL = new Set<string>(CONTROL_EDGE_KINDS);

/**
 * `impactValue` (enterprise only): the share, in percent, of a domain's users,
 * computers and groups that hold object control over another object (the
 * mock's stand-in for upstream's attack-path impact of the domain).
 */
function impactValues(graph: DirectoryGraph): Map<string, number> {
  const controlling = new Set(graph.edges.filter((e) => CONTROL.has(e.kind)).map((e) => e.source));
  const totals = new Map<string, [number, number]>();
  for (const n of graph.nodes) {
    const t = totals.get(n.domainSid) ?? [0, 0];
    t[0] += controlling.has(n.objectid) ? 1 : 0;
    t[1] += 1;
    totals.set(n.domainSid, t);
  }
  return new Map([...totals].map(([sid, [hit, all]]) => [sid, all === 0 ? 0 : Math.round((100 * hit) / all)]));
}

/** Reference `model.domain-selector` rows of the live graph's domains (`impactValue` in the enterprise edition). */
export function availableDomains(state: DbState, enterprise: boolean): DomainSelector[] {
  const graph = graphOf(state);
  const impact = enterprise ? impactValues(graph) : null;
  return graph.domains.map((d) => ({
    type: 'active-directory',
    name: d.name,
    id: d.objectid,
    collected: d.props.collected !== false,
    ...(impact ? { impactValue: impact.get(d.objectid) ?? 0 } : {}),
  }));
}

const collectedFilter = predicateFilter('collected', ['eq', 'neq']).refine(
  (f) => !f || Array.isArray(f) || f.value === 'true' || f.value === 'false',
  { message: 'The collected filter takes true or false (for example collected=eq:true).' },
);

export const DOMAINS_LIST = defineList<DomainSelector>()({
  columns: { objectid: text((d) => d.id), name: text((d) => d.name), collected: boolean((d) => d.collected) },
  sortBy: ['objectid', 'name'],
  filters: {
    objectid: predicateFilter('objectid', STRING_FILTER_PREDICATES),
    name: predicateFilter('name', STRING_FILTER_PREDICATES),
    collected: collectedFilter,
  },
  defaultSort: [{ column: 'name', descending: false }],
  tieBreak: [{ column: 'objectid', descending: false }],
  unknown: notAParameter,
});

/** An RFC 3339 date-time query parameter, in milliseconds since the epoch. */
const timeParam = (name: string) =>
  z
    .string({ error: `${name} must be given once` })
    .transform((raw, ctx) => {
      const ok = z.iso.datetime({ offset: true }).safeParse(raw.trim()).success;
      const ms = parseISO(raw.trim()).getTime();
      if (!ok || Number.isNaN(ms)) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be an RFC 3339 date-time such as 2026-11-01T00:00:00Z, not "${raw}".`,
          input: raw,
        });
        return z.NEVER;
      }
      return ms;
    })
    .optional();

export const STATS_LIST = defineList<StoredAdDataQualityStat>()({
  columns: { created_at: time((s) => s.created_at), updated_at: time((s) => s.updated_at), id: number((s) => s.id) },
  paging: { defaultLimit: 1000, overMax: 'cap' },
  params: { start: timeParam('start'), end: timeParam('end') },
  sortBy: DATA_QUALITY_SORTABLE_COLUMNS,
  defaultSort: [{ column: 'created_at', descending: false }],
  tieBreak: [{ column: 'id', descending: false }],
  unknown: notAParameter,
});

export const domainIdParam = z
  .string()
  .trim()
  .min(1, { error: 'domain_id is required' })
  .max(256, { error: 'domain_id is too long' });

export const dataQualityArea: MockArea = {
  name: 'data-quality',
  seed: (state) => seedDataQuality(state),
  routes(app, { db, config }) {
    app.get('/api/v2/available-domains', (c) => {
      const req = DOMAINS_LIST.parse(c);
      return c.json({ data: DOMAINS_LIST.select(availableDomains(db.state, config.edition === 'enterprise'), req) });
    });

    app.get('/api/v2/ad-domains/:domain_id/data-quality-stats', (c) => {
      const raw = readParam(c, 'domain_id', domainIdParam);
      const req = STATS_LIST.parse(c);
      const now = nowOf(config);
      // A run that ended by now has added its points.
      if (advancePipeline(db.state, now, config)) db.changed();
      const stats = db.state.adDataQualityStats ?? [];
      const known = [...graphOf(db.state).domains.map((d) => d.objectid), ...stats.map((s) => s.domain_sid)];
      const domainId = known.find((id) => id === raw || id === raw.toUpperCase());
      if (!domainId) {
        throw notFound('domain_id', `No Active Directory domain has the id ${raw}; pick one from the available domains.`);
      }
      const end = req.params.end ?? now;
      const start = req.params.start ?? subDays(end, DEFAULT_WINDOW_DAYS).getTime();
      if (start > end) {
        throw badRequest(
          'start',
          `start (${new Date(start).toISOString()}) is after end (${new Date(end).toISOString()}); choose a start before the end.`,
        );
      }
      const inWindow = stats.filter((s) => {
        if (s.domain_sid !== domainId) return false;
        const at = parseISO(s.created_at).getTime();
        return at >= start && at <= end;
      });
      const page = STATS_LIST.page(STATS_LIST.select(inWindow, req), req, toAdDataQualityStatRecord);
      return c.json({
        count: page.count,
        skip: page.skip,
        limit: page.limit,
        start: new Date(start).toISOString(),
        end: new Date(end).toISOString(),
        data: page.data,
      });
    });
  },
};
