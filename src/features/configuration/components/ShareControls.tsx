import Alert from '@mui/material/Alert';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { describeError } from '@/api/errors';
import type { Person } from '@/api/users';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useUnsavedInput } from '@/components/GuardedDialog';
import { useShareSavedQuery, type ShareChange } from '@/api/saved-queries/share-saved-query';
import { userLabel } from '@/features/configuration/user-names';
import { compareText } from '@/shared/compare-text';
import { plural } from '@/shared/words';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The owner's controls in a query's sharing dialog: share with people picked by name (by user ID when the
 * person may not list users), and the public/private switch. Making it public replaces the sharing with
 * chosen people; making it private again removes every share; both ask first when something is exposed
 * or lost.
 */
export function ShareControls({
  queryId,
  title,
  ownerId,
  isPublic,
  shared,
  users,
  mayListUsers,
  onDone,
  describe,
}: {
  queryId: number;
  title: string;
  ownerId: string;
  isPublic: boolean;
  shared: readonly string[];
  /** Everyone who may be shared with, when the person may list them. */
  users: readonly Person[] | undefined;
  mayListUsers: boolean;
  /** A sentence saying what was done. */
  onDone: (message: string) => void;
  /** "A", "A and B", "A, B and 3 others". */
  describe: (names: string[]) => string;
}) {
  const share = useShareSavedQuery();
  const [picked, setPicked] = useState<string[]>([]);
  const [pickError, setPickError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'public' | 'private' | null>(null);
  // People picked but not yet shared with: closing the dialog asks first.
  useUnsavedInput(picked.length > 0);
  const candidates = useMemo(
    () =>
      (users ?? [])
        .filter((u) => u.id !== ownerId && !shared.includes(u.id))
        .sort((a, b) => compareText(userLabel(users, a.id).name, userLabel(users, b.id).name))
        .map((u) => u.id),
    [users, ownerId, shared],
  );
  const nameOf = (id: string) => (users ? userLabel(users, id).name : id);
  // Typed text finds people by name, principal name or e-mail address.
  const filterOptions = useMemo(
    () =>
      createFilterOptions<string>({
        stringify: (id) => {
          const label = userLabel(users, id);
          return `${label.name} ${label.detail ?? ''}`;
        },
      }),
    [users],
  );
  const disabledUser = (id: string) => users?.find((u) => u.id === id)?.is_disabled === true;

  const run = (change: ShareChange, done: string) =>
    share.mutate(
      { queryId, change },
      {
        onSuccess: () => {
          setConfirm(null);
          if (change.kind === 'users') setPicked([]);
          onDone(done);
        },
      },
    );

  const shareNow = () => {
    if (picked.length === 0) {
      setPickError(mayListUsers ? 'Choose at least one person.' : 'Type at least one user ID.');
      return;
    }
    const bad = picked.filter((id) => !UUID.test(id));
    if (bad.length > 0) {
      setPickError(`Not a user ID: ${bad.join(', ')}. A user ID looks like 3f2b0c1e-8a4d-4c6b-9e2f-1a2b3c4d5e6f.`);
      return;
    }
    setPickError(null);
    run({ kind: 'users', userIds: picked }, `Shared with ${describe(picked.map(nameOf))}.`);
  };

  const switchTo = (toPublic: boolean) => {
    share.reset();
    if (toPublic || shared.length > 0) setConfirm(toPublic ? 'public' : 'private');
    else run({ kind: 'private' }, `“${title}” is private again: only you can see it.`);
  };

  // A change that is not the open confirmation's shows its failure here.
  const inlineError = confirm === null && share.error ? describeError(share.error) : null;

  return (
    <Box component="section" aria-label="Share this query" sx={{ mb: 2 }}>
      <FormControlLabel
        control={<Switch checked={isPublic} disabled={share.isPending} onChange={(_, on) => switchTo(on)} />}
        label="Public: every user can see and run it"
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {isPublic
          ? 'Everyone sees this query under “Public”. Make it private to share it with chosen people instead.'
          : 'Private: only you and the people you share it with can see it.'}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Autocomplete
          multiple
          freeSolo={!mayListUsers}
          disableCloseOnSelect={mayListUsers}
          options={candidates}
          value={picked}
          disabled={isPublic || share.isPending}
          onChange={(_, value) => {
            setPicked(value.map((v) => v.trim()).filter(Boolean));
            setPickError(null);
          }}
          getOptionLabel={(id) => nameOf(id)}
          filterOptions={filterOptions}
          renderOption={(props, id) => {
            const { key, ...rest } = props;
            const label = userLabel(users, id);
            return (
              <li key={key} {...rest}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>
                    {label.name}
                    {disabledUser(id) ? ' (disabled)' : ''}
                  </Typography>
                  {label.detail && (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {label.detail}
                    </Typography>
                  )}
                </Box>
              </li>
            );
          }}
          noOptionsText={users ? 'Nobody else to share with: it is shared with everyone already.' : 'No users'}
          sx={{ flex: 1, minWidth: 0 }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={mayListUsers ? 'Share with' : 'Share with (user IDs)'}
              error={pickError !== null || inlineError !== null}
              helperText={
                pickError ??
                (isPublic
                  ? 'Everyone can already see a public query.'
                  : mayListUsers
                    ? 'Pick people by name; several at once.'
                    : 'Your role cannot list users, so people are added by user ID: type one and press Enter.')
              }
            />
          )}
        />
        <Button
          variant="contained"
          onClick={shareNow}
          disabled={isPublic}
          loading={share.isPending && confirm === null}
          sx={{ mt: { sm: 1 } }}
        >
          Share
        </Button>
      </Stack>
      {inlineError && (
        <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>
          {inlineError}
        </Alert>
      )}
      <ConfirmDialog
        open={confirm === 'public'}
        title={`Make “${title}” public?`}
        confirmLabel="Make public"
        destructive={false}
        pending={share.isPending}
        error={share.error}
        onConfirm={() => run({ kind: 'public' }, `“${title}” is public: every user can see and run it.`)}
        onClose={() => {
          setConfirm(null);
          share.reset();
        }}
      >
        Every user will be able to see and run it, under “Public”.
        {shared.length > 0 &&
          ` It is no longer shared with ${plural(shared.length, 'person', 'people')} one by one: public replaces that.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'private'}
        title={`Make “${title}” private?`}
        confirmLabel="Make private"
        pending={share.isPending}
        error={share.error}
        onConfirm={() => run({ kind: 'private' }, `“${title}” is private again: only you can see it.`)}
        onClose={() => {
          setConfirm(null);
          share.reset();
        }}
      >
        Only you will see it. Making it private also stops sharing it with {describe(shared.map(nameOf))}; share it with them
        again afterwards if they still need it.
      </ConfirmDialog>
    </Box>
  );
}
