import CheckIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import HelpIcon from '@mui/icons-material/HelpOutlineOutlined';
import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  useAnalysisRequest,
  useCancelAnalysisRequest,
  useDatapipeStatus,
  usePipelineWatch,
  useStartAnalysis,
} from '@/api/datapipe';
import { describeError } from '@/api/errors';
import { isPendingAnalysis, type AnalysisRequest, type DatapipeStatus } from '@/api/schemas/datapipe';
import { useSelf } from '@/api/self';
import { useUsers } from '@/api/users';
import { userName } from '@/lib/user-name';
import { adminOps } from '@/api/operations/admin';
import { useAccess } from '@/lib/access';
import { timeOf } from '@/shared/format';
import { RelativeTime } from '@/components/time';
import { visuallyHidden } from '@/components/visually-hidden';
import {
  requestCancellable,
  requestKind,
  statusLabel,
  statusSentence,
  elapsedSince,
  statusTone,
  type PipelineTone,
} from './pipeline-text';

/** Hidden from sight below the `sm` breakpoint (a phone), still read by screen readers. */
const HIDDEN_ON_PHONE = (theme: Theme) => ({ [theme.breakpoints.down('sm')]: visuallyHidden });

const sameId = (a: string, b: string | undefined) => b !== undefined && a.toLowerCase() === b.toLowerCase();

/** The current time, ticking every second while `active` (for "Analyzing for 12 s"). */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function ToneIcon({ tone }: { tone: PipelineTone | 'error' }) {
  if (tone === 'busy') return <CircularProgress size={14} color="inherit" aria-hidden />;
  if (tone === 'idle') return <CheckIcon fontSize="small" aria-hidden />;
  if (tone === 'error') return <SyncProblemIcon fontSize="small" aria-hidden />;
  return <HelpIcon fontSize="small" aria-hidden />;
}

export interface PipelineDetailsProps {
  status: DatapipeStatus;
  now: number;
  /** The pending request (its zero value when none), or undefined when the person may not read it. */
  request?: AnalysisRequest;
  /** Who asked for the pending request, in words ("you", "Ada Admin"). */
  requester?: string;
  /** "Analyze now", for people allowed (PUT /api/v2/analysis); absent: no button. */
  onAnalyze?: () => void;
  /** "Cancel request", for people allowed (DELETE /api/v2/analysis); absent: no button. */
  onCancel?: () => void;
  analyzing?: boolean;
  cancelling?: boolean;
  /** The last action's failure. */
  error?: unknown;
  /** The last action's outcome in words ("Analysis requested."), announced politely. */
  outcome?: string | null;
  headingId?: string;
  /** The level of the "Data pipeline" heading (h2: in the top bar's popover). */
  headingLevel?: 'h2' | 'h3';
  /** Say the state politely when it changes (where no other live region does: the open popover hides the top bar's). */
  announce?: boolean;
}

/**
 * The pipeline's details: its state and for how long, the last complete analysis (relative, exact on
 * hover and focus), the last run and the next scheduled one when they say more, the pending request with
 * who asked and when, and the actions the person may take.
 */
