import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AbortedError, HttpError } from '@/api/errors';
import type { CypherAnswer } from '@/api/schemas/cypher';
import type { SavedQuery } from '@/api/schemas/saved-queries';
import { useSelf } from '@/api/self';
import { useNotice } from '@/components/notice';
import { EmptyGraphNote } from '@/components/EmptyGraphNote';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { useUpdateSavedQuery } from '@/api/saved-queries/update-saved-query';
import { SavedQueryFormDialog } from '@/components/SavedQueryFormDialog';
import { answerRows, answerSummary } from '@/features/explore/answer-rows';
import { useGraphKinds } from '@/api/graph-kinds';
import { runCypher, useSavedQuery } from '@/features/explore/api/cypher';
import { NodePropertiesPanel } from '@/features/explore/components/NodePropertiesPanel';
import { RelationshipPanel } from '@/features/explore/components/RelationshipPanel';
import { QueryLibrary, type PickedQuery } from '@/features/explore/components/QueryLibrary';
import { QueryResults, RESULT_TABLE_PREFIXES } from '@/features/explore/components/QueryResults';
import { parseErrorPosition } from '@/components/cypher/error-position';
import { QueryRefusalMessage } from '@/components/cypher/refusal';
import { useAccess } from '@/lib/access';
import { savedQueryOps } from '@/api/operations/saved-queries';

const CypherEditor = lazy(() => import('@/components/cypher/CypherEditor'));

const NO_KINDS: readonly string[] = [];

/** A query run from the editor: the request, and how to stop it. */
function useQueryRun() {
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: ({ query, signal }: { query: string; signal: AbortSignal }) => runCypher({ query }, signal),
  });
  const { mutate } = mutation;
  const start = useCallback(
    (query: string) => {
      controller.current?.abort();
      const next = new AbortController();
      controller.current = next;
      mutate({ query, signal: next.signal });
    },
    [mutate],
  );
  const cancel = useCallback(() => controller.current?.abort(), []);
  // Leaving the page stops a query still running.
  useEffect(() => () => controller.current?.abort(), []);
  return { ...mutation, start, cancel };
}

/** What the results area shows for a run: its answer, that it found nothing, was stopped, or failed. */
function RunOutcome({
  run,
  ...selection
}: {
  run: ReturnType<typeof useQueryRun>;
  selectedNode: string | null;
  onShowProperties: (id: string) => void;
  selectedEdge: number | null;
  onShowRelationship: (index: number) => void;
}) {
  if (run.isIdle) {
    return (
      <EmptyState title="No query run yet">
        Write a query or pick one from the list, then press Run (or Ctrl+Enter) to see its nodes, relationships and values.
      </EmptyState>
    );
  }
  if (run.isPending) return <LoadingState label="Running the query…" />;
  if (run.isError) {
    if (run.error instanceof AbortedError) return <Alert severity="info">The query was cancelled before it answered.</Alert>;
    // A refusal with a position shows under the editor, at its place.
    const at = refusalAt(run.error);
    if (at) {
      return (
        <EmptyState title="The query was refused">
          See line {at.line}, column {at.column} in the editor.
        </EmptyState>
      );
    }
    return <ErrorState error={run.error} title="The query failed" onRetry={() => run.start(run.variables!.query)} />;
  }
  if (!run.data) return <EmptyState title="No results">The query found nothing in the graph.</EmptyState>;
  return <QueryResults key={run.submittedAt} answer={run.data} {...selection} />;
}

/** `params` without the state of the tables under `prefixes`. */
function withoutTables(params: URLSearchParams, prefixes: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [...next.keys()]) if (prefixes.some((p) => key.startsWith(`${p}.`))) next.delete(key);
  return next;
}

const hasTables = (params: URLSearchParams, prefixes: readonly string[]): boolean =>
  [...params.keys()].some((key) => prefixes.some((p) => key.startsWith(`${p}.`)));

/** The line and column of a 400 refusing the query, with its message. */
function refusalAt(error: unknown) {
  if (!(error instanceof HttpError) || error.status !== 400) return null;
  return parseErrorPosition(error.messages[0] ?? '');
}

/**
 * Cypher over the directory graph: an editor (highlighting, completion of kinds, Run on Ctrl+Enter or
 * Shift+Enter, Cancel), the pre-built and saved queries beside it, and the answer as tables and a graph.
 * The text is the caller's (Explore keeps it in the address); `?saved=<id>` opens a saved query and runs it.
 */
