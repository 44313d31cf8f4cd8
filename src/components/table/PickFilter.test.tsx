// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
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

const ZONES: PickOption<number>[] = [
  { value: 1, label: 'Tier Zero', detail: 'The most privileged' },
  { value: 2, label: 'Owned' },
  { value: 3, label: 'Servers' },
];

function Several({ onChange }: { onChange: (values: number[]) => void }) {
  const [value, setValue] = useState<number[]>([]);
  return (
    <PickFilter
      multiple
      label="Zone"
      anyLabel="Any zone"
      options={ZONES}
      value={value}
      onChange={(v) => {
        onChange(v);
        setValue(v);
      }}
    />
  );
}

describe('PickFilter, several', () => {
  it("picks two choices, shown as tags in the choices' order, and takes one off again", async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    render(<Several onChange={onChange} />);
    const field = screen.getByRole('combobox', { name: 'Zone' });
    expect(field).toHaveAttribute('placeholder', 'Any zone');

    await user.click(field);
    const listbox = screen.getByRole('listbox', { name: 'Zone' });
    expect(listbox).toHaveAttribute('aria-multiselectable', 'true');
    expect(screen.getAllByRole('option')).toEqual([
      screen.getByRole('option', { name: 'Tier Zero The most privileged' }),
      screen.getByRole('option', { name: 'Owned' }),
      screen.getByRole('option', { name: 'Servers' }),
    ]);
    await user.click(screen.getByRole('option', { name: 'Servers' }));
    await user.click(screen.getByRole('option', { name: /^Tier Zero/ }));
    expect(onChange.mock.calls).toEqual([[[3]], [[1, 3]]]);
    // The list stays open while picking, the picked ones checked.
    expect(screen.getByRole('option', { name: /^Tier Zero/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('option', { name: 'Owned' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('option', { name: 'Servers' })).toHaveAttribute('aria-selected', 'true');
    const tags = () => screen.queryAllByRole('button', { name: /^(Tier Zero|Owned|Servers)$/ }).map((t) => t.textContent);
    expect(tags()).toEqual(['Tier Zero', 'Servers']);
    expect(field).not.toHaveAttribute('placeholder');

    // A tag's delete button takes that one off.
    const servers = screen.getByRole('button', { name: 'Servers' });
    await user.click(servers.querySelector('.MuiChip-deleteIcon')!);
    expect(onChange).toHaveBeenLastCalledWith([1]);
    expect(tags()).toEqual(['Tier Zero']);

    // Backspace in the empty field takes the last one off; nothing picked reads as anyLabel again.
    await user.click(field);
    await user.keyboard('{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(tags()).toEqual([]);
    expect(field).toHaveAttribute('placeholder', 'Any zone');
  });

  it("narrows the list by the choices' words or detail, not their values", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Several onChange={vi.fn()} />);
    const field = screen.getByRole('combobox', { name: 'Zone' });
    await user.type(field, 'privileged');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Tier ZeroThe most privileged']);
    await user.clear(field);
    await user.type(field, '2');
    expect(screen.queryAllByRole('option')).toEqual([]);
  });
});
