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
import { graphOps } from '../../../api/operations/graph';
import type { DomainSelector } from '../../../api/schemas/data-quality';
import type { MockArea } from '../../area';
import { nowOf } from '../../config';
import { badRequest, notFound } from '../../errors';
import { boolean, defineList, number, text, time } from '../../list';
import { server } from '../../serve';
import { CONTROL_EDGE_KINDS, type DirectoryGraph } from '../../seed/graph';
import { graphOf } from '../../seed/live-graph';
import type { DbState } from '../../store/db';
import { advancePipeline } from '../datapipe/pipeline';
import { seedDataQuality, toAdDataQualityStatRecord, type StoredAdDataQualityStat } from './store';

/** The window a data-quality request covers by default: the last 30 days. */
export const DEFAULT_WINDOW_DAYS = 30;

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

export const DOMAINS_LIST = defineList<DomainSelector>()({
  query: graphOps.getAvailableDomains.query,
  columns: { objectid: text((d) => d.id), name: text((d) => d.name), collected: boolean((d) => d.collected) },
  defaultSort: [{ column: 'name', descending: false }],
  tieBreak: [{ column: 'objectid', descending: false }],
});

export const STATS_LIST = defineList<StoredAdDataQualityStat>()({
  query: graphOps.getAdDomainDataQualityStats.query,
  columns: { created_at: time((s) => s.created_at), updated_at: time((s) => s.updated_at), id: number((s) => s.id) },
  defaultSort: [{ column: 'created_at', descending: false }],
  tieBreak: [{ column: 'id', descending: false }],
});

export const dataQualityArea: MockArea = {
  name: 'data-quality',
  seed: (state) => seedDataQuality(state),
  routes(app, { db, config }) {
    const route = server(app, db);

    route(graphOps.getAvailableDomains, (c, { query: req }) => {
      return c.json({ data: DOMAINS_LIST.select(availableDomains(db.state, config.edition === 'enterprise'), req) });
    });

    route(graphOps.getAdDomainDataQualityStats, (c, { params, query: req }) => {
      const raw = params.domain_id;
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