export function PipelineDetails({
  status,
  now,
  request,
  requester,
  onAnalyze,
  onCancel,
  analyzing = false,
  cancelling = false,
  error,
  outcome,
  headingId,
  headingLevel = 'h2',
  announce = false,
}: PipelineDetailsProps) {
  const tone = statusTone(status.status);
  const pending = request && isPendingAnalysis(request) ? request : null;
  const lastComplete = timeOf(status.last_complete_analysis_at);
  const analyzeBlocked = analyzeBlockedBecause(status, pending);
  const analyzeWhyId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const analyzeRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const analyzeOff = analyzing || analyzeBlocked !== null;
  // "Analyze now" turns off once pressed (sending, then requested): focus goes on to "Cancel request", or
  // to the panel's heading, rather than to the page behind, so the keyboard stays in the panel.
  useEffect(() => {
    const focused = document.activeElement;
    if (!analyzeOff || (focused !== analyzeRef.current && focused !== document.body)) return;
    (cancelRef.current ?? headingRef.current)?.focus();
  }, [analyzeOff]);
  const lastRun = timeOf(status.last_analysis_run_at);
  return (
    <Stack spacing={1.5}>
      <Box>
        <Typography
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          component={headingLevel}
          variant="subtitle1"
          sx={{ fontWeight: 600 }}
        >
          Data pipeline
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <ToneIcon tone={tone} />
          <Typography>{statusSentence(status, now)}</Typography>
        </Stack>
        {announce && <Announcer status={status.status} />}
        {tone === 'unknown' && (
          <Typography variant="body2" color="text.secondary">
            The service reports a state this console does not know; it is shown as the service sent it.
          </Typography>
        )}
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
        <Detail term="Last complete analysis">
          <RelativeTime value={status.last_complete_analysis_at} now={now} fallback="Never" focusable />
        </Detail>
        {lastRun !== null && lastRun !== lastComplete && (
          <Detail term="Last analysis run">
            <RelativeTime value={status.last_analysis_run_at} now={now} focusable />
          </Detail>
        )}
        {timeOf(status.next_scheduled_analysis_at) !== null && (
          <Detail term="Next scheduled analysis">
            <RelativeTime value={status.next_scheduled_analysis_at} now={now} focusable />
          </Detail>
        )}
      </Box>
      {request !== undefined && (
        <Box>
          {pending ? (
            <Typography variant="body2">
              {requestKind(pending)} requested by {requester ?? 'someone'}{' '}
              <RelativeTime value={pending.requested_at} now={now} focusable />.
            </Typography>
          ) : (
            <Typography variant="body2" color="text.secondary">
              No analysis request is pending.
            </Typography>
          )}
          {pending && onCancel && !requestCancellable(pending) && (
            <Typography variant="body2" color="text.secondary">
              It cannot be cancelled.
            </Typography>
          )}
        </Box>
      )}
      {error ? (
        <Alert severity="error" role="alert">
          {describeError(error)}
        </Alert>
      ) : null}
      <Typography variant="body2" role="status" sx={outcome ? undefined : visuallyHidden}>
        {outcome ?? ''}
      </Typography>
      {(onAnalyze || (onCancel && pending && requestCancellable(pending))) && (
        <>
          <Divider />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            {onCancel && pending && requestCancellable(pending) && (
              <Button ref={cancelRef} onClick={onCancel} loading={cancelling} disabled={analyzing}>
                Cancel request
              </Button>
            )}
            {onAnalyze && (
              <Button
                variant="contained"
                ref={analyzeRef}
                onClick={onAnalyze}
                loading={analyzing}
                disabled={cancelling || analyzeBlocked !== null}
                aria-describedby={analyzeBlocked ? analyzeWhyId : undefined}
              >
                Analyze now
              </Button>
            )}
          </Stack>
          {onAnalyze && analyzeBlocked && (
            <Typography id={analyzeWhyId} variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
              {analyzeBlocked}
            </Typography>
          )}
        </>
      )}
    </Stack>
  );
}

/** Why "Analyze now" would add nothing (a request already waits, or an analysis is running), or null. */
function analyzeBlockedBecause(status: DatapipeStatus, pending: AnalysisRequest | null): string | null {
  if (pending) return `${requestKind(pending)} is already requested; it runs when the pipeline is free.`;
  if (status.status === 'analyzing') return 'An analysis is running; request another once it ends.';
  return null;
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}

/**
 * The pipeline's state and its actions, read and kept current (polled: see src/api/datapipe.ts), for the
 * top bar's popover and for pages that show it (the database page after a clear). What the person may not
 * read or do is left out: everyone signed in sees the state; the pending request needs graphdb.Read,
 * "Analyze now" and "Cancel request" graphdb.Write.
 */
