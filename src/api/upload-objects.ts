/** The Cypher query that shows what an upload job brought to the graph (File ingest links to it). */
import type { FileUploadJob } from './schemas/file-upload';
import { ZERO_TIME } from './schemas/wire-format';

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * The objects last seen while the job was ingested (its start to its last ingest): what it brought, less
 * what a later upload touched again. Null while the job has ingested nothing.
 */
export function jobObjectsQuery(job: Pick<FileUploadJob, 'start_time' | 'last_ingest'>): string | null {
  if (!job.last_ingest || job.last_ingest === ZERO_TIME) return null;
  return `MATCH (n) WHERE n.lastseen >= ${quote(job.start_time)} AND n.lastseen <= ${quote(job.last_ingest)} RETURN n LIMIT 500`;
}
