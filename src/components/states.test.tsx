import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, SchemaError, TimeoutError } from '@/api/errors';
import { ErrorState, LoadingState } from './states';

afterEach(() => vi.useRealTimers());

const serverError = (status: number, retryAfter: number | null = null) =>
  new HttpError(
    'List users',
    status,
    {
      http_status: status,
      timestamp: '2026-11-22T10:00:00Z',
      request_id: 'req-7',
      errors: [{ context: 'server', message: status === 429 ? 'Slow down.' : 'The database is down.' }],
    },
    retryAfter,
  );

describe('ErrorState', () => {
  it('says what failed and what to do, with the request id, and Retry shows progress until the next answer', async () => {
    const onRetry = vi.fn();
    function Harness() {
      const [error, setError] = useState<unknown>(serverError(500));
      return (
        <>
          <ErrorState error={error} title="Could not load the users" onRetry={onRetry} />
          <button onClick={() => setError(serverError(503))}>fail again</button>
        </>
      );
    }
    render(<Harness />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not load the users');
    expect(alert).toHaveTextContent("The database is down. Try again; if it persists, contact the server's administrator.");
    expect(alert).toHaveTextContent('Request id: req-7');
    const retry = screen.getByRole('button', { name: 'Retry' });
    await userEvent.click(retry);
    expect(onRetry).toHaveBeenCalledTimes(1);
    // While the retry runs the button cannot be pressed again.
    expect(retry).toBeDisabled();
    // A new failure is a new error: Retry is available again.
    await userEvent.click(screen.getByRole('button', { name: 'fail again' }));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });

  it('names the operation whose answer broke its schema', () => {
    render(<ErrorState error={new SchemaError('List users', [], true)} onRetry={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The server\'s answer to "List users" was not valid JSON');
  });

  it('counts down to the time a 429 gave, then says it may be tried again', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
    render(<ErrorState error={serverError(429, 3)} onRetry={() => {}} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The server is receiving too many requests from this console. Try again in 3 seconds.');
    act(() => vi.advanceTimersByTime(2000));
    expect(alert).toHaveTextContent('Try again in 1 second.');
    act(() => vi.advanceTimersByTime(1000));
    expect(alert).toHaveTextContent('You can try again now.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });
});

describe('LoadingState', () => {
  it('says which read failed while it is tried again', async () => {
    const client = new QueryClient();
    let attempts = 0;
    const query = client.fetchQuery({
      queryKey: ['users'],
      queryFn: () => {
        attempts += 1;
        if (attempts === 1) throw new TimeoutError('List users', 30_000);
        return new Promise<string>(() => {}); // the second try is still waiting
      },
      retry: 1,
      retryDelay: 0,
    });
    void query.catch(() => {});
    render(
      <QueryClientProvider client={client}>
        <LoadingState label="Loading users…" />
      </QueryClientProvider>,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading users…');
    expect(await screen.findByText('“List users” failed: the server did not answer in time. Trying again…')).toBeInTheDocument();
    client.clear();
  });

  it('is a plain spinner outside a query client', () => {
    render(<LoadingState />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });
});