export function usePipeline() {
  const status = useDatapipeStatus();
  const mayRead = useAccess(adminOps.getAnalysisRequest).allowed;
  const mayStart = useAccess(adminOps.startAnalysis).allowed;
  const mayCancel = useAccess(adminOps.cancelAnalysisRequest).allowed;
  const request = useAnalysisRequest({ enabled: mayRead });
  const self = useSelf();
  const requestedBy = request.data && isPendingAnalysis(request.data) ? request.data.requested_by : '';
  const requestedBySelf = requestedBy !== '' && sameId(requestedBy, self.data?.id);
  // Another person's name, for those who may list users (anyone else sees "another user").
  const other = useUsers({
    select: (users) => users.find((u) => sameId(u.id, requestedBy)),
    enabled: requestedBy !== '' && !requestedBySelf,
  });
  const start = useStartAnalysis();
  const cancel = useCancelAnalysisRequest();
  const [outcome, setOutcome] = useState<string | null>(null);
  const busy = status.data !== undefined && status.data.status !== 'idle';
  const pending = request.data !== undefined && isPendingAnalysis(request.data);
  const now = useNow(busy || pending);
  // "Analysis requested." is said until the run it asked for is over (the pipeline idle, no request waiting).
  const active = busy || pending;
  const [wasActive, setWasActive] = useState(active);
  if (wasActive !== active) {
    setWasActive(active);
    if (wasActive && outcome === REQUESTED) setOutcome(null);
  }

  const details: Omit<PipelineDetailsProps, 'status' | 'headingId'> = {
    now,
    request: mayRead ? request.data : undefined,
    requester: requestedBySelf ? 'you' : other.data ? userName(other.data) : 'another user',
    onAnalyze: mayStart
      ? () => {
          setOutcome(null);
          cancel.reset();
          start.mutate(undefined, { onSuccess: () => setOutcome(REQUESTED) });
        }
      : undefined,
    onCancel: mayCancel
      ? () => {
          setOutcome(null);
          start.reset();
          cancel.mutate(undefined, { onSuccess: () => setOutcome('Analysis request cancelled.') });
        }
      : undefined,
    analyzing: start.isPending,
    cancelling: cancel.isPending,
    error: start.error ?? cancel.error,
    outcome,
  };
  return { status, details };
}

const REQUESTED = 'Analysis requested.';

/** A hidden polite live region that says the pipeline's state when it changes (not the ticking duration). */
function Announcer({ status }: { status: string | undefined }) {
  return (
    <Box role="status" aria-live="polite" sx={visuallyHidden}>
      {status === undefined ? '' : `Pipeline ${statusLabel(status).toLowerCase()}`}
    </Box>
  );
}

/**
 * The pipeline in the top bar: a compact button ("Idle", "Analyzing 12 s") that opens a popover with the
 * details and, for people allowed, "Analyze now" and "Cancel request". Its state is announced politely
 * when it changes. Also keeps the cached pipeline state current (usePipelineWatch): mount it once.
 */
export function PipelineStatusButton() {
  const { status, details } = usePipeline();
  usePipelineWatch(status.data, details.request !== undefined && isPendingAnalysis(details.request));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const headingId = useId();
  const data = status.data;
  const tone: PipelineTone | 'error' = data ? statusTone(data.status) : status.isError ? 'error' : 'idle';
  const label = data ? statusLabel(data.status) : status.isError ? 'Unavailable' : '…';
  const elapsed = data && data.status !== 'idle' ? elapsedSince(data.updated_at, details.now) : null;

  return (
    <>
      <Button
        color="inherit"
        variant="outlined"
        size="small"
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? popoverId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        startIcon={<ToneIcon tone={tone} />}
        data-tone={tone}
        sx={{
          textTransform: 'none',
          whiteSpace: 'nowrap',
          flexShrink: 0,
          mr: { xs: 0.5, sm: 1 },
          px: { xs: 1, sm: 1.25 },
          minWidth: 0,
          borderColor: 'currentColor',
          fontStyle: tone === 'unknown' ? 'italic' : undefined,
          '& .MuiButton-startIcon': { mr: { xs: 0.5, sm: 0.75 } },
        }}
      >
        <Box component="span" sx={visuallyHidden}>
          Pipeline:{' '}
        </Box>
        {/* One text run, so the space before the duration is kept; on a phone the state alone (the duration stays in the button's name). */}
        <Box component="span">
          {label}
          {elapsed && (
            <Box component="span" sx={HIDDEN_ON_PHONE}>
              {` ${elapsed}`}
            </Box>
          )}
        </Box>
      </Button>
      <Announcer status={data?.status} />
      <Popover
        id={popoverId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': headingId,
            sx: { p: 2, width: 340, maxWidth: 'calc(100vw - 32px)' },
          },
        }}
      >
        {data ? (
          <PipelineDetails status={data} headingId={headingId} announce {...details} />
        ) : (
          <Stack spacing={1}>
            <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              Data pipeline
            </Typography>
            {status.isError ? (
              <>
                <Alert severity="error">The pipeline status could not be read: {describeError(status.error)}</Alert>
                <Button onClick={() => void status.refetch()} sx={{ alignSelf: 'flex-end' }}>
                  Retry
                </Button>
              </>
            ) : (
              <Typography role="status">Loading the pipeline status…</Typography>
            )}
          </Stack>
        )}
      </Popover>
    </>
  );
}
