import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { call } from './call';
import { adminOps } from './operations/admin';
import { queryKeys } from './query-keys';
import { isPendingAnalysis, type AnalysisRequest, type ClearDatabaseBody, type DatapipeStatus } from './schemas/datapipe';

/**
 * The data pipeline (reference GetDatapipeStatus), analysis requests (GetAnalysisRequest, StartAnalysis,
 * CancelAnalysisRequest) and clearing the database (DeleteBloodHoundDatabase).
 *
 * Polling of the status: every {@link BUSY_POLL_MS} while the pipeline is not idle (ingesting, analyzing,
 * or a state this console does not know) or an analysis request is pending, in a hidden tab too, so a
 * run's end (and what it refreshes) is seen whenever it comes; while idle, every {@link IDLE_POLL_MS}
 * while the tab is visible and never while it is hidden; coming back to the tab reads it at once. A change
 * that starts the pipeline (a file upload ended, an analysis requested, the database cleared) reads it
 * again at once, so the fast polling starts without waiting for the slow one.
 */
export const BUSY_POLL_MS = 2_000;
export const IDLE_POLL_MS = 60_000;

/** Whether the pipeline is doing something (anything but `idle`, unknown states included). */
export function isPipelineBusy(status: Pick<DatapipeStatus, 'status'> | undefined): boolean {
  return status !== undefined && status.status !== 'idle';
}

/** GET /api/v2/datapipe/status: idle, ingesting or analyzing (open-ended text), and when analysis last ran. */
export function getDatapipeStatus(signal?: AbortSignal) {
  return call(adminOps.getDatapipeStatus, { signal }).then((r) => r.data);
}

/** GET /api/v2/analysis: the pending analysis request, or its zero value (see isPendingAnalysis). */
export function getAnalysisRequest(signal?: AbortSignal) {
  return call(adminOps.getAnalysisRequest, { signal }).then((r) => r.data);
}

/** How often to read the status again, given the last answer and whether an analysis request is pending. */
export function statusPollInterval(status: DatapipeStatus | undefined, pending: boolean): number {
  return isPipelineBusy(status) || pending ? BUSY_POLL_MS : IDLE_POLL_MS;
}

const pendingIn = (client: QueryClient) => {
  const request = client.getQueryData<AnalysisRequest>(queryKeys.datapipe.analysisRequest());
  return request !== undefined && isPendingAnalysis(request);
};

export const datapipeStatusQueryOptions = (client?: QueryClient) =>
  queryOptions({
    queryKey: queryKeys.datapipe.status(),
    queryFn: ({ signal }) => getDatapipeStatus(signal),
    staleTime: 1_000,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => statusPollInterval(query.state.data, client ? pendingIn(client) : false),
  });

/**
 * The pipeline's status, polled (see the rule at the top of this file). Everyone signed in may read it.
 * Busy: polled in a hidden tab too; idle: only while the tab is visible.
 */
export function useDatapipeStatus({ enabled = true }: { enabled?: boolean } = {}) {
  const client = useQueryClient();
  const last = client.getQueryData<DatapipeStatus>(queryKeys.datapipe.status());
  return useQuery({
    ...datapipeStatusQueryOptions(client),
    enabled,
    refetchIntervalInBackground: isPipelineBusy(last) || pendingIn(client),
  });
}

export const analysisRequestQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.datapipe.analysisRequest(),
    queryFn: ({ signal }) => getAnalysisRequest(signal),
    staleTime: 1_000,
    // A pending request is taken up by the pipeline within seconds: watch it go.
    refetchInterval: (query) => (query.state.data && isPendingAnalysis(query.state.data) ? BUSY_POLL_MS : false),
  });

/** The pending analysis request (graphdb.Read), read only while `enabled`. */
export function useAnalysisRequest({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...analysisRequestQueryOptions(), enabled });
}

/** The status and the pending request, read again now (after something that may start or change them). */
export function refreshPipeline(client: QueryClient): Promise<unknown> {
  return client.invalidateQueries({ queryKey: queryKeys.datapipe.all() });
}

