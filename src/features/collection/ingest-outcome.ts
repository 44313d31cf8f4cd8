/** What the files of an upload brought, in words. */
import type { UploadCompletedTask } from '@/api/schemas/file-upload';
import { compareText } from '@/shared/compare-text';
import { plural } from '@/shared/words';

type Ingested = NonNullable<UploadCompletedTask['ingested']>;

/** "3 User, 2 Group objects and 14 relationships"; notes of what was left out or removed come after. */
export function describeIngested(ingested: Ingested): { brought: string; notes: string[] } {
  const kinds = Object.entries(ingested.nodes)
    .filter(([, n]) => n > 0)
    .sort(([a, x], [b, y]) => y - x || compareText(a, b));
  const objects = kinds.reduce((sum, [, n]) => sum + n, 0);
  const parts: string[] = [];
  if (objects > 0)
    parts.push(`${plural(objects, 'object')} (${kinds.map(([k, n]) => `${n.toLocaleString('en-US')} ${k}`).join(', ')})`);
  if (ingested.relationships > 0 || objects > 0) parts.push(plural(ingested.relationships, 'relationship'));
  const notes: string[] = [];
  if (ingested.unmatched > 0)
    notes.push(`${plural(ingested.unmatched, 'relationship')} left out: an end matched no object in the graph.`);
  if (ingested.deleted > 0) notes.push(`${plural(ingested.deleted, 'object')} removed as deleted.`);
  return { brought: parts.length > 0 ? parts.join(' and ') : 'nothing new', notes };
}
