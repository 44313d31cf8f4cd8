import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnalysisRequest, DatapipeStatus } from '@/api/schemas/datapipe';
import { routeFetchTo, signInSession, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import { PipelineDetails, PipelineStatusButton } from './pipeline-status';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const status = (patch: Partial<DatapipeStatus>): DatapipeStatus => ({
  status: 'idle',
  updated_at: '2026-11-22T11:00:00Z',
  last_complete_analysis_at: '2026-11-22T11:00:00Z',
  last_analysis_run_at: '2026-11-22T11:00:00Z',
  ...patch,
});
const NO_REQUEST: AnalysisRequest = {
  requested_by: '',
  request_type: '',
  requested_at: '0001-01-01T00:00:00Z',
  delete_all_graph: false,
  delete_sourceless_graph: false,
  delete_source_kinds: null,
  delete_relationships: null,
};
const pending = (type: string): AnalysisRequest => ({
  ...NO_REQUEST,
  requested_by: 'u-1',
  request_type: type,
  requested_at: '2026-11-22T11:55:00Z',
});
const noop = () => {};

describe('PipelineDetails', () => {
  it('shows each state with how long, and the last complete analysis with its exact time', () => {
    const { rerender } = render(<PipelineDetails status={status({})} now={NOW} />);
    expect(screen.getByText('Idle')).toBeInTheDocument();
    const last = screen.getByText('1 hour ago');
    expect(last.tagName).toBe('TIME');
    expect(last).toHaveAttribute('datetime', '2026-11-22T11:00:00.000Z');
    expect(last).toHaveAttribute('tabindex', '0');

    rerender(<PipelineDetails status={status({ status: 'analyzing', updated_at: '2026-11-22T11:59:48Z' })} now={NOW} />);
    expect(screen.getByText('Analyzing for 12 s')).toBeInTheDocument();
    rerender(<PipelineDetails status={status({ status: 'ingesting', updated_at: '2026-11-22T11:58:55Z' })} now={NOW} />);
    expect(screen.getByText('Ingesting for 1 min 5 s')).toBeInTheDocument();
    rerender(<PipelineDetails status={status({ last_complete_analysis_at: '0001-01-01T00:00:00Z' })} now={NOW} />);
    expect(screen.getByText('Never')).toBeInTheDocument();
  });

  it('shows a state it does not know as it came, and says so', () => {
    render(<PipelineDetails status={status({ status: 'pruning', updated_at: '2026-11-22T11:59:57Z' })} now={NOW} />);
    expect(screen.getByText('pruning for 3 s')).toBeInTheDocument();
    expect(screen.getByText(/a state this console does not know/)).toBeInTheDocument();
  });

  it('shows the pending request with who and when, and the actions given', () => {
    const { rerender } = render(
      <PipelineDetails
        status={status({})}
        now={NOW}
        request={pending('analysis')}
        requester="you"
        onAnalyze={noop}
        onCancel={noop}
      />,
    );
    expect(screen.getByText(/Analysis requested by you/)).toHaveTextContent('Analysis requested by you 5 minutes ago.');
    expect(screen.getByRole('button', { name: 'Cancel request' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Analyze now' })).toBeInTheDocument();

    // A clear-database's re-analysis cannot be cancelled.
    rerender(
      <PipelineDetails
        status={status({})}
        now={NOW}
        request={pending('deletion')}
        requester="Ada Admin"
        onAnalyze={noop}
        onCancel={noop}
      />,
    );
    expect(screen.getByText(/Re-analysis after a database clear requested by Ada Admin/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).toBeNull();
    expect(screen.getByText(/cannot be cancelled/)).toBeInTheDocument();

    // Not allowed: no buttons; no request read: nothing said about it.
    rerender(<PipelineDetails status={status({})} now={NOW} request={NO_REQUEST} />);
    expect(screen.getByText('No analysis request is pending.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<PipelineDetails status={status({})} now={NOW} />);
    expect(screen.queryByText(/analysis request/i)).toBeNull();
  });

  it('disables "Analyze now" while an analysis is requested or running, and says why', () => {
    const { rerender } = render(
      <PipelineDetails status={status({})} now={NOW} request={pending('analysis')} requester="you" onAnalyze={noop} />,
    );
    expect(screen.getByRole('button', { name: 'Analyze now' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Analyze now' })).toHaveAccessibleDescription(
      'Analysis is already requested; it runs when the pipeline is free.',
    );

    rerender(
      <PipelineDetails
        status={status({ status: 'analyzing', updated_at: '2026-11-22T11:59:48Z' })}
        now={NOW}
        request={NO_REQUEST}
        onAnalyze={noop}
      />,
    );
    expect(screen.getByRole('button', { name: 'Analyze now' })).toBeDisabled();
    expect(screen.getByText('An analysis is running; request another once it ends.')).toBeInTheDocument();

    rerender(<PipelineDetails status={status({})} now={NOW} request={NO_REQUEST} onAnalyze={noop} />);
    expect(screen.getByRole('button', { name: 'Analyze now' })).toBeEnabled();
    expect(screen.queryByText(/already requested|is running/)).toBeNull();
  });
});

describe('PipelineStatusButton against the mock service', () => {
  let mock: ReturnType<typeof testMockServer>;
  let restore = noop;
  let clock = Date.now();
  afterEach(() => {
    restore();
    sessionStorage.clear();
  });

  const start = async (username: string) => {
    clock = Date.now();
    mock = testMockServer({ clock: () => clock, analysisMs: 60_000 });
    restore = routeFetchTo(mock);
    await signInSession(mock, username);
    renderWithProviders(<PipelineStatusButton />);
    return userEvent.setup({ delay: null });
  };

  it('lets an administrator analyze now, shows the request and the run, and cancels the request', async () => {
    const user = await start('admin');
    await user.click(await screen.findByRole('button', { name: 'Pipeline: Idle' }));
    const panel = await screen.findByRole('dialog', { name: 'Data pipeline' });
    expect(await within(panel).findByText('No analysis request is pending.')).toBeInTheDocument();
    await user.click(await within(panel).findByRole('button', { name: 'Analyze now' }));
    expect(await within(panel).findByText('Analysis requested.')).toBeInTheDocument();
    expect(await within(panel).findByText(/^Analysis requested by you/)).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByText(/^Analyzing for \d+ s$/)).toBeInTheDocument());
    // The change is announced politely (the state word only, not the ticking duration), in the open popover too.
    expect(within(panel).getByText('Pipeline analyzing')).toHaveAttribute('aria-live', 'polite');

    await user.click(within(panel).getByRole('button', { name: 'Cancel request' }));
    expect(await within(panel).findByText('Analysis request cancelled.')).toBeInTheDocument();
    expect(await within(panel).findByText('No analysis request is pending.')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByText('Idle')).toBeInTheDocument());
  });

  it('goes back to idle when the run ends, read by polling', async () => {
    const user = await start('admin');
    await user.click(await screen.findByRole('button', { name: 'Pipeline: Idle' }));
    const panel = await screen.findByRole('dialog', { name: 'Data pipeline' });
    await user.click(await within(panel).findByRole('button', { name: 'Analyze now' }));
    // Once the request is taken "Analyze now" is off, and focus goes on to "Cancel request" in the panel,
    // where Escape closes it.
    expect(await within(panel).findByText('Analysis requested.')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Analyze now' })).toBeDisabled());
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Cancel request' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await screen.findByRole('button', { name: /^Pipeline: Analyzing \d+ s$/ });
    clock += 61_000;
    const button = await screen.findByRole('button', { name: 'Pipeline: Idle' });
    expect(screen.getByText('Pipeline idle')).toHaveAttribute('aria-live', 'polite');
    await user.click(button);
    const panel2 = await screen.findByRole('dialog', { name: 'Data pipeline' });
    expect(await within(panel2).findByText('just now')).toBeInTheDocument();
    // The run it asked for is over: the request's outcome is no longer said, and another may be asked for.
    expect(within(panel2).queryByText('Analysis requested.')).toBeNull();
    expect(within(panel2).getByRole('button', { name: 'Analyze now' })).toBeEnabled();
  });

  it('shows a read-only person the state and the request, with no actions; an upload-only person the state alone', async () => {
    const user = await start('reader');
    await user.click(await screen.findByRole('button', { name: 'Pipeline: Idle' }));
    const panel = await screen.findByRole('dialog', { name: 'Data pipeline' });
    expect(await within(panel).findByText('No analysis request is pending.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).toBeNull();
  });

  it('shows the state alone to an upload-only person', async () => {
    const user = await start('uploader');
    await user.click(await screen.findByRole('button', { name: 'Pipeline: Idle' }));
    const panel = await screen.findByRole('dialog', { name: 'Data pipeline' });
    expect(within(panel).getByText('Last complete analysis')).toBeInTheDocument();
    expect(within(panel).queryByText(/analysis request/i)).toBeNull();
    expect(within(panel).queryByRole('button')).toBeNull();
  });
});
