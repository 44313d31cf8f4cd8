import { plural } from '@/shared/words';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type PaperProps } from '@mui/material/Paper';
import { useQueries } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { KnownLabel } from '@/components/KnownLabel';
import { HttpError, describeError } from '@/api/errors';
import type { AssetGroup } from '@/api/schemas/asset-groups';
import { nodeKindLabel, type SearchResult } from '@/api/schemas/entities';
import { groupMembershipQueryOptions, useDirectorySearch, useUpdateAssetGroupSelectors } from '@/api/search';
import { useFocusFallback } from '@/components/focus-fallback';
import { DialogCloseButton, GuardedDialog } from '@/components/GuardedDialog';

/** Kinds offered by the type filter ('' is any kind). */
export const MEMBER_TYPES = [
  { value: '', label: 'Any kind' },
  { value: 'User', label: 'Users' },
  { value: 'Computer', label: 'Computers' },
  { value: 'Group', label: 'Groups' },
  { value: 'Domain', label: 'Domains' },
  { value: 'OU', label: 'OUs' },
] as const;

/** Results shown per search; a person refines the text rather than paging. */
const RESULT_LIMIT = 20;

/** The server's messages about the chosen objects (`selectors[i].…`), by object id; the rest as one list. */
function splitErrors(error: unknown, chosen: readonly SearchResult[]): { byObject: Map<string, string>; other: string[] } {
  const byObject = new Map<string, string>();
  const other: string[] = [];
  if (!(error instanceof HttpError)) return { byObject, other: error ? [describeError(error)] : [] };
  for (const e of error.body?.errors ?? []) {
    const m = /^selectors\[(\d+)\]/.exec(e.context);
    const object = m ? chosen[Number(m[1])] : undefined;
    if (object && !byObject.has(object.objectid)) byObject.set(object.objectid, e.message.replace(/^selectors\[\d+\]: /, ''));
    else other.push(e.message);
  }
  if (byObject.size === 0 && other.length === 0) other.push(describeError(error));
  return { byObject, other };
}

/**
 * "Add members": search the directory as you type (debounced), filter by kind, pick several objects with
 * the mouse or the keyboard (arrow keys move, Enter or Space picks, Escape closes, asking first once something is
 * picked), see which are already members, and add them all with one request. A refusal keeps what was picked, with the server's message
 * on the object it names.
 */
