import ExpandMoreIcon from '@mui/icons-material/KeyboardArrowDown';
import ExpandLessIcon from '@mui/icons-material/KeyboardArrowUp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { PREBUILT_AD_QUERIES, type PrebuiltQuery } from '@/api/prebuilt-queries';
import type { SavedQueryListEntry } from '@/api/schemas/saved-queries';
import { ErrorState, LoadingState } from '@/components/states';
import { savedQueriesQueryOptions, type SavedQueriesParams } from '@/api/saved-queries/list-saved-queries';
import { useAccess } from '@/lib/access';
import { plural } from '@/shared/words';
import { savedQueryOps } from '@/api/operations/saved-queries';

/** A query picked from the list: its text, and the saved query it is (null for a pre-built one). */
export interface PickedQuery {
  key: string;
  text: string;
  saved: SavedQueryListEntry | null;
}

/** Every saved query a person sees fits one page (the service's largest). */
const SAVED_PARAMS: SavedQueriesParams = { skip: 0, limit: 1000, scope: 'all', sortBy: ['name'] };

const SCOPE_GROUPS = [
  { scope: 'owned', title: 'Yours' },
  { scope: 'shared', title: 'Shared with you' },
  { scope: 'public', title: 'Public' },
] as const;

const matches = (words: string, ...texts: (string | undefined)[]) =>
  words === '' || texts.some((t) => t?.toLowerCase().includes(words));

/** A list without bullets or indent, for the groups and their queries. */
const plainList = { listStyle: 'none', m: 0, p: 0 } as const;

/** One group of queries under a heading button that opens and closes it. */
function QueryGroup({
  title,
  open,
  onToggle,
  children,
  count,
}: {
  title: string;
  open: boolean;
  onToggle: () => void;
  count: number;
  children: React.ReactNode;
}) {
  const listId = useId();
  return (
    <li>
      <Button
        onClick={onToggle}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        color="inherit"
        fullWidth
        endIcon={open ? <ExpandLessIcon aria-hidden /> : <ExpandMoreIcon aria-hidden />}
        sx={{ justifyContent: 'space-between', textAlign: 'left', textTransform: 'none', fontWeight: 500, px: 1 }}
      >
        <span>
          {title}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            ({plural(count, 'query', 'queries')})
          </Typography>
        </span>
      </Button>
      {open && (
        <Box component="ul" id={listId} aria-label={title} sx={{ ...plainList, pl: 1.5 }}>
          {children}
        </Box>
      )}
    </li>
  );
}

function QueryItem({ name, detail, selected, onPick }: { name: string; detail?: string; selected: boolean; onPick: () => void }) {
  return (
    <li>
      <Button
        onClick={onPick}
        aria-current={selected ? 'true' : undefined}
        color="inherit"
        fullWidth
        sx={{
          display: 'block',
          textAlign: 'left',
          textTransform: 'none',
          fontWeight: 400,
          px: 1,
          bgcolor: selected ? 'action.selected' : undefined,
        }}
      >
        {name}
        {detail && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {detail}
          </Typography>
        )}
      </Button>
    </li>
  );
}

/**
 * Beside the editor: the pre-built queries by category and the person's own, shared and public saved queries,
 * each group opening and closing, with one search over both. Picking one puts it in the editor.
 */
export function QueryLibrary({ picked, onPick }: { picked: string | null; onPick: (query: PickedQuery) => void }) {
  const headingId = useId();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set([PREBUILT_AD_QUERIES[0]?.category ?? '', 'owned']));
  const mayReadSaved = useAccess(savedQueryOps.listSavedQueries).allowed;
  // Read only by someone who may: the others are never refused a read.
  const saved = useQuery({ ...savedQueriesQueryOptions(SAVED_PARAMS), enabled: mayReadSaved });
  const words = search.trim().toLowerCase();
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  // While searching, every group with a match shows it.
  const isOpen = (key: string) => words !== '' || open.has(key);

  const prebuilt = useMemo(
    () =>
      PREBUILT_AD_QUERIES.map((c) => ({
        ...c,
        queries: c.queries.filter((q: PrebuiltQuery) => matches(words, q.name, c.category)),
      })).filter((c) => c.queries.length > 0),
    [words],
  );
  const savedGroups = useMemo(
    () =>
      SCOPE_GROUPS.map((g) => ({
        ...g,
        queries: (saved.data?.data ?? []).filter((q) => q.scope === g.scope && matches(words, q.name, q.description)),
      })).filter((g) => g.queries.length > 0),
    [saved.data, words],
  );

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Typography variant="h2" id={headingId} sx={{ mb: 1.5 }}>
        Queries
      </Typography>
      <TextField
        label="Search queries"
        type="search"
        size="small"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        autoComplete="off"
        helperText="Names, descriptions and categories of pre-built and saved queries."
      />
      <Box sx={{ overflowY: 'auto', maxHeight: { xs: 360, md: 520 }, mt: 1 }}>
        <Typography variant="h3" sx={{ mt: 1, mb: 0.5, fontSize: '0.875rem', fontWeight: 600 }}>
          Pre-built queries
        </Typography>
        {prebuilt.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No pre-built query matches.
          </Typography>
        ) : (
          <Box component="ul" aria-label="Pre-built queries" sx={plainList}>
            {prebuilt.map((c) => (
              <QueryGroup
                key={c.category}
                title={c.category}
                count={c.queries.length}
                open={isOpen(c.category)}
                onToggle={() => toggle(c.category)}
              >
                {c.queries.map((q) => {
                  const key = `prebuilt:${c.category}:${q.name}`;
                  return (
                    <QueryItem
                      key={key}
                      name={q.name}
                      selected={picked === key}
                      onPick={() => onPick({ key, text: q.query, saved: null })}
                    />
                  );
                })}
              </QueryGroup>
            ))}
          </Box>
        )}
        {mayReadSaved && (
          <>
            <Typography variant="h3" sx={{ mt: 2, mb: 0.5, fontSize: '0.875rem', fontWeight: 600 }}>
              Saved queries
            </Typography>
            {saved.isPending ? (
              <LoadingState label="Loading saved queries…" />
            ) : saved.isError ? (
              <ErrorState error={saved.error} title="Could not load the saved queries" onRetry={() => void saved.refetch()} />
            ) : savedGroups.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {words === '' ? 'No saved queries yet: "Save as" keeps the query in the editor.' : 'No saved query matches.'}
              </Typography>
            ) : (
              <Box component="ul" aria-label="Saved queries" sx={plainList}>
                {savedGroups.map((g) => (
                  <QueryGroup
                    key={g.scope}
                    title={g.title}
                    count={g.queries.length}
                    open={isOpen(g.scope)}
                    onToggle={() => toggle(g.scope)}
                  >
                    {g.queries.map((q) => {
                      const key = `saved:${q.id}`;
                      return (
                        <QueryItem
                          key={key}
                          name={q.name}
                          detail={q.description}
                          selected={picked === key}
                          onPick={() => onPick({ key, text: q.query, saved: q })}
                        />
                      );
                    })}
                  </QueryGroup>
                ))}
              </Box>
            )}
          </>
        )}
      </Box>
    </Paper>
  );
}
