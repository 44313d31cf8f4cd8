/**
 * The pipeline, analysis and clearing the database, in both editions
 * (reference GetDatapipeStatus, GetAnalysisRequest, StartAnalysis,
 * CancelAnalysisRequest, DeleteBloodHoundDatabase):
 *
 *   GET    /api/v2/datapipe/status  idle, ingesting or analyzing (pipeline.ts), derived from time when read
 *   GET    /api/v2/analysis         the pending request, or the reference's zero value
 *   PUT    /api/v2/analysis         202: request analysis (idempotent: at most one request pending)
 *   DELETE /api/v2/analysis         202: cancel the pending request; none: 404; a deletion's: 409
 *   POST   /api/v2/clear-database   204: delete what the body chooses (clear.ts), then re-analysis
 */
import { nextRun } from '../../../shared/schedule';
import { adminOps } from '../../../api/operations/admin';
import { ConfigKey } from '../../../api/schemas/config';
import { ZERO_TIME } from '../../../api/schemas/wire-format';
import type { MockArea } from '../../area';
import { currentUser } from '../../auth';
import { nowOf } from '../../config';
import { conflict, notFound } from '../../errors';
import { NO_DELETIONS } from '../../seed/graph';
import { analyzePrivilegeZones } from '../privilege-zones/membership';
import type { DbState } from '../../store/db';
import { server } from '../../serve';
import { applyClear, planClear } from './clear';
import {
  advancePipeline,
  cancelAnalysis,
  pipelineOf,
  requestAnalysis,
  requestDeletionAnalysis,
  seedPipeline,
  toAnalysisRequestRecord,
  toDatapipeStatusRecord,
} from './pipeline';

/** Enterprise: the next run of the scheduled analysis (configuration `analysis.scheduled`), the zero time when it is off. */
function nextScheduledAnalysis(state: DbState, now: number): string {
  const param = state.configParameters?.find((p) => p.key === ConfigKey.ScheduledAnalysis);
  const value = param?.value as { enabled?: boolean; rrule?: string } | undefined;
  if (!value?.enabled || !value.rrule) return ZERO_TIME;
  try {
    return nextRun(value.rrule, new Date(now))?.toISOString() ?? ZERO_TIME;
  } catch {
    return ZERO_TIME;
  }
}

function graphDeletionEnabled(state: DbState): boolean {
  return state.featureFlags?.find((f) => f.key === 'clear_graph_data')?.enabled !== false;
}

export const datapipeArea: MockArea = {
  name: 'datapipe',
  // The seeded pipeline's last analysis is the newest data-quality point, and it computed the Privilege Zones
  // membership the seed starts with, linking the legacy system groups' selectors as rules.
  seedsAfter: ['data-quality', 'privilege-zones', 'asset-groups'],
  seed(state) {
    state.graph = { deletions: { ...NO_DELETIONS, sourceKinds: [], relationships: [] } };
    seedPipeline(state);
    // The seeded pipeline's last analysis computed the Privilege Zones membership the seed starts with.
    analyzePrivilegeZones(state, state.datapipe.last_complete_analysis_at);
  },
  routes(app, { db, config }) {
    /** Applies the transitions due by now; the current time. */
    const advance = (): number => {
      const now = nowOf(config);
      if (advancePipeline(db.state, now, config)) db.changed();
      return now;
    };

    const route = server(app, db);

    route(adminOps.getDatapipeStatus, (c) => {
      const now = advance();
      const next = config.edition === 'enterprise' ? nextScheduledAnalysis(db.state, now) : undefined;
      return c.json({ data: toDatapipeStatusRecord(pipelineOf(db.state), next) });
    });

    route(adminOps.getAnalysisRequest, (c) => {
      advance();
      return c.json({ data: toAnalysisRequestRecord(pipelineOf(db.state).request) });
    });

    route(adminOps.startAnalysis, (c) => {
      const user = currentUser(c);
      requestAnalysis(db.state, user.id, nowOf(config), config);
      return c.body(null, 202);
    });

    route(adminOps.cancelAnalysisRequest, (c) => {
      const outcome = cancelAnalysis(db.state, nowOf(config), config);
      // A refusal keeps the transitions cancelAnalysis applied (the registration marks only a change it answers).
      if (outcome !== 'canceled') db.changed();
      if (outcome === 'none') throw notFound('analysis', 'No analysis request is pending; there is nothing to cancel.');
      if (outcome === 'deletion') {
        throw conflict(
          'analysis',
          'The pending request is the analysis that follows clearing the database; it cannot be canceled.',
        );
      }
      return c.body(null, 202);
    });

    route(adminOps.deleteBloodHoundDatabase, (c, { body }) => {
      const user = currentUser(c);
      const plan = planClear(db.state, body, graphDeletionEnabled(db.state));
      const now = advance();
      applyClear(db.state, plan, new Date(now).toISOString());
      if (plan.graph) requestDeletionAnalysis(db.state, user.id, plan.graph, now, config);
      else if (plan.assetGroupIds.length > 0) requestAnalysis(db.state, user.id, now, config);
      return c.body(null, 204);
    });
  },
};