export function AddMembersDialog({
  group,
  onClose,
  onAdded,
}: {
  group: AssetGroup;
  onClose: () => void;
  onAdded: (added: number) => void;
}) {
  const titleId = useId();
  const listId = useId();
  const statusId = useId();
  const [text, setText] = useState('');
  const [type, setType] = useState('');
  const [chosen, setChosen] = useState<SearchResult[]>([]);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const update = useUpdateAssetGroupSelectors();
  useFocusFallback(true);

  const search = useDirectorySearch({ q: text, type: type || null, limit: RESULT_LIMIT });
  const results = text.trim() === '' ? [] : (search.data?.results ?? []);
  const memberships = useQueries({
    queries: results.map((r) => groupMembershipQueryOptions(group.id, r.objectid)),
  });
  const isMember = (i: number) => memberships[i]?.data === true;
  const isChosen = (r: SearchResult) => chosen.some((c) => c.objectid === r.objectid);
  const errors = splitErrors(update.error, chosen);
  const pending = update.isPending;

  const toggle = (i: number) => {
    const r = results[i];
    if (!r || isMember(i) || pending) return;
    update.reset();
    setChosen((prev) =>
      prev.some((c) => c.objectid === r.objectid) ? prev.filter((c) => c.objectid !== r.objectid) : [...prev, r],
    );
  };
  const unchoose = (objectid: string) => {
    update.reset();
    setChosen((prev) => prev.filter((c) => c.objectid !== objectid));
    input.current?.focus();
  };

  /** Arrow keys, Home and End move through the results; Enter (and Space, in the list) picks. */
  const onKeyDown = (event: KeyboardEvent, fromList: boolean) => {
    const last = results.length - 1;
    if (event.key === 'ArrowDown' && last >= 0) setActive((a) => Math.min(a + 1, last));
    else if (event.key === 'ArrowUp' && last >= 0) setActive((a) => Math.max(a - 1, 0));
    else if (event.key === 'Home' && fromList) setActive(0);
    else if (event.key === 'End' && fromList) setActive(last);
    else if ((event.key === 'Enter' || (event.key === ' ' && fromList)) && active >= 0 && active <= last) toggle(active);
    else return;
    event.preventDefault();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (pending || chosen.length === 0) return;
    update.mutate(
      {
        groupId: group.id,
        specs: chosen.map((c) => ({ sid: c.objectid, selector_name: c.name, action: 'add' as const })),
      },
      { onSuccess: (data) => onAdded(data.added_selectors.length) },
    );
  };

  const activeId = active >= 0 && active < results.length ? `${listId}-${active}` : undefined;
  const status =
    text.trim() === ''
      ? 'Type a name or an object id to search the directory.'
      : search.isError
        ? ''
        : !search.settled || search.isPending
          ? 'Searching…'
          : results.length === 0
            ? `Nothing in the directory matches "${search.asked}".`
            : search.data?.count !== null && search.data!.count > results.length
              ? `Showing the best ${results.length} of ${search.data!.count} matches; type more to narrow them.`
              : `${plural(results.length, 'match', 'matches')}.`;
  const paper = { component: 'form', noValidate: true, onSubmit: submit } as PaperProps;

  return (
    <GuardedDialog
      unsaved={chosen.length > 0}
      pending={pending}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      scroll="paper"
      slotProps={{ paper }}
    >
      <DialogTitle id={titleId}>Add members to {group.name}</DialogTitle>
      <DialogContent dividers>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 1.5 }}>
          <TextField
            inputRef={input}
            autoFocus
            fullWidth
            label="Search the directory"
            placeholder="Name or object id"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setActive(-1);
            }}
            onKeyDown={(e) => onKeyDown(e, false)}
            autoComplete="off"
            slotProps={{
              htmlInput: {
                role: 'combobox',
                'aria-expanded': results.length > 0,
                'aria-controls': listId,
                'aria-autocomplete': 'list',
                'aria-activedescendant': activeId,
                'aria-describedby': statusId,
                spellCheck: false,
              },
            }}
          />
          <TextField
            select
            label="Kind"
            value={type}
            onChange={(e) => {
              setType(e.target.value);
              setActive(-1);
            }}
            sx={{ minWidth: { sm: 160 } }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            {MEMBER_TYPES.map((t) => (
              <MenuItem key={t.value} value={t.value}>
                {t.label}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Typography id={statusId} role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {status}
        </Typography>
        {search.isError && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {describeError(search.error)}
          </Alert>
        )}
        <Box
          component="ul"
          id={listId}
          role="listbox"
          aria-label="Search results"
          aria-multiselectable="true"
          aria-activedescendant={activeId}
          tabIndex={results.length > 0 ? 0 : -1}
          onKeyDown={(e) => onKeyDown(e, true)}
          onFocus={() => setActive((a) => (a < 0 && results.length > 0 ? 0 : a))}
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            maxHeight: 320,
            overflowY: 'auto',
            opacity: search.isPlaceholderData || !search.settled ? 0.6 : 1,
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
          }}
        >
          {results.map((r, i) => {
            const member = isMember(i);
            const picked = isChosen(r);
            return (
              <Box
                component="li"
                key={r.objectid}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={picked}
                aria-disabled={member || undefined}
                onClick={() => {
                  setActive(i);
                  toggle(i);
                }}
                sx={{
                  display: 'flex',
                  flexWrap: { xs: 'wrap', sm: 'nowrap' },
                  alignItems: 'center',
                  gap: 1,
                  px: 1.5,
                  py: 1,
                  borderRadius: 1,
                  cursor: member ? 'default' : 'pointer',
                  bgcolor: i === active ? 'action.focus' : picked ? 'action.selected' : undefined,
                  outline: i === active ? 2 : 0,
                  outlineColor: 'primary.main',
                  outlineStyle: i === active ? 'solid' : 'none',
                  '&:hover': { bgcolor: member ? undefined : 'action.hover' },
                }}
              >
                <Box component="span" aria-hidden sx={{ width: 20, flex: 'none', textAlign: 'center' }}>
                  {picked ? '✓' : ''}
                </Box>
                <Box sx={{ minWidth: 0, flex: 1, flexBasis: { xs: 'calc(100% - 28px)', sm: 0 } }}>
                  <Typography sx={{ overflowWrap: 'anywhere' }} color={member ? 'text.secondary' : undefined}>
                    {r.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                    {r.objectid}
                  </Typography>
                </Box>
                <Stack
                  direction="row"
                  spacing={0.5}
                  sx={{ flex: 'none', alignItems: 'center', pl: { xs: 3.5, sm: 0 }, width: { xs: '100%', sm: 'auto' } }}
                >
                  {member && <Chip size="small" variant="outlined" label="Already a member" />}
                  <KnownLabel label={nodeKindLabel(r.type)} chip={{ size: 'small' }} />
                </Stack>
              </Box>
            );
          })}
        </Box>
        <Box component="section" aria-labelledby={`${titleId}-chosen`} sx={{ mt: 2 }}>
          <Typography id={`${titleId}-chosen`} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            To add ({chosen.length})
          </Typography>
          {chosen.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              Nothing picked yet: pick results with a click, or with the arrow keys and Enter.
            </Typography>
          ) : (
            <Stack component="ul" direction="row" sx={{ gap: 1, flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0 }}>
              {chosen.map((c) => {
                const problem = errors.byObject.get(c.objectid);
                return (
                  <li key={c.objectid}>
                    <Chip
                      label={c.name}
                      color={problem ? 'error' : 'default'}
                      variant={problem ? 'outlined' : 'filled'}
                      title={problem}
                      aria-label={`${c.name}${problem ? ` (${problem})` : ''}: press Delete to take it off the list`}
                      onDelete={pending ? undefined : () => unchoose(c.objectid)}
                    />
                  </li>
                );
              })}
            </Stack>
          )}
        </Box>
        {(errors.byObject.size > 0 || errors.other.length > 0) && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {errors.byObject.size > 0 ? 'Nothing was added: ' : ''}
            {[
              ...[...errors.byObject].map(([id, m]) => `${chosen.find((c) => c.objectid === id)?.name ?? id}: ${m}`),
              ...errors.other,
            ].join(' ')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <DialogCloseButton disabled={pending} />
        <Button type="submit" variant="contained" loading={pending} disabled={chosen.length === 0}>
          {chosen.length > 1 ? `Add ${chosen.length} members` : 'Add member'}
        </Button>
      </DialogActions>
    </GuardedDialog>
  );
}
