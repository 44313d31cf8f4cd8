import { tokenOps } from '@/api/operations/tokens';
import AddIcon from '@mui/icons-material/Add';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { rolesGranting } from '@/shared/permissions';
import { apiConfig } from '@/api/config';
import { useConfigList } from '@/api/config-parameters';
import { ConfigKey, PROTECTED_CONFIG_KEYS } from '@/api/schemas/config';
import { createAuthTokenBody, TOKEN_NAME_MAX, type AuthToken, type CreatedAuthTokenResponse } from '@/api/schemas/tokens';
import type { User } from '@/api/schemas/users';
import { useCreateToken, useDeleteToken, useTokens } from '@/api/tokens';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { CopyButton } from '@/components/CopyButton';
import { FormDialog } from '@/components/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useNotice } from '@/components/notice';
import { RestrictedNote } from '@/components/RestrictedNote';
import { ShownOnceDialog } from '@/components/ShownOnceDialog';
import { DataTable, useTableState, type Column, type TableSpec, TableProvider } from '@/components/table';
import { DateTime, RelativeTime } from '@/components/time';
import { useSelf } from '@/api/self';
import { adminOps } from '@/api/operations/admin';
import { useAccess } from '@/lib/access';
import { userName } from './user-display';

type CreatedToken = CreatedAuthTokenResponse['data'];

/** The tokens table's URL state (`tokens.sort_by`, …), beside whatever table the page has. */
const TOKENS_TABLE: TableSpec = {
  prefix: 'tokens',
  sortable: ['name', 'created_at', 'last_access'],
  defaultSort: [{ column: 'created_at', descending: true }],
  descendingFirst: ['created_at', 'last_access'],
};

const tokenName = (t: AuthToken) => (t.name.valid && t.name.string ? t.name.string : 'Unnamed token');

/** The first block of a token's id: enough to tell two tokens of one name apart; the copy button copies it whole. */
const shortId = (id: string) => `${id.split('-')[0]}…`;

const columns: Column<AuthToken>[] = [
  { id: 'name', header: 'Name', sortable: true, sortValue: tokenName, rowHeader: true, cell: tokenName },
  {
    id: 'id',
    header: 'Token ID',
    nowrap: true,
    cell: (t) => (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <Box component="code" title={t.id} sx={{ fontFamily: 'monospace', fontSize: '0.875rem' }}>
          {shortId(t.id)}
        </Box>
        <CopyButton value={t.id} label={`Copy the ID of ${tokenName(t)} (${shortId(t.id)})`} />
      </Stack>
    ),
  },
  {
    id: 'created_at',
    header: 'Created',
    sortable: true,
    sortValue: (t) => t.created_at,
    cell: (t) => <DateTime value={t.created_at} />,
  },
  {
    id: 'last_access',
    header: 'Last used',
    sortable: true,
    sortValue: (t) => t.last_access,
    cell: (t) => <RelativeTime value={t.last_access} fallback="Never" />,
  },
];

/** Whether the server lets anyone create API tokens (`auth.api_tokens`); undefined when unknown (not readable, or absent). */
function useApiTokensEnabled(read: boolean): boolean | undefined {
  const config = useConfigList(ConfigKey.ApiTokens, { enabled: read });
  const value = config.data?.find((p) => p.key === ConfigKey.ApiTokens)?.value.enabled;
  return typeof value === 'boolean' ? value : undefined;
}

/** Who can switch `auth.api_tokens` on: the server's operator when the API may not change it, else whoever may write configuration. */
const SWITCH_ON = (PROTECTED_CONFIG_KEYS as readonly string[]).includes(ConfigKey.ApiTokens)
  ? 'The server’s operator can switch them on in its configuration (the console cannot change this setting).'
  : `Someone with the app.WriteAppConfig permission (${rolesGranting('app.WriteAppConfig')}) can switch them on under Configuration.`;

/**
 * The API tokens of one account: a table of name, created and last used, "Revoke" after asking, and
 * "Create token", which shows the new token's id and key once. `user` null is the signed-in person
 * (My Profile); anyone else's needs auth.ManageUsers.
 */
