import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import type { TaskView } from '@/api/schemas/collection';

/**
 * What started a task: its scheduled event ("Schedule: Nightly sessions", linked to the event), or a
 * person's "Run collection now" ("On demand": the service does not record which person).
 */
export function StartedBy({ task }: { task: Pick<TaskView, 'event_id' | 'event_title'> }) {
  if (task.event_id === null) return <>On demand</>;
  // One link, not a link inside words, so it stands apart from the text around it by more than colour.
  return (
    <Link component={RouterLink} to={`/events/${task.event_id}`}>
      Schedule: {task.event_title ?? `Event ${task.event_id}`}
    </Link>
  );
}
