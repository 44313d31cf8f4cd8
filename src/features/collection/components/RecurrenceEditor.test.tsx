// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { dayToDate } from '@/components/form/DateInput';
import { nextHour } from '@/features/collection/recurrence';
import { RecurrenceEditor } from './RecurrenceEditor';

function Editor({ initial }: { initial: string }) {
  const [rule, setRule] = useState(initial);
  return <RecurrenceEditor value={rule} onChange={setRule} />;
}

const DAILY = 'DTSTART:20301201T020000Z\nRRULE:FREQ=DAILY';
const MONTHLY = 'DTSTART:20301201T020000Z\nRRULE:FREQ=MONTHLY;BYMONTHDAY=1';

async function choose(user: ReturnType<typeof userEvent.setup>, option: string) {
  await user.click(screen.getByRole('combobox', { name: 'Repeats' }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('RecurrenceEditor', () => {
  it('keeps an interval out of range as typed and says what is wrong at the field', async () => {
    const user = userEvent.setup();
    render(<Editor initial={DAILY} />);
    const every = screen.getByRole('spinbutton', { name: 'Every' });
    for (const typed of ['0', '999999', '']) {
      await user.clear(every);
      if (typed) await user.type(every, typed);
      expect(every).toHaveValue(typed === '' ? null : Number(typed));
      expect(every).toHaveAccessibleDescription('Enter a whole number from 1 to 9999.');
      expect(every).toBeInvalid();
    }
    // The rule says what was typed, so the form refuses it rather than saving another number.
    expect(screen.getByRole('textbox', { name: /^Rule/ })).toHaveValue('DTSTART:20301201T020000Z\nRRULE:FREQ=DAILY;INTERVAL=');
    await user.type(every, '3');
    expect(every).toBeValid();
    expect(screen.getByTestId('schedule-words')).toHaveTextContent('Every 3 days at 02:00 UTC');
  });

  it('keeps a day of the month out of range as typed, and says that late days skip short months', async () => {
    const user = userEvent.setup();
    render(<Editor initial={MONTHLY} />);
    const day = screen.getByRole('spinbutton', { name: 'Day of the month (your time)' });
    await user.clear(day);
    await user.type(day, '40');
    expect(day).toHaveValue(40);
    expect(day).toHaveAccessibleDescription('Enter a day from 1 to 31.');
    expect(screen.getByText(/No runs to show: BYMONTHDAY must list days of the month/)).toBeInTheDocument();

    await user.clear(day);
    await user.type(day, '31');
    expect(day).toHaveAccessibleDescription('Months without a day 31 are skipped.');
    expect(screen.getByTestId('schedule-words')).toHaveTextContent(
      'Every month on the 31st at 02:00 UTC, skipping months without a 31st',
    );
  });

  it('says a one-off as "Once on <date> at <time>"', async () => {
    const user = userEvent.setup();
    render(<Editor initial={DAILY} />);
    await choose(user, 'Once');
    expect(screen.getByTestId('schedule-words')).toHaveTextContent(/^Once on \d{1,2} [A-Z][a-z]{2} 20\d\d at \d\d:\d\d UTC$/);
  });

  it('starts an hourly schedule at the next hour', async () => {
    const user = userEvent.setup();
    render(<Editor initial={DAILY} />);
    const expected = nextHour();
    await choose(user, 'Every hour or few hours');
    expect(await screen.findByRole('group', { name: 'Starting on' })).toHaveTextContent(
      format(dayToDate(expected.date)!, 'dd MMM yyyy'),
    );
    expect(await screen.findByRole('group', { name: 'First run at (your time)' })).toHaveTextContent(expected.time);
  });
});
