import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format, isValid } from 'date-fns';
import { describe, expect, it, vi } from 'vitest';
import { RangePicker, type RangeCheck, type RangeFields } from './RangePicker';

const day = (y: number, m: number, d: number) => new Date(y, m - 1, d);
const text = (d: Date) => format(d, 'd MMM yyyy');

/** A page's rules for the test: days from 1 Jan 2026 up to 20 Nov 2026, From on or before To. */
const EARLIEST = day(2026, 1, 1);
const LATEST = day(2026, 11, 20);
function check({ fromDay, toDay }: RangeFields): RangeCheck<{ from: string; to: string }> {
  if (!fromDay || !toDay || !isValid(fromDay) || !isValid(toDay))
    return { ok: false, errors: { fromDay: fromDay && isValid(fromDay) ? undefined : 'Enter a "From" date.' } };
  if (fromDay < EARLIEST) return { ok: false, errors: { fromDay: `"From" (${text(fromDay)}) is before 1 Jan 2026.` } };
  if (toDay > LATEST) return { ok: false, errors: { toDay: `"To" (${text(toDay)}) is in the future.` } };
  if (fromDay > toDay)
    return { ok: false, errors: { fromDay: `"From" (${text(fromDay)}) must be on or before "To" (${text(toDay)}).` } };
  return { ok: true, range: { from: text(fromDay), to: text(toDay) } };
}

function renderPicker(props: Partial<Parameters<typeof RangePicker<7 | 30 | 90, { from: string; to: string }>>[0]> = {}) {
  const onPreset = vi.fn();
  const onCustom = vi.fn();
  render(
    <RangePicker
      label="Date range"
      presets={[7, 30, 90] as const}
      preset={null}
      onPreset={onPreset}
      times={false}
      help={{ from: 'First day', to: 'Last day' }}
      defaultValues={{ fromDay: day(2026, 10, 1), fromTime: null, toDay: day(2026, 10, 31), toTime: null }}
      check={check}
      onCustom={onCustom}
      {...props}
    />,
  );
  return { onPreset, onCustom, user: userEvent.setup({ delay: null }) };
}

/** Types a day's two digits into a date field, section by section. */
async function typeDay(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, sections: Record<string, string>) {
  for (const [name, digits] of Object.entries(sections)) {
    await user.click(within(field).getByRole('spinbutton', { name }));
    await user.keyboard(digits);
  }
}

describe('RangePicker', () => {
  it('offers the presets by name, pressed as the range is, and a preset click says which', async () => {
    const { onPreset, user } = renderPicker({ preset: 30 });
    const group = screen.getByRole('group', { name: 'Date range' });
    expect(within(group).getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: 'Last 7 days' })).toHaveTextContent('Last 7 days');
    expect(screen.queryByRole('form', { name: 'Custom date range' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Last 90 days' }));
    expect(onPreset).toHaveBeenLastCalledWith(90);
  });

  it('shows the label above the buttons when asked, and short preset texts keep the full names', () => {
    renderPicker({ preset: 7, showLabel: true, shortPresets: true });
    expect(screen.getByText('Date range')).toBeVisible();
    expect(screen.getByRole('group', { name: 'Date range' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveTextContent(/^7 days$/);
  });

  it('opens the custom form with the two days only', async () => {
    const { user } = renderPicker({ preset: 30 });
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    const form = screen.getByRole('form', { name: 'Custom date range' });
    expect(await within(form).findByRole('group', { name: 'From' })).toHaveTextContent('01 Oct 2026');
    expect(within(form).getByRole('group', { name: 'To' })).toHaveTextContent('31 Oct 2026');
    expect(within(form).queryByRole('group', { name: 'From time' })).not.toBeInTheDocument();
    expect(within(form).queryByText(/^Times are in /)).not.toBeInTheDocument();
  });

  it('with times, shows a time at each end and the zone', async () => {
    renderPicker({
      times: true,
      defaultValues: {
        fromDay: day(2026, 10, 1),
        fromTime: day(2026, 10, 1),
        toDay: day(2026, 10, 31),
        toTime: day(2026, 10, 31),
      },
    });
    const form = screen.getByRole('form', { name: 'Custom date range' });
    expect(await within(form).findByRole('group', { name: 'From time' })).toBeInTheDocument();
    expect(within(form).getByRole('group', { name: 'To time' })).toBeInTheDocument();
    expect(within(form).getByText(/^Times are in /)).toBeInTheDocument();
  });

  it('refuses a From in the past, a To in the future and a From after To, each on its field, keeping what was typed', async () => {
    const { onCustom, user } = renderPicker();
    const form = screen.getByRole('form', { name: 'Custom date range' });
    const from = await within(form).findByRole('group', { name: 'From' });
    const to = within(form).getByRole('group', { name: 'To' });
    const show = within(form).getByRole('button', { name: 'Show range' });

    await typeDay(user, from, { Year: '2025' });
    await user.click(show);
    expect(await within(form).findByText('"From" (1 Oct 2025) is before 1 Jan 2026.')).toBeInTheDocument();
    expect(from).toHaveTextContent('01 Oct 2025');

    await typeDay(user, from, { Year: '2026' });
    await typeDay(user, to, { Year: '2027' });
    await user.click(show);
    expect(await within(form).findByText('"To" (31 Oct 2027) is in the future.')).toBeInTheDocument();
    expect(within(form).queryByText(/is before 1 Jan 2026/)).not.toBeInTheDocument();
    expect(to).toHaveTextContent('31 Oct 2027');

    await typeDay(user, to, { Year: '2026', Day: '15', Month: '09' });
    await user.click(show);
    expect(
      await within(form).findByText(`"From" (1 Oct 2026) must be on or before "To" (${text(day(2026, 9, 15))}).`),
    ).toBeInTheDocument();
    expect(from).toHaveTextContent('01 Oct 2026');
    expect(onCustom).not.toHaveBeenCalled();

    await typeDay(user, from, { Day: '05', Month: '09' });
    await user.click(show);
    expect(onCustom).toHaveBeenLastCalledWith({ from: text(day(2026, 9, 5)), to: text(day(2026, 9, 15)) });
    expect(within(form).queryByText(/must be on or before/)).not.toBeInTheDocument();
  });

  it('says what was wrong with the range the URL carried on its fields until a preset is picked', async () => {
    const { onPreset, user } = renderPicker({ initialErrors: { toDay: '"To" is in the future.' } });
    const form = screen.getByRole('form', { name: 'Custom date range' });
    expect(await within(form).findByText('"To" is in the future.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Custom' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(onPreset).toHaveBeenLastCalledWith(7);
    expect(screen.queryByText('"To" is in the future.')).not.toBeInTheDocument();
  });
});
