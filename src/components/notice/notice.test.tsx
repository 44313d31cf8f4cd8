import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useNavigate } from 'react-router-dom';
import { renderWithProviders } from '@/testing/render';
import { NoticeProvider, useNotice } from '.';

function Toggler() {
  const { notify } = useNotice();
  return (
    <>
      <button onClick={() => notify('Dark Mode is now on.')}>Succeed</button>
      <button onClick={() => notify({ severity: 'error', message: 'NTLM was not changed: refused.' })}>Fail</button>
    </>
  );
}

describe('the notice layer', () => {
  it('shows one notice at a time: an error replaces a success, announced as an alert', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <NoticeProvider>
        <Toggler />
      </NoticeProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Succeed' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Dark Mode is now on.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Fail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('NTLM was not changed: refused.');
    await waitFor(() => expect(screen.queryByText('Dark Mode is now on.')).not.toBeInTheDocument());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    // An error stays until dismissed.
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('carries a notice given just before a navigation to the next page', async () => {
    const user = userEvent.setup({ delay: null });
    function DetailPage() {
      const { notify } = useNotice();
      const navigate = useNavigate();
      return (
        <button
          onClick={() => {
            notify('Deleted Nora Field.');
            navigate('/users', { replace: true });
          }}
        >
          Delete
        </button>
      );
    }
    renderWithProviders(<DetailPage />, {
      path: '/users/1',
      routePath: '/users/:id',
      extraRoutes: [{ path: '/users', element: <h1>Users</h1> }],
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Deleted Nora Field.');
  });
});
