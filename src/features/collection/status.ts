/**
 * Task, job and upload statuses in words (reference `enum.job-status`) and the
 * colour a status is shown in.
 */
import { labelText } from '@/shared/value-labels';
import { isJobFinished } from '@/api/schemas/collection';
import { JobStatus, jobStatusLabel } from '@/api/schemas/wire-format';

export type StatusTone = 'default' | 'info' | 'success' | 'warning' | 'error';

/** "Ready", "Running", "Complete", "Partially complete", ... ("42 (unknown)" for a value the reference does not list), as text. */
export function statusLabel(status: number): string {
  return labelText(jobStatusLabel(status));
}

export function statusTone(status: number): StatusTone {
  switch (status) {
    case JobStatus.Complete:
      return 'success';
    case JobStatus.PartiallyComplete:
      return 'warning';
    case JobStatus.Failed:
    case JobStatus.TimedOut:
    case JobStatus.Invalid:
      return 'error';
    case JobStatus.Running:
    case JobStatus.Ingesting:
    case JobStatus.Analyzing:
      return 'info';
    default:
      return 'default';
  }
}

export { isJobFinished };
