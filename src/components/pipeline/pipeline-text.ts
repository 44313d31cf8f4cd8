/**
 * The data pipeline in words: its state ("Analyzing"), how long it has been in it ("for 1 min 5 s"),
 * and the pending analysis request. A state this console does not know is shown as the server sent it.
 */
import { datapipeStatusLabel, type AnalysisRequest } from '@/api/schemas/datapipe';
import { timeOf } from '@/shared/format';

export type PipelineTone = 'idle' | 'busy' | 'unknown';

/** "Idle", "Ingesting", "Analyzing"; any other state as it came ("pruning"), an empty one as "unknown". */
export function statusLabel(status: string): string {
  const l = datapipeStatusLabel(status);
  return l.known ? l.label : status.trim() || 'unknown';
}

/** idle; busy (ingesting, analyzing); unknown (a state this console does not know). */
export function statusTone(status: string): PipelineTone {
  if (status === 'idle') return 'idle';
  return datapipeStatusLabel(status).known ? 'busy' : 'unknown';
}

/** "12 s", "1 min 5 s", "2 h 3 min", "3 d 4 h": the two largest units, whole, never negative. */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}

/** How long the pipeline has been in its state (since `updated_at`), or null when that time is unset. */
export function elapsedSince(updatedAt: string, now: number): string | null {
  const since = timeOf(updatedAt);
  return since === null ? null : formatElapsed(now - since);
}

/**
 * The state in a sentence: "Idle", "Analyzing for 12 s", "Ingesting for 1 min 5 s", "pruning for 3 s".
 * Idle says no duration (it is the resting state: when analysis last completed is said beside it).
 */
export function statusSentence(status: { status: string; updated_at: string }, now: number): string {
  const label = statusLabel(status.status);
  if (status.status === 'idle') return label;
  const elapsed = elapsedSince(status.updated_at, now);
  return elapsed ? `${label} for ${elapsed}` : label;
}

/** What the pending request asks for: "Analysis" or, after a database clear, "Re-analysis after a database clear". */
export function requestKind(request: Pick<AnalysisRequest, 'request_type'>): string {
  if (request.request_type === 'analysis') return 'Analysis';
  if (request.request_type === 'deletion') return 'Re-analysis after a database clear';
  return `Request "${request.request_type}"`;
}

/** Whether the pending request may be cancelled: a clear-database's re-analysis may not (the service answers 409). */
export function requestCancellable(request: Pick<AnalysisRequest, 'request_type'>): boolean {
  return request.request_type !== 'deletion';
}
