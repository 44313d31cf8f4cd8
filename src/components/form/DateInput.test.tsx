import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { clockToDate, dateToClock, dateToDay, dayToDate, FormDateInput } from './DateInput';

function DayForm({ send }: { send: (day: string | null) => void }) {
  const form = useForm<{ day: Date | null }>({ defaultValues: { day: dayToDate('2026-11-28') } });
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(({ day }) => send(dateToDay(day)))(e)}>
      <FormDateInput
        kind="date"
        control={form.control}
        name="day"
        label="Day"
        rules={{ validate: (d) => (d !== null && dateToDay(d) !== null) || 'Enter a whole date.' }}
      />
      <button type="submit">Send</button>
    </form>
  );
}

describe('FormDateInput', () => {
  it('shows the form’s date as 28 Nov 2026, takes one typed section by section, and says a missing one at the field', async () => {
    const user = userEvent.setup({ delay: null });
    const send = vi.fn();
    render(<DayForm send={send} />);
    const field = await screen.findByRole('group', { name: 'Day' });
    expect(field).toHaveTextContent('28 Nov 2026');
    await user.click(screen.getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('03');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenLastCalledWith('2026-11-03');
    await user.click(screen.getByRole('spinbutton', { name: 'Year' }));
    await user.keyboard('{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter a whole date.')).toBeInTheDocument();
    expect(field).toHaveTextContent('03 Nov');
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('day and clock text', () => {
  it('reads only real days and times, and writes them back', () => {
    expect(dateToDay(dayToDate('2026-11-28'))).toBe('2026-11-28');
    expect(dayToDate('2026-02-30')).toBeNull();
    expect(dayToDate('2026-2-3')).toBeNull();
    expect(dateToDay(dayToDate('0002-12-07'))).toBe('0002-12-07');
    expect(dateToClock(clockToDate('09:05'))).toBe('09:05');
    expect(clockToDate('24:00')).toBeNull();
    expect(dateToDay(new Date(Number.NaN))).toBeNull();
  });
});
