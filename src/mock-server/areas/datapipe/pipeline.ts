/**
 * The data pipeline of the mock: idle, ingesting or analyzing, driven by what
 * happens (file-upload jobs ended, analysis requested, the database cleared)
 * and by time. Nothing runs on a timer: every transition is derived from the
 * clock when the state is read (`advancePipeline`), so a test that sets the
 * clock sees exactly the transitions due by then.
 *
 * - Ending a file-upload job with accepted files queues its ingest: the
 *   pipeline ingests queued jobs one after another, `ingestMsPerFile` per
 *   accepted file; each job is `ingesting` until its turn is over, then
 *   `analyzing`.
 * - When the queue is empty after an ingest, analysis runs (`analysisMs`);
 *   when it ends, the jobs it covered reach their final status (complete,
 *   partially complete or failed), `last_complete_analysis_at` and
 *   `last_analysis_run_at` move to its end, and a data-quality point is added
 *   per domain of the live graph, and Privilege Zones membership is computed
 *   again (privilege-zones/membership.ts). Jobs ended meanwhile are ingested next.
 * - An analysis request (PUT /api/v2/analysis, or the `deletion` request a
 *   clear-database makes) starts analysis at once when the pipeline is idle,
 *   and otherwise waits for the analysis after the current ingest, or for the
 *   end of the current analysis (a request made while analysis runs is served
 *   by the next run, as upstream). The request stays visible (GET
 *   /api/v2/analysis) until the run serving it ends.
 */
import { JobStatus, ZERO_TIME } from '../../../api/schemas/wire-format';
import type { AnalysisRequest } from '../../../api/schemas/datapipe';
import { plural } from '../../../shared/words';
import { finalStatus } from '../file-upload/store';
import { appendDataQualityPoints, lastSeededRun } from '../data-quality/store';
import { analyzePrivilegeZones } from '../privilege-zones/membership';
import { analyzeFindings } from '../../analysis/findings/store';
import type { DbState } from '../../store/db';
import { postProcess } from '../../analysis/post-process';
import { replaceDerived } from '../../ingest/layer';
import { underivedGraph, layersOf } from '../../seed/live-graph';

export type PipelineStatus = 'idle' | 'ingesting' | 'analyzing';

export interface StoredAnalysisRequest {
  requested_by: string;
  request_type: 'analysis' | 'deletion';
  requested_at: string;
  delete_all_graph: boolean;
  delete_sourceless_graph: boolean;
  delete_source_kinds: string[] | null;
  delete_relationships: string[] | null;
  /** When the analysis serving this request started (null: it waits for one). */
  started_at: string | null;
}

/** One ended job's ingest. */
export interface IngestTurn {
  job_id: number;
  /** Accepted files when the job ended. */
  files: number;
  /** False while its files are being read into the graph (ingest-runner.ts); absent in a state saved before. */
  ingested?: boolean;
  /** The accepted files not yet ingested. */
  pending?: { id: number; file_name: string }[];
}

export interface StoredPipeline {
  status: PipelineStatus;
  /** When the status last changed. */
  updated_at: string;
  /** When the current ingest turn (of `ingest_queue[0]`) or analysis ends; null when idle. */
  phase_ends_at: string | null;
  /** Ended upload jobs waiting to be ingested, the first being ingested now. */
  ingest_queue: IngestTurn[];
  /** Jobs ingested and waiting for the next analysis to finish. */
  ingested_jobs: number[];
  /** Jobs the running analysis covers (they finish with it). */
  analyzing_jobs: number[];
  last_complete_analysis_at: string;
  last_analysis_run_at: string;
  /** The pending analysis request (at most one, as upstream). */
  request: StoredAnalysisRequest | null;
}

/** What this part of the mock keeps in the state (one part of DbState, store/db.ts). */
export interface PipelineState {
  datapipe: StoredPipeline;
}

