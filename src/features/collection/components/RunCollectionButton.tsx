import PlayIcon from '@mui/icons-material/PlayArrowOutlined';
import QueueIcon from '@mui/icons-material/QueueOutlined';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import type { Client } from '@/api/schemas/collection';
import { busyWith } from '@/features/collection/api/list-clients';

/**
 * The one button that starts a collection on a client, worded for its state: "Run collection now" on an
 * idle client, "Queue collection" on a busy one (a client works on one task at a time, so a new task
 * waits; the tooltip says for which). The clients list and a client's page both use it.
 */
export function RunCollectionButton({
  client,
  onClick,
  size = 'medium',
  named = false,
}: {
  client: Client;
  onClick: () => void;
  size?: 'small' | 'medium';
  /** Name the client in the accessible name (in a list, where every row has the button). */
  named?: boolean;
}) {
  const busy = busyWith(client);
  const text = busy ? 'Queue collection' : 'Run collection now';
  const button = (
    <Button
      size={size}
      variant="outlined"
      startIcon={busy ? <QueueIcon /> : <PlayIcon />}
      onClick={onClick}
      aria-label={named ? (busy ? `Queue a collection on ${client.name}` : `Run collection now on ${client.name}`) : undefined}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {text}
    </Button>
  );
  return busy ? (
    <Tooltip title={`Working on job ${busy.id}: a new job waits until it ends`} describeChild>
      {button}
    </Tooltip>
  ) : (
    button
  );
}
