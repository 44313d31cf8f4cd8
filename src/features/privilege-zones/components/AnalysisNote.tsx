import Alert from '@mui/material/Alert';
import { useDatapipeStatus, isPipelineBusy } from '@/api/datapipe';

/**
 * After a rule changed: says the members update when analysis has run (the service asked for one), then, once the
 * pipeline has finished an analysis after the change, that the page shows the update (the top bar's pipeline
 * watch reads the tag's queries again then). `change`: what changed ("Rule "Lab" created."); `since`: the last
 * finished analysis when the change was made.
 */
export function AnalysisNote({ change, since, onClose }: { change: string; since: string | null; onClose: () => void }) {
  const status = useDatapipeStatus().data;
  const done = status !== undefined && !isPipelineBusy(status) && status.last_complete_analysis_at !== since;
  return (
    <Alert severity={done ? 'success' : 'info'} role="status" onClose={onClose} sx={{ mb: 2 }}>
      {change}{' '}
      {done
        ? 'Analysis has run: the objects and counts below include the change.'
        : status && isPipelineBusy(status)
          ? 'Analysis is running: the objects and counts below update when it finishes.'
          : 'The objects and counts update after the next analysis, which the service has asked for.'}
    </Alert>
  );
}