export function TokenPanel({ user }: { user: User | null }) {
  const me = useSelf().data;
  const self = user === null || user.id === me?.id;
  // Your own tokens are read and created without a user id (the same cache entry wherever they are shown).
  const userId = self ? null : user.id;
  const list = useAccess(tokenOps.listAuthTokens, { self });
  const create = useAccess(tokenOps.createAuthToken, { self });
  const revoke = useAccess(tokenOps.deleteAuthToken, { self });
  const readConfig = useAccess(adminOps.listAppConfigParams);
  const enabled = useApiTokensEnabled(readConfig.allowed && create.allowed);
  const tokens = useTokens(userId, { enabled: list.allowed });
  const table = useTableState(TOKENS_TABLE);
  const { notify } = useNotice();
  const remove = useDeleteToken();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [revoking, setRevoking] = useState<AuthToken | null>(null);
  const owner = user && !self ? userName(user) : null;

  if (!list.allowed) {
    return (
      <RestrictedNote
        missing={list.missing}
        canDo={self ? 'You can see your profile' : 'You can look at this user'}
        cannot={self ? 'have API tokens' : 'see their API tokens'}
      />
    );
  }

  const closeRevoke = () => {
    setRevoking(null);
    remove.reset();
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        A token lets a script call the API as {owner ?? 'you'}, with {owner ? 'their' : 'your'} roles, by signing each request
        with its key. Revoke a token as soon as it is no longer needed or may have been seen by someone else.
      </Typography>
      {enabled === false ? (
        <Alert severity="info">
          API tokens are switched off on this server (auth.api_tokens): no new token can be created, and existing ones cannot sign
          requests. {SWITCH_ON}
        </Alert>
      ) : create.allowed ? (
        <Box>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            Create token
          </Button>
        </Box>
      ) : (
        <RestrictedNote
          missing={create.missing}
          canDo={self ? 'You can see your tokens' : 'You can see their tokens'}
          cannot="create API tokens"
        />
      )}
      <TableProvider table={table}>
        <DataTable
          mode="client"
          label={owner ? `API tokens of ${owner}` : 'Your API tokens'}
          noun="tokens"
          columns={columns}
          rows={tokens.data}
          query={tokens}
          rowKey={(t) => t.id}
          errorTitle="Could not load the API tokens"
          loadingLabel="Loading the API tokens…"
          empty={{ title: 'No API tokens', text: owner ? `${owner} has no API tokens.` : 'You have no API tokens.' }}
          actions={
            revoke.allowed
              ? (t) => (
                  <Button size="small" color="error" onClick={() => setRevoking(t)} aria-label={`Revoke ${tokenName(t)}`}>
                    Revoke
                  </Button>
                )
              : undefined
          }
        />
      </TableProvider>
      {creating && (
        <CreateTokenDialog
          userId={userId}
          owner={owner}
          onClose={() => setCreating(false)}
          onCreated={(token) => {
            setCreating(false);
            setCreated(token);
          }}
        />
      )}
      {created && <CreatedTokenDialog token={created} onClose={() => setCreated(null)} />}
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke ${revoking ? tokenName(revoking) : 'the token'}?`}
        confirmLabel="Revoke token"
        pending={remove.isPending}
        error={remove.error}
        onClose={closeRevoke}
        onConfirm={() => {
          if (!revoking) return;
          const name = tokenName(revoking);
          remove.mutate(revoking.id, {
            onSuccess: () => {
              closeRevoke();
              notify(`Revoked the API token ${name}.`);
            },
          });
        }}
      >
        Requests signed with this token are refused from now on, so scripts that use it stop working. This cannot be undone: a new
        token has a new key.
      </ConfirmDialog>
    </Stack>
  );
}

const nameForm = createAuthTokenBody.pick({ token_name: true });
type NameValues = { token_name: string };

/** "Create an API token": a name (at most TOKEN_NAME_MAX characters); on success the caller shows the key. */
function CreateTokenDialog({
  userId,
  owner,
  onClose,
  onCreated,
}: {
  userId: string | null;
  owner: string | null;
  onClose: () => void;
  onCreated: (token: CreatedToken) => void;
}) {
  const create = useCreateToken();
  const form = useForm<NameValues>({ resolver: zodResolver(nameForm), defaultValues: { token_name: '' } });
  const submit = useFormSubmit(
    form,
    ({ token_name }: NameValues) => create.mutateAsync(userId ? { token_name, user_id: userId } : { token_name }),
    // The answer (with the key) goes to the caller's state only, never stays in the mutation.
    { onSuccess: onCreated, onSettled: create.reset },
  );
  return (
    <FormDialog
      open
      title={owner ? `Create an API token for ${owner}` : 'Create an API token'}
      submitLabel="Create token"
      submit={submit}
      onClose={onClose}
    >
      <Typography>
        Name the token after what will use it (a script, a machine), so it can be recognised and revoked later. Its key is shown
        once, next.
      </Typography>
      <FormTextField
        control={form.control}
        name="token_name"
        label="Token name"
        required
        autoFocus
        autoComplete="off"
        helperText={`At most ${TOKEN_NAME_MAX} characters`}
      />
    </FormDialog>
  );
}

/** The console's API base URL, as a script outside the browser needs it. */
function apiBaseUrl(): string {
  return apiConfig.baseUrl || window.location.origin;
}

/** A shell line that signs one request with the token (scripts/signed-request.mjs in the console's repository). */
export function signedRequestExample(baseUrl: string, id: string, key: string): string {
  return `node scripts/signed-request.mjs ${baseUrl} ${id} '${key}' GET /api/v2/self`;
}

/** The new token's id and key, each whole with a copy button, and a signed request to try it; shown once (ShownOnceDialog). */
function CreatedTokenDialog({ token, onClose }: { token: CreatedToken; onClose: () => void }) {
  const example = signedRequestExample(apiBaseUrl(), token.id, token.key);
  return (
    <ShownOnceDialog
      title={`API token “${tokenName(token)}” created`}
      whoever="call the API as the token’s owner"
      lost="Revoke this token and create a new one."
      secrets={[
        { label: 'Token ID', value: token.id },
        { label: 'Key', value: token.key },
      ]}
      onClose={onClose}
    >
      <Box>
        <Typography variant="subtitle2" component="h3" gutterBottom>
          Try it: a signed request
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          From a checkout of the console (Node 20 or newer), this signs <code>GET /api/v2/self</code> with the token and prints
          the answer:
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Box
            component="pre"
            tabIndex={0}
            aria-label="Signed request example"
            sx={{
              m: 0,
              p: 1.5,
              flex: 1,
              minWidth: 0,
              borderRadius: 1,
              bgcolor: 'action.hover',
              fontFamily: 'monospace',
              fontSize: '0.8rem',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            }}
          >
            {example}
          </Box>
          <CopyButton value={example} label="Copy the example" />
        </Stack>
      </Box>
    </ShownOnceDialog>
  );
}

/** An administrator's view of someone's API tokens (the user menu's "API tokens"). */
export function TokensDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId}>API tokens of {userName(user)}</DialogTitle>
      <DialogContent dividers>
        <TokenPanel user={user} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
