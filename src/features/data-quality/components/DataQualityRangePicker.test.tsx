import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataQualityRangePicker } from './DataQualityRangePicker';
import { parseRange } from '@/features/data-quality/range';

function renderPicker(query: string) {
  const onChange = vi.fn();
  render(<DataQualityRangePicker parsed={parseRange(new URLSearchParams(query))} onChange={onChange} />);
  return { onChange, user: userEvent.setup({ delay: null }) };
}

describe('DataQualityRangePicker', () => {
  it('names the group and its short buttons in full, the URL’s preset pressed', async () => {
    const { onChange, user } = renderPicker('range=7d');
    const group = screen.getByRole('group', { name: 'Date range' });
    expect(screen.queryByText('Date range')).not.toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: 'Last 30 days' })).toHaveTextContent(/^30 days$/);
    await user.click(within(group).getByRole('button', { name: 'Last 90 days' }));
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'preset', days: 90 });
  });

  it('says a From after To on "From", keeps the days as typed, and reads UTC days without times', async () => {
    const { onChange, user } = renderPicker('from=2026-10-12&to=2026-10-01');
    const form = screen.getByRole('form', { name: 'Custom date range' });
    const from = await within(form).findByRole('group', { name: 'From' });
    expect(within(form).getByText('"From" (2026-10-12) must be on or before "To" (2026-10-01).')).toBeInTheDocument();
    expect(from).toHaveTextContent('12 Oct 2026');
    expect(within(form).getByText('Last day (UTC), included')).toBeInTheDocument();
    expect(within(form).queryByRole('group', { name: 'From time' })).not.toBeInTheDocument();
    expect(within(form).queryByText(/^Times are in /)).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Show range' }));
    expect(await within(form).findByText('"From" (12 Oct 2026) must be on or before "To" (1 Oct 2026).')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();

    await user.click(within(from).getByRole('spinbutton', { name: 'Month' }));
    await user.keyboard('09');
    await user.click(within(form).getByRole('button', { name: 'Show range' }));
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'custom', from: '2026-09-12', to: '2026-10-01' });
  });
});
