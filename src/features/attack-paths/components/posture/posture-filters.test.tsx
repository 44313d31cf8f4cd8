import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PostureRangePicker } from './posture-filters';
import { readPostureRange } from './posture-range';

function renderPicker(query: string) {
  const onChange = vi.fn();
  render(<PostureRangePicker parsed={readPostureRange(new URLSearchParams(query))} onChange={onChange} />);
  return { onChange, user: userEvent.setup({ delay: null }) };
}

describe('PostureRangePicker', () => {
  it('shows "Last N days" buttons under a visible label, the URL’s preset pressed', () => {
    const { onChange } = renderPicker('range=90d');
    expect(screen.getByText('Date range')).toBeVisible();
    const group = screen.getByRole('group', { name: 'Date range' });
    expect(within(group).getByRole('button', { name: 'Last 90 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: 'Last 7 days' })).toHaveTextContent(/^Last 7 days$/);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('says a URL range that ends before it starts on "To", keeps both ends, and refuses a typed future end', async () => {
    const { onChange, user } = renderPicker('after=2026-10-12T08:00&before=2026-10-01T08:00');
    const form = screen.getByRole('form', { name: 'Custom date range' });
    const to = await within(form).findByRole('group', { name: 'To' });
    expect(within(form).getByText(/^"To" \(1 Oct 2026, .*\) must be later than "From" \(12 Oct 2026, /)).toBeInTheDocument();
    expect(within(form).getByRole('group', { name: 'From' })).toHaveTextContent('12 Oct 2026');
    expect(within(form).getByRole('group', { name: 'From time' })).toHaveTextContent('08:00');
    expect(within(form).getByText(/^Times are in /)).toBeInTheDocument();

    await user.click(within(to).getByRole('spinbutton', { name: 'Year' }));
    await user.keyboard('2099');
    await user.click(within(form).getByRole('button', { name: 'Show range' }));
    expect(
      await within(form).findByText(/^"To" \(1 Oct 2099, .*\) is in the future: pick a date and time up to now\.$/),
    ).toBeInTheDocument();
    expect(to).toHaveTextContent('01 Oct 2099');

    await user.click(within(to).getByRole('spinbutton', { name: 'Month' }));
    await user.keyboard('11');
    await user.click(within(to).getByRole('spinbutton', { name: 'Year' }));
    await user.keyboard('2026');
    await user.click(within(form).getByRole('button', { name: 'Show range' }));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ kind: 'custom', after: '2026-10-12T08:00', before: '2026-11-01T08:00' }),
    );
  });
});
