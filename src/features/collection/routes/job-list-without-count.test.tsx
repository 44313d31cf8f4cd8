import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockServer } from '@/mock-server/app';
import { routeFetchWithEdits, signInSession, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import ClientsPage from './ClientsPage';
import EventDetailPage from './EventDetailPage';

/**
 * The reference's GetClientJobs answers `{ data: job[] }`: no `count`, `skip` or `limit` (the service
 * sends them, the document does not). The pages that list jobs still show them and page on.
 */
let mock: MockServer;
let restore: () => void;
const jobsAnswered: number[] = [];

beforeEach(async () => {
  mock = testMockServer({ collectionPickupMs: 3_600_000 });
  jobsAnswered.length = 0;
  restore = routeFetchWithEdits(mock, [
    {
      path: '/api/v2/jobs',
      edit: ({ data }: { data: unknown[] }) => {
        jobsAnswered.push(data.length);
        return { data };
      },
    },
  ]);
  await signInSession(mock, 'admin');
});

afterEach(() => {
  restore();
  sessionStorage.clear();
});

/** The job table's rows (its header row left out) once loaded, and what its pager says. */
async function jobTable(name: string) {
  const table = await screen.findByRole('table', { name });
  const rows = (await within(table).findAllByRole('row')).slice(1);
  const pager = screen.getByRole('navigation', { name: `${name} pages` });
  return { rows, range: within(pager).getByRole('status').textContent };
}

describe('a job list answered without count, skip or limit', () => {
  it('the clients page lists the recent jobs and pages on by what each page holds', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ClientsPage />, { path: '/clients', routePath: '/clients' });
    const first = await jobTable('Recent jobs');
    expect(first.rows.length).toBeGreaterThan(0);
    expect(jobsAnswered.at(-1)).toBe(first.rows.length);
    // A full page may have more after it: the pager says so, offers the next page and not a last one.
    expect(first.range).toBe(`1–${first.rows.length} of more than ${first.rows.length}`);
    const pager = screen.getByRole('navigation', { name: 'Recent jobs pages' });
    expect(within(pager).getByRole('button', { name: 'Last page' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(pager).getByRole('status')).toHaveTextContent(new RegExp(`^${first.rows.length + 1}–`)));
    expect(screen.queryByText(/not in the expected shape/)).not.toBeInTheDocument();
  });

  it("an event's page lists its jobs", async () => {
    const event = mock.db.state.collectionEvents.find((e) => mock.db.state.collectionTasks.some((t) => t.event_id === e.id))!;
    renderWithProviders(<EventDetailPage />, { path: `/events/${event.id}`, routePath: '/events/:eventId' });
    const { rows } = await jobTable('Jobs of this event');
    expect(rows).toHaveLength(mock.db.state.collectionTasks.filter((t) => t.event_id === event.id).length);
    expect(screen.queryByText(/not in the expected shape/)).not.toBeInTheDocument();
  });
});