/**
 * Everything analysis (or clearing the graph) changes: asset groups and their members, Privilege Zones, completeness,
 * entity pages, available domains, data quality, attack paths and posture. Read again when the pipeline comes back to idle.
 */
export function refreshAnalyzed(client: QueryClient): Promise<unknown> {
  return Promise.all(
    [
      queryKeys.assetGroups.all(),
      queryKeys.privilegeZones.all(),
      queryKeys.completeness(),
      queryKeys.entities.all(),
      queryKeys.domains.all(),
      queryKeys.attackPaths.all(),
    ].map((queryKey) => client.invalidateQueries({ queryKey })),
  );
}

// ---------------------------------------------------------------------------
// "The pipeline may have started": for operations outside this file (ending a file upload)
// ---------------------------------------------------------------------------

const startListeners = new Set<() => void>();

/** Call after a change that starts the pipeline (a file-upload job ended): the status is read again at once. */
export function pipelineMayHaveStarted(): void {
  for (const listener of startListeners) listener();
}

/**
 * Keeps the cached pipeline state current: reads it again when pipelineMayHaveStarted() is called, reads the
 * pending request again when the status changes (and the status when a pending request goes: its run
 * ended or was cancelled), and refreshes what analysis changed (refreshAnalyzed) when the pipeline comes
 * back to idle. Mount once (the top bar does).
 */
export function usePipelineWatch(status: DatapipeStatus | undefined, pending: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    const listener = () => void refreshPipeline(client);
    startListeners.add(listener);
    return () => void startListeners.delete(listener);
  }, [client]);

  // A run short enough to start and end between two reads still changes `last_complete_analysis_at`.
  const previous = useRef<string | undefined>(undefined);
  const current = status ? `${status.status} ${status.last_complete_analysis_at}` : undefined;
  const idle = status?.status === 'idle';
  useEffect(() => {
    const before = previous.current;
    previous.current = current;
    if (before === undefined || current === undefined || before === current) return;
    void client.invalidateQueries({ queryKey: queryKeys.datapipe.analysisRequest() });
    if (idle) void refreshAnalyzed(client);
  }, [client, current, idle]);

  const wasPending = useRef(pending);
  useEffect(() => {
    if (wasPending.current && !pending) void client.invalidateQueries({ queryKey: queryKeys.datapipe.status() });
    wasPending.current = pending;
  }, [client, pending]);
}

// ---------------------------------------------------------------------------
// Changes
// ---------------------------------------------------------------------------

/** PUT /api/v2/analysis: asks for analysis (202; at most one request is pending, so asking twice is harmless). */
export function startAnalysis() {
  return call(adminOps.startAnalysis);
}

export function useStartAnalysis() {
  const client = useQueryClient();
  return useMutation({ mutationFn: startAnalysis, onSettled: () => refreshPipeline(client) });
}

/** DELETE /api/v2/analysis: cancels the pending request (409 when it is a clear-database's re-analysis). */
export function cancelAnalysisRequest() {
  return call(adminOps.cancelAnalysisRequest);
}

export function useCancelAnalysisRequest() {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelAnalysisRequest, onSettled: () => refreshPipeline(client) });
}

/** POST /api/v2/clear-database: deletes what `body` chooses (204), then the service re-analyzes. */
export function clearDatabase(body: ClearDatabaseBody) {
  return call(adminOps.deleteBloodHoundDatabase, { body });
}

/** Clears; afterwards the pipeline, what analysis feeds, and (when chosen) the file-upload history are read again. */
export function useClearDatabase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: clearDatabase,
    // Not awaited: the answer is shown at once, the pages catch up.
    onSuccess: (_, body) => {
      void refreshPipeline(client);
      void refreshAnalyzed(client);
      if (body.deleteFileIngestHistory) void client.invalidateQueries({ queryKey: queryKeys.fileUploads.all() });
    },
  });
}