export interface PipelineTiming {
  ingestMsPerFile: number;
  analysisMs: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The seeded pipeline: idle since the last seeded analysis run. */
export function seedPipeline(state: DbState): void {
  const last = lastSeededRun(state) ?? ZERO_TIME;
  state.datapipe = {
    status: 'idle',
    updated_at: last,
    phase_ends_at: null,
    ingest_queue: [],
    ingested_jobs: [],
    analyzing_jobs: [],
    last_complete_analysis_at: last,
    last_analysis_run_at: last,
    request: null,
  };
}

/** The pipeline of a state (one saved before the pipeline existed gets the seeded one on load; this is the fallback). */
export function pipelineOf(state: DbState): StoredPipeline {
  if (!state.datapipe) seedPipeline(state);
  return state.datapipe;
}

function nextId(state: DbState, kind: string): number {
  const next = (state.counters[kind] ?? 0) + 1;
  state.counters[kind] = next;
  return next;
}

/** The upload job `id`, unless it was deleted. */
export function jobOf(state: DbState, id: number) {
  return state.fileUploadJobs.find((j) => j.id === id && j.deleted_at === null);
}

function startIngest(state: DbState, p: StoredPipeline, at: number, timing: PipelineTiming): void {
  if (p.status !== 'ingesting') p.updated_at = iso(at);
  p.status = 'ingesting';
  const turn = p.ingest_queue[0]!;
  p.phase_ends_at = iso(at + turn.files * timing.ingestMsPerFile);
  const job = jobOf(state, turn.job_id);
  if (job) job.status_message = `Ingesting ${plural(turn.files, 'file')}.`;
}

function startAnalysis(p: StoredPipeline, at: number, timing: PipelineTiming): void {
  p.status = 'analyzing';
  p.updated_at = iso(at);
  p.phase_ends_at = iso(at + timing.analysisMs);
  p.analyzing_jobs = p.ingested_jobs;
  p.ingested_jobs = [];
  if (p.request) p.request.started_at = iso(at);
}

function becomeIdle(p: StoredPipeline, at: number): void {
  p.status = 'idle';
  p.updated_at = iso(at);
  p.phase_ends_at = null;
}

/** What an idle (or just finished) pipeline starts at `at`: the next ingest, else a requested analysis, else nothing. */
function startNext(state: DbState, p: StoredPipeline, at: number, timing: PipelineTiming): void {
  if (p.ingest_queue.length > 0) startIngest(state, p, at, timing);
  else if (p.request) startAnalysis(p, at, timing);
  else becomeIdle(p, at);
}

/**
 * Analysis derives upstream's post-processed relationships (analysis/post-process.ts) from the graph as it now
 * is, replacing what the last analysis derived. The generated directory is kept as its generator made it
 * (it places its own derived relationships, and its figures are what tests and people know): only derived
 * relationships with an uploaded object at one end are added. A graph without uploads needs none, and one
 * unchanged since the last derivation keeps what it has.
 */
function deriveRelationships(state: DbState): void {
  const layer = state.ingested;
  if (!layer || layer.stamp === '') return;
  const graph = underivedGraph(layersOf(state));
  if (layer.derived.from === graph.version) return;
  const uploaded = (id: string) => Object.hasOwn(layer.nodes, id);
  replaceDerived(
    layer,
    postProcess(graph).filter((e) => uploaded(e.source) || uploaded(e.target)),
  );
  layer.derived.from = graph.version;
}

/** Applies every transition due by `now`. True when the state changed. */
export function advancePipeline(state: DbState, now: number, timing: PipelineTiming): boolean {
  const p = pipelineOf(state);
  let changed = false;
  while (p.phase_ends_at !== null && Date.parse(p.phase_ends_at) <= now) {
    // A turn whose files are still being read waits for them (the runner ends it).
    if (p.status === 'ingesting' && p.ingest_queue[0]?.ingested === false) break;
    const at = Date.parse(p.phase_ends_at);
    const when = iso(at);
    changed = true;
    if (p.status === 'ingesting') {
      const done = p.ingest_queue.shift()!;
      const job = jobOf(state, done.job_id);
      if (job) {
        job.status = JobStatus.Analyzing;
        job.status_message = `Ingested ${plural(done.files, 'file')}; waiting for analysis to finish.`;
        job.last_ingest = when;
        job.updated_at = when;
      }
      p.ingested_jobs.push(done.job_id);
      if (p.ingest_queue.length > 0) startIngest(state, p, at, timing);
      else startAnalysis(p, at, timing);
    } else {
      // An analysis run ends.
      p.last_complete_analysis_at = when;
      p.last_analysis_run_at = when;
      for (const id of p.analyzing_jobs) {
        const job = jobOf(state, id);
        if (!job) continue;
        const { status, message } = finalStatus(job);
        job.status = status;
        job.status_message = message;
        job.updated_at = when;
      }
      p.analyzing_jobs = [];
      deriveRelationships(state);
      analyzePrivilegeZones(state, when);
      analyzeFindings(state, when);
      appendDataQualityPoints(state, when, () => nextId(state, 'ad-data-quality-stat'), crypto.randomUUID());
      if (p.request?.started_at) p.request = null;
      startNext(state, p, at, timing);
    }
  }
  return changed;
}

/**
 * An upload job ended at `at`: with accepted files it waits for its ingest
 * (the pipeline starts ingesting at once when idle); without any it fails at
 * once, and nothing is ingested or analyzed.
 */
export function jobEnded(state: DbState, jobId: number, at: number, timing: PipelineTiming): void {
  advancePipeline(state, at, timing);
  const p = pipelineOf(state);
  const job = jobOf(state, jobId);
  if (!job) return;
  const files = job.total_files - job.failed_files;
  job.end_time = iso(at);
  job.updated_at = iso(at);
  if (files <= 0) {
    const { status, message } = finalStatus(job);
    job.status = status;
    job.status_message = message;
    return;
  }
  job.status = JobStatus.Ingesting;
  job.status_message = `Waiting to ingest ${plural(files, 'file')}.`;
  p.ingest_queue.push({
    job_id: jobId,
    files,
    ingested: false,
    pending: job.files.filter((f) => f.errors.length === 0).map((f) => ({ id: f.id, file_name: f.file_name })),
  });
  if (p.status === 'idle') startIngest(state, p, at, timing);
}

/** PUT /api/v2/analysis: a request by `userId`, unless one is pending (idempotent). True when a request was made. */
export function requestAnalysis(state: DbState, userId: string, at: number, timing: PipelineTiming): boolean {
  advancePipeline(state, at, timing);
  const p = pipelineOf(state);
  if (p.request) return false;
  p.request = {
    requested_by: userId,
    request_type: 'analysis',
    requested_at: iso(at),
    delete_all_graph: false,
    delete_sourceless_graph: false,
    delete_source_kinds: null,
    delete_relationships: null,
    started_at: null,
  };
  if (p.status === 'idle') startAnalysis(p, at, timing);
  return true;
}

/** What a clear-database deleted from the graph, for its `deletion` request. */
export interface DeletionRequest {
  all: boolean;
  sourceless: boolean;
  sourceKinds: string[];
  relationships: string[];
}

/**
 * clear-database deleted graph data: a `deletion` request replaces any pending
 * request (as upstream), and re-analysis follows (at once when idle).
 */
export function requestDeletionAnalysis(
  state: DbState,
  userId: string,
  deletion: DeletionRequest,
  at: number,
  timing: PipelineTiming,
): void {
  advancePipeline(state, at, timing);
  const p = pipelineOf(state);
  p.request = {
    requested_by: userId,
    request_type: 'deletion',
    requested_at: iso(at),
    delete_all_graph: deletion.all,
    delete_sourceless_graph: deletion.sourceless,
    delete_source_kinds: deletion.sourceKinds.length > 0 ? deletion.sourceKinds : null,
    delete_relationships: deletion.relationships.length > 0 ? deletion.relationships : null,
    started_at: null,
  };
  if (p.status === 'idle') startAnalysis(p, at, timing);
}

export type CancelOutcome = 'canceled' | 'none' | 'deletion';

/**
 * DELETE /api/v2/analysis: removes the pending `analysis` request. When the run
 * serving it was started by the request alone, that run stops (nothing
 * completes, no data-quality point); a run that also covers ingested files goes on.
 * A `deletion` request cannot be canceled (upstream: 409).
 */
export function cancelAnalysis(state: DbState, at: number, timing: PipelineTiming): CancelOutcome {
  advancePipeline(state, at, timing);
  const p = pipelineOf(state);
  if (!p.request) return 'none';
  if (p.request.request_type === 'deletion') return 'deletion';
  const serving = p.request.started_at !== null;
  p.request = null;
  if (serving && p.status === 'analyzing' && p.analyzing_jobs.length === 0) {
    p.last_analysis_run_at = iso(at);
    startNext(state, p, at, timing);
  }
  return 'canceled';
}

/** clear-database deleted the file ingest history: the deleted jobs' queued ingest still runs (as upstream's datapipe keeps its work), their records are gone. */
export function forgetJobs(state: DbState): void {
  const p = pipelineOf(state);
  p.ingested_jobs = [];
  p.analyzing_jobs = [];
}

/** GET /api/v2/datapipe/status `data`; `next_scheduled_analysis_at` only in the enterprise edition. */
export function toDatapipeStatusRecord(p: StoredPipeline, nextScheduled: string | undefined) {
  return {
    status: p.status,
    updated_at: p.updated_at,
    last_complete_analysis_at: p.last_complete_analysis_at,
    last_analysis_run_at: p.last_analysis_run_at,
    ...(nextScheduled === undefined ? {} : { next_scheduled_analysis_at: nextScheduled }),
  };
}

/** The zero value of GET /api/v2/analysis (no request pending), as the reference describes it. */
export const NO_ANALYSIS_REQUEST: AnalysisRequest = {
  requested_by: '',
  request_type: '',
  requested_at: ZERO_TIME,
  delete_all_graph: false,
  delete_sourceless_graph: false,
  delete_source_kinds: null,
  delete_relationships: null,
};

export function toAnalysisRequestRecord(r: StoredAnalysisRequest | null): AnalysisRequest {
  if (!r) return NO_ANALYSIS_REQUEST;
  return {
    requested_by: r.requested_by,
    request_type: r.request_type,
    requested_at: r.requested_at,
    delete_all_graph: r.delete_all_graph,
    delete_sourceless_graph: r.delete_sourceless_graph,
    delete_source_kinds: r.delete_source_kinds,
    delete_relationships: r.delete_relationships,
  };
}
