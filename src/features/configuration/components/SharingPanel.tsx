import PublicIcon from '@mui/icons-material/PublicOutlined';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Divider,
  FormControlLabel,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { isHttpStatus } from '../../../api/errors';
import type { SavedQueryListEntry } from '../../../api/schemas/saved-queries';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorState, LoadingState } from '../../../components/states';
import { useSavedQueryPermissions } from '../api/get-saved-query-permissions';
import { useSharingUsers } from '../api/list-users';
import { useRevokeSavedQueryPermissions } from '../api/revoke-saved-query-permissions';
import { userLabel } from '../user-names';

/**
 * Whom one saved query is shared with; its owner can select users and revoke
 * their access after confirming.
 */
export function SharingPanel({
  queryId,
  query,
  selfId,
  canWrite,
}: {
  queryId: number;
  query: SavedQueryListEntry | undefined;
  selfId: string | undefined;
  canWrite: boolean;
}) {
  const permissions = useSavedQueryPermissions(queryId);
  const users = useSharingUsers();
  const revoke = useRevokeSavedQueryPermissions();
  const [selected, setSelected] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const headingId = useId();
  const title = query ? query.name : `Saved query #${queryId}`;
  // Unknown when the query is not on the list's current page: the server then decides.
  const owned: boolean | null = query ? query.user_id === selfId : null;
  const owner = query ? userLabel(users.data, query.user_id) : null;

  const shared = permissions.data?.shared_to_user_ids ?? [];
  // Drop selections of users no longer listed (after a revoke or a refresh).
  const chosen = selected.filter((id) => shared.includes(id));
  const mayRevoke = owned !== false && canWrite;
  const names = chosen.map((id) => userLabel(users.data, id).name);

  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  const confirm = () => {
    revoke.mutate(
      { queryId, userIds: chosen },
      {
        onSuccess: () => {
          setConfirming(false);
          setSelected([]);
          setDone(`Access revoked for ${listOf(names)}.`);
        },
      },
    );
  };

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography variant="h2" id={headingId} sx={{ fontSize: '1.15rem', overflowWrap: 'anywhere' }}>
        Sharing: {title}
      </Typography>
      {owner && (
        <Typography variant="body2" color="text.secondary">
          Owner: {query?.user_id === selfId ? 'you' : owner.name}
        </Typography>
      )}
      <Divider sx={{ my: 1.5 }} />
      {done && (
        <Alert severity="success" onClose={() => setDone(null)} sx={{ mb: 1.5 }}>
          {done}
        </Alert>
      )}
      {permissions.isPending ? (
        <LoadingState label="Loading whom this query is shared with…" />
      ) : permissions.isError ? (
        isHttpStatus(permissions.error, 403) ? (
          <Alert severity="info">Only the owner of this query (or an administrator) can see whom it is shared with.</Alert>
        ) : (
          <ErrorState error={permissions.error} title="Could not load the sharing" onRetry={() => void permissions.refetch()} />
        )
      ) : (
        <>
          {permissions.data.public && (
            <Chip icon={<PublicIcon />} label="Public: every user can see and run this query" sx={{ mb: 1.5 }} />
          )}
          {shared.length === 0 ? (
            <Typography color="text.secondary">This query is not shared with anyone.</Typography>
          ) : (
            <>
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography variant="body2">
                  Shared with {shared.length} {shared.length === 1 ? 'user' : 'users'}
                </Typography>
                {mayRevoke && (
                  <FormControlLabel
                    label="Select all"
                    control={
                      <Checkbox
                        checked={chosen.length === shared.length}
                        indeterminate={chosen.length > 0 && chosen.length < shared.length}
                        onChange={(e) => setSelected(e.target.checked ? [...shared] : [])}
                      />
                    }
                  />
                )}
              </Stack>
              {users.isError && (
                <Alert severity="warning" sx={{ my: 1 }}>
                  User names could not be loaded, so users are shown by id.
                </Alert>
              )}
              <List dense aria-label="Users this query is shared with">
                {shared.map((id) => {
                  const label = userLabel(users.data, id);
                  return (
                    <ListItem key={id} disableGutters>
                      {mayRevoke ? (
                        <FormControlLabel
                          sx={{ width: '100%', mr: 0 }}
                          control={<Checkbox checked={chosen.includes(id)} onChange={() => toggle(id)} />}
                          label={<ListItemText primary={label.name} secondary={label.detail} />}
                        />
                      ) : (
                        <>
                          <ListItemIcon sx={{ minWidth: 0 }} />
                          <ListItemText primary={label.name} secondary={label.detail} />
                        </>
                      )}
                    </ListItem>
                  );
                })}
              </List>
              {mayRevoke && (
                <Box>
                  <Button variant="contained" color="error" disabled={chosen.length === 0} onClick={() => setConfirming(true)}>
                    {chosen.length > 0 ? `Revoke access (${chosen.length})` : 'Revoke access'}
                  </Button>
                </Box>
              )}
            </>
          )}
          {!mayRevoke && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {owned === false
                ? 'Only the owner of this query can revoke access to it.'
                : 'Your role cannot change sharing (it needs the saved_queries.Write permission).'}
            </Typography>
          )}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title="Revoke access?"
        confirmLabel="Revoke access"
        pending={revoke.isPending}
        error={revoke.error}
        onConfirm={confirm}
        onClose={() => {
          setConfirming(false);
          revoke.reset();
        }}
      >
        {listOf(names)} will no longer be able to see or run “{title}”. The query itself is kept; to give access back, it has to
        be shared again.
      </ConfirmDialog>
    </Paper>
  );
}

/** "A", "A and B", "A, B and 3 others". */
export function listOf(names: string[]): string {
  if (names.length === 0) return 'nobody';
  if (names.length === 1) return names[0]!;
  if (names.length <= 3) return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${names.slice(0, 2).join(', ')} and ${names.length - 2} others`;
}
