// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PickFilter, type PickOption } from './PickFilter';

const ACTIONS: PickOption[] = [
  { value: 'CreateUser', label: 'Create user', detail: 'CreateUser' },
  { value: 'DeleteUser', label: 'Delete user', detail: 'DeleteUser' },
  { value: 'Logout', label: 'Sign out', detail: 'Logout' },
];

function renderFilter(shown = '') {
  const onPick = vi.fn();
  render(<PickFilter label="Action" noun="action" options={ACTIONS} shown={shown} onPick={onPick} helperText="Pick an action" />);
  return { onPick, field: screen.getByRole('combobox', { name: 'Action' }) };
}

describe('PickFilter', () => {
  it('sends nothing for text that names no choice, and says so under the field, keeping the text', async () => {
    const user = userEvent.setup({ delay: null });
    const { onPick, field } = renderFilter();
    await user.type(field, 'user');
    await user.tab();
    expect(onPick).not.toHaveBeenCalled();
    expect(field).toHaveValue('user');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      'Action: no action is called “user”. Pick one of the 2 in the list that contain it.',
    );
  });

  it('offers the choices that contain the typed text, and picks one', async () => {
    const user = userEvent.setup({ delay: null });
    const { onPick, field } = renderFilter();
    await user.type(field, 'user');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Create userCreateUser', 'Delete userDeleteUser']);
    await user.click(screen.getByRole('option', { name: /^Delete user/ }));
    expect(onPick).toHaveBeenCalledWith(ACTIONS[1]);
    expect(field).toHaveAccessibleDescription('Pick an action');
  });

  it('takes text that names a choice exactly, by its words or its value', async () => {
    const user = userEvent.setup({ delay: null });
    const { onPick, field } = renderFilter();
    await user.type(field, 'logout{Enter}');
    expect(onPick).toHaveBeenLastCalledWith(ACTIONS[2]);
    expect(field).toHaveValue('Sign out');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('clears the filter when the text is emptied', async () => {
    const user = userEvent.setup({ delay: null });
    const { onPick, field } = renderFilter('Sign out');
    await user.clear(field);
    await user.tab();
    expect(onPick).toHaveBeenLastCalledWith(null);
  });
});
