import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobStatus } from '@/api/schemas/wire-format';
import { formatDateTime } from '@/shared/format';
import type { MockServer } from '@/mock-server/app';
import type { StoredTask } from '@/mock-server/areas/collection/store';
import { routeFetchTo, signInSession, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import JobDetailPage from './JobDetailPage';

let mock: MockServer;
let restore: () => void;

beforeEach(() => {
  mock = testMockServer({ collectionPickupMs: 3_600_000 });
  restore = routeFetchTo(mock);
});

afterEach(() => {
  restore();
  sessionStorage.clear();
});

const jobWith = (status: number): StoredTask => mock.db.state.collectionTasks.find((t) => t.status === status)!;
const clientName = (job: StoredTask) => mock.db.state.collectionClients.find((c) => c.id === job.client_id)!.name;

function renderJob(id: number) {
  renderWithProviders(<JobDetailPage />, { path: `/jobs/${id}`, routePath: '/jobs/:jobId' });
}

describe('Job page', () => {
  it('shows what the job’s run wrote, with copy and download', async () => {
    const done = jobWith(JobStatus.Complete);
    await signInSession(mock, 'admin');
    renderJob(done.id);
    // The log box is a focusable, labelled block of text.
    const box = await screen.findByLabelText(`Log of job ${done.id}`);
    expect(box).toHaveTextContent(`Job ${done.id} created: scheduled by event`);
    expect(box).toHaveTextContent(`Picked up by ${clientName(done)}.`);
    expect(box).toHaveTextContent(/Ended \(Complete\)/);
    expect(screen.getByRole('button', { name: 'Copy the log' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download' })).toBeVisible();
  });

  it('names the event that scheduled the job by its rule, and leaves out what a job read does not carry', async () => {
    const scheduled = mock.db.state.collectionTasks.find((t) => t.event_id === 1 && t.status === JobStatus.Complete)!;
    await signInSession(mock, 'admin');
    renderJob(scheduled.id);
    // The job read names its event by id; the page reads the event and names it by its rule in words.
    expect(await screen.findByRole('link', { name: 'Schedule: Every day at 02:00 UTC' })).toHaveAttribute('href', '/events/1');
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText('Domain controller')).toBeVisible();
    // Upstream's job record has no last ingest or log file: not shown as "none".
    expect(within(details).queryByText('Last ingest')).not.toBeInTheDocument();
    expect(within(details).queryByText('Log file')).not.toBeInTheDocument();
  });

  it('says "No log yet" when the run wrote nothing', async () => {
    const running = jobWith(JobStatus.Running);
    running.log = [];
    await signInSession(mock, 'admin');
    renderJob(running.id);
    expect(await screen.findByText(/^No log yet\./)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('cancels a running job after a confirmation naming the job and its client; the page and its log follow', async () => {
    const running = jobWith(JobStatus.Running);
    const name = clientName(running);
    await signInSession(mock, 'admin');
    const user = userEvent.setup({ delay: null });
    renderJob(running.id);
    // Enabled once the person's permissions are read.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel job' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Cancel job' }));
    const dialog = await screen.findByRole('dialog', { name: `Cancel job ${running.id} on ${name}?` });
    expect(dialog).toHaveTextContent(`${name} is running job ${running.id}: it stops`);
    // Backing out changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep job' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(mock.db.state.collectionTasks.find((t) => t.id === running.id)!.status).toBe(JobStatus.Running);

    await user.click(screen.getByRole('button', { name: 'Cancel job' }));
    const again = await screen.findByRole('dialog', { name: `Cancel job ${running.id} on ${name}?` });
    await user.click(within(again).getByRole('button', { name: 'Cancel job' }));
    expect(await screen.findByText(`Job ${running.id} on ${name} was canceled.`)).toBeVisible();
    expect(await screen.findByText('Canceled by admin.')).toBeVisible();
    expect(await screen.findByLabelText(`Log of job ${running.id}`)).toHaveTextContent('Canceled by admin while running.');
    const button = screen.getByRole('button', { name: 'Cancel job' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(`Job ${running.id} is canceled: only a waiting or running job can be canceled.`);
  });

  it('says a running job with no news for days looks stalled, since when and what to do, and reads it again on request', async () => {
    const stuck = jobWith(JobStatus.Running);
    const since = new Date(Date.now() - 3 * 86_400_000).toISOString();
    Object.assign(stuck, { created_at: since, execution_time: since, start_time: since, updated_at: since });
    await signInSession(mock, 'admin');
    const user = userEvent.setup({ delay: null });
    renderJob(stuck.id);
    const status = await screen.findByRole('region', { name: 'Status' });
    const note = await within(status).findByRole('alert');
    expect(note).toHaveTextContent('This job looks stalled');
    expect(note).toHaveTextContent(
      `No change since ${formatDateTime(since)} (3 days ago): ${clientName(stuck)} has not reported on this job.`,
    );
    expect(note).toHaveTextContent('If it stopped, cancel the job and run the collection again.');
    expect(status).toHaveTextContent(/No longer refreshed on its own; last read at \d\d:\d\d:\d\d UTC\./);
    expect(screen.getByText(/· Running · looks stalled$/)).toBeVisible();

    // The client reports meanwhile: Refresh reads the job (and its log) again.
    mock.db.state.collectionTasks.find((t) => t.id === stuck.id)!.status_message = 'Collected 2 of 3 domains.';
    await user.click(within(status).getByRole('button', { name: 'Refresh' }));
    expect(await within(status).findByText('Collected 2 of 3 domains.')).toBeVisible();
  });

  it('reads a job that has gone quiet for minutes less often, with a way to refresh it now', async () => {
    const running = jobWith(JobStatus.Running);
    const since = new Date(Date.now() - 10 * 60_000).toISOString();
    Object.assign(running, { created_at: since, execution_time: since, start_time: since });
    await signInSession(mock, 'admin');
    renderJob(running.id);
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(await within(status).findByText(/refreshes every 30 seconds until the job ends\.$/)).toHaveTextContent(
      'Last change 10 minutes ago: refreshes every 30 seconds until the job ends.',
    );
    expect(within(status).getByRole('button', { name: 'Refresh' })).toBeVisible();
    expect(within(status).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reads a job that just started every 2 seconds', async () => {
    const running = jobWith(JobStatus.Running);
    const since = new Date().toISOString();
    Object.assign(running, { created_at: since, execution_time: since, start_time: since });
    await signInSession(mock, 'admin');
    renderJob(running.id);
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(await within(status).findByText('Refreshes every 2 seconds until the job ends.')).toBeVisible();
    expect(within(status).queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
  });

  it('disables the cancel of a finished job, saying why', async () => {
    const done = jobWith(JobStatus.Complete);
    await signInSession(mock, 'admin');
    renderJob(done.id);
    const button = await screen.findByRole('button', { name: 'Cancel job' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(`Job ${done.id} is complete: only a waiting or running job can be canceled.`);
  });

  it('disables the cancel for a person without clients.Tasking, naming the permission', async () => {
    const running = jobWith(JobStatus.Running);
    const userRole = mock.db.state.roles.find((r) => r.name === 'User')!.id;
    const analyst = mock.db.state.users.find(
      (u) =>
        u.deleted_at === null && !u.is_disabled && u.secret && !u.mfa && u.role_ids.length === 1 && u.role_ids[0] === userRole,
    )!;
    await signInSession(mock, analyst.principal_name);
    renderJob(running.id);
    await waitFor(async () =>
      expect(await screen.findByRole('button', { name: 'Cancel job' })).toHaveAccessibleDescription(
        'Canceling a job needs the Administrator, Power User or Upload-Only role, which someone with the Administrator role can give you (permission clients.Tasking).',
      ),
    );
    expect(screen.getByRole('button', { name: 'Cancel job' })).toBeDisabled();
  });
});
