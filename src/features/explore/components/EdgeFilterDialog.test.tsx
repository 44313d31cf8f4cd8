// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EdgeFilterDialog, edgeFilterSummary } from './EdgeFilterDialog';

const setup = (value = { kinds: null, traversable: false } as Parameters<typeof EdgeFilterDialog>[0]['value']) => {
  const onApply = vi.fn();
  const onClose = vi.fn();
  render(<EdgeFilterDialog value={value} onApply={onApply} onClose={onClose} />);
  return {
    onApply,
    onClose,
    user: userEvent.setup({ delay: null }),
    dialog: screen.getByRole('dialog', { name: 'Relationship filter' }),
  };
};

describe('EdgeFilterDialog', () => {
  it('lists each group with its kinds, all checked when there is no filter', () => {
    const { dialog } = setup();
    const lateral = within(dialog).getByRole('group', { name: 'Lateral movement' });
    expect(within(lateral).getByRole('checkbox', { name: 'Lateral movement' })).toBeChecked();
    expect(within(lateral).getByRole('checkbox', { name: 'CanRDP' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Traversable only' })).not.toBeChecked();
  });

  it('mixes a group whose kinds are partly checked, and the group box checks them all', async () => {
    const { dialog, user, onApply } = setup();
    const lateral = within(dialog).getByRole('group', { name: 'Lateral movement' });
    const groupBox = within(lateral).getByRole('checkbox', { name: 'Lateral movement' });
    await user.click(within(lateral).getByRole('checkbox', { name: 'CanRDP' }));
    expect(groupBox).toHaveAttribute('data-indeterminate', 'true');
    expect(groupBox).not.toBeChecked();
    await user.click(groupBox);
    expect(groupBox).toBeChecked();
    expect(groupBox).toHaveAttribute('data-indeterminate', 'false');
    await user.click(groupBox);
    expect(within(lateral).getByRole('checkbox', { name: 'CanRDP' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('switch', { name: 'Traversable only' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const applied = onApply.mock.calls[0]![0];
    expect(applied.traversable).toBe(true);
    expect(applied.kinds.mode).toBe('nin');
    expect(applied.kinds.kinds).toContain('CanRDP');
    expect(applied.kinds.kinds).toContain('AdminTo');
    expect(edgeFilterSummary(applied)).toMatch(/^\d+ relationship kinds left out, traversable relationships only$/);
  });

  it('starts from the filter in force', () => {
    const { dialog } = setup({ kinds: { mode: 'in', kinds: ['MemberOf'] }, traversable: true });
    expect(within(dialog).getByRole('checkbox', { name: 'MemberOf' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'AdminTo' })).not.toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Traversable only' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Directory structure' })).toHaveAttribute('data-indeterminate', 'true');
  });

  it('cancels at once when nothing changed, and asks first when something did', async () => {
    const first = setup();
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Cancel' }));
    expect(first.onClose).toHaveBeenCalledTimes(1);
    first.onClose.mockClear();
    await first.user.click(within(first.dialog).getByRole('checkbox', { name: 'MemberOf' }));
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Cancel' }));
    expect(first.onClose).not.toHaveBeenCalled();
    expect(await screen.findByRole('alertdialog', { name: 'Discard changes?' })).toBeInTheDocument();
    expect(first.onApply).not.toHaveBeenCalled();
  });

  it('applies nothing with every kind unchecked', async () => {
    const { dialog, user } = setup();
    await user.click(within(dialog).getByRole('button', { name: 'Uncheck all' }));
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
  });
});