export function CypherWorkbench({
  text,
  onTextChange,
  runNow = null,
  onRan,
}: {
  text: string;
  onTextChange: (text: string) => void;
  /** A query to put in the editor and run at once (Explore's "Show in graph"); `onRan` says it was taken. */
  runNow?: string | null;
  onRan?: () => void;
}) {
  const [params, setParams] = useSearchParams();
  // The caller's handler may change on each render; effects call the latest one.
  const latestTextChange = useRef(onTextChange);
  useEffect(() => {
    latestTextChange.current = onTextChange;
  });
  const setText = useCallback((next: string) => latestTextChange.current(next), []);
  const labelId = useId();
  const helpId = useId();
  const errorId = useId();
  const { notify } = useNotice();
  // The query picked from the list, highlighted there while the editor holds its text.
  const [picked, setPicked] = useState<{ key: string; text: string } | null>(null);
  const [picks, setPicks] = useState(0);
  const [loaded, setLoaded] = useState<SavedQuery | null>(null);
  const [saving, setSaving] = useState(false);
  const [propertiesOf, setPropertiesOf] = useState<string | null>(null);
  // The relationship shown in its panel, by its position in the answer's edges.
  const [relationshipOf, setRelationshipOf] = useState<number | null>(null);
  const run = useQueryRun();
  const { start } = run;
  const nodeKinds = useGraphKinds('node');
  const edgeKinds = useGraphKinds('edge');
  const kinds = useMemo(
    () => ({ node: nodeKinds.data ?? NO_KINDS, edge: edgeKinds.data ?? NO_KINDS }),
    [nodeKinds.data, edgeKinds.data],
  );
  const self = useSelf().data;
  const mayWrite = useAccess(savedQueryOps.createSavedQuery).allowed;
  const update = useUpdateSavedQuery(loaded?.id ?? 0);
  const ownsLoaded = loaded !== null && self?.id === loaded.user_id;

  const execute = useCallback(
    (query: string) => {
      if (query.trim() === '') return;
      // A new answer starts on the first page of each table, in its own order. The address is written only when
      // a table's state is in it: a write here would undo the text written in the same moment.
      if (hasTables(params, RESULT_TABLE_PREFIXES)) {
        setParams((prev) => withoutTables(prev, RESULT_TABLE_PREFIXES), { replace: true });
      }
      setPropertiesOf(null);
      setRelationshipOf(null);
      start(query);
    },
    [start, setParams, params],
  );
  const onRun = () => {
    if (!run.isPending) execute(text);
  };

  useEffect(() => {
    if (runNow === null) return;
    execute(runNow);
    setText(runNow);
    onRan?.();
  }, [runNow, execute, setText, onRan]);

  // `?saved=<id>`: the saved query in the editor, run once it is read.
  const savedParam = params.get('saved');
  const savedId = savedParam !== null && /^\d{1,9}$/.test(savedParam) ? Number(savedParam) : null;
  const saved = useSavedQuery(savedId);
  const openedSaved = useRef<number | null>(null);
  useEffect(() => {
    if (!saved.data || openedSaved.current === saved.data.id) return;
    openedSaved.current = saved.data.id;
    execute(saved.data.query);
    setText(saved.data.query);
    setLoaded(saved.data);
    setPicked({ key: `saved:${saved.data.id}`, text: saved.data.query });
  }, [saved.data, execute, setText]);

  const pick = (query: PickedQuery) => {
    setText(query.text);
    setPicked({ key: query.key, text: query.text });
    setLoaded(query.saved);
    // Into the editor, where Ctrl+Enter runs what was picked.
    setPicks((n) => n + 1);
  };

  const saveLoaded = () => {
    if (!loaded) return;
    update.mutate(
      { query: text },
      {
        onSuccess: (q) => {
          setLoaded(q);
          notify(`Saved "${q.name}".`);
        },
        onError: (error) => notify({ message: `Could not save "${loaded.name}": ${error.message}`, severity: 'error' }),
      },
    );
  };

  // What of the answer shows beside it: a node's properties, a relationship and how it is made.
  const selection = {
    selectedNode: propertiesOf,
    onShowProperties: setPropertiesOf,
    selectedEdge: relationshipOf,
    onShowRelationship: setRelationshipOf,
  };

  // Closing the relationship's panel forgets how its table was sorted and paged.
  const closeRelationship = () => {
    setRelationshipOf(null);
    if ([...params.keys()].some((key) => key.startsWith('composition.'))) {
      setParams((prev) => withoutTables(prev, ['composition']), { replace: true });
    }
  };

  const refusal = run.isError ? refusalAt(run.error) : null;

  // The answer (or why there is none) is brought into view when it lands below the fold; a refusal shows under the
  // editor instead. Only the page scrolls: the focus stays where the query was run from, so Ctrl+Enter runs it again.
  const results = useRef<HTMLElement>(null);
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const settled = run.isSuccess || (run.isError && !refusal) ? run.submittedAt : 0;
  useEffect(() => {
    const section = results.current;
    if (!settled || !section) return;
    const top = section.getBoundingClientRect().top;
    if (top >= 0 && top < window.innerHeight * 0.6) return;
    section.scrollIntoView({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [settled, reduceMotion]);
  const summary = run.isSuccess ? answerSummary(answerRows(run.data)) : null;
  const answer: CypherAnswer | null | undefined = run.data;

  return (
    <>
      <EmptyGraphNote shows="queries answer with its objects" sx={{ mb: 2 }} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 320px', lg: 'minmax(0, 1fr) 380px' },
          alignItems: 'start',
          mb: 3,
        }}
      >
        <Paper component="section" aria-labelledby={labelId} sx={{ p: 2 }}>
          <Stack
            direction="row"
            sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}
          >
            <Typography variant="h2" id={labelId}>
              Cypher query
            </Typography>
            {loaded && (
              <Typography variant="body2" color="text.secondary">
                Saved query: {loaded.name}
              </Typography>
            )}
          </Stack>
          <Suspense fallback={<LoadingState label="Loading the editor…" />}>
            <CypherEditor
              value={text}
              onChange={setText}
              onRun={onRun}
              kinds={kinds}
              error={refusal}
              labelledBy={labelId}
              describedBy={refusal ? `${helpId} ${errorId}` : helpId}
              focusRequest={picks}
            />
          </Suspense>
          <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Ctrl+Enter or Shift+Enter runs the query; Ctrl+Space offers kinds and keywords; Tab leaves the editor.
          </Typography>
          {refusal && <QueryRefusalMessage id={errorId} refusal={refusal} />}
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
            {run.isPending ? (
              <Button variant="contained" color="inherit" onClick={run.cancel}>
                Cancel query
              </Button>
            ) : (
              <Button variant="contained" onClick={onRun} disabled={text.trim() === ''}>
                Run
              </Button>
            )}
            {mayWrite && ownsLoaded && (
              <Button onClick={saveLoaded} loading={update.isPending} disabled={text.trim() === '' || text === loaded.query}>
                Save
              </Button>
            )}
            {mayWrite && (
              <Button onClick={() => setSaving(true)} disabled={text.trim() === ''}>
                Save as…
              </Button>
            )}
          </Stack>
        </Paper>
        <QueryLibrary picked={picked && picked.text === text ? picked.key : null} onPick={pick} />
      </Box>

      <Box component="section" ref={results} aria-labelledby={`${labelId}-results`} sx={{ scrollMarginTop: 80 }}>
        <Stack direction="row" sx={{ alignItems: 'baseline', gap: 2, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h2" id={`${labelId}-results`}>
            Results
          </Typography>
          <Typography variant="body2" color="text.secondary" role="status">
            {run.isPending ? 'Running…' : (summary ?? '')}
          </Typography>
        </Stack>
        {saved.isError && (
          <ErrorState error={saved.error} title="Could not open the saved query" onRetry={() => void saved.refetch()} />
        )}
        <RunOutcome run={run} {...selection} />
      </Box>

      <NodePropertiesPanel
        id={propertiesOf}
        node={propertiesOf ? answer?.nodes[propertiesOf] : undefined}
        onClose={() => setPropertiesOf(null)}
      />
      <RelationshipPanel
        edge={relationshipOf === null ? undefined : answer?.edges[relationshipOf]}
        nodes={answer?.nodes}
        onClose={closeRelationship}
      />
      {saving && (
        <SavedQueryFormDialog
          initialText={text}
          onClose={() => setSaving(false)}
          onSaved={(q) => {
            setSaving(false);
            setLoaded(q);
            setText(q.query);
            setPicked({ key: `saved:${q.id}`, text: q.query });
            notify(`Saved "${q.name}".`);
          }}
        />
      )}
    </>
  );
}
