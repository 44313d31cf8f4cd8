import Stack from '@mui/material/Stack';
import { useState, type FocusEvent } from 'react';
import { DateInput, dateToClock, dateToDay, dayToDate } from '@/components/form/DateInput';
import { DATE_LABELS, EARLIEST_YEAR, parseDate, type DateBound } from '@/lib/date-range';

/** The date and time fields' values for what the URL holds: a date alone leaves the time empty. */
function entriesOf(current: string, bound: DateBound): { date: Date | null; time: Date | null } {
  const parsed = parseDate(current, bound);
  if (!parsed?.ok) return { date: null, time: null };
  if (parsed.text.length === 10) return { date: dayToDate(parsed.text), time: null };
  return { date: parsed.instant, time: parsed.instant };
}

/**
 * One bound of the date range: a date, and a time of day if wanted, in the browser's time zone. A whole
 * date (or date and time) is applied as it is completed; one left half-typed stays as typed with the
 * message under it.
 */
export function DateFilter({
  bound,
  current,
  problem,
  onApply,
}: {
  bound: DateBound;
  /** What the URL holds. */
  current: string;
  /** Why the value cannot be used (from the page or from the server), naming the field. */
  problem?: string;
  onApply: (bound: DateBound, text: string) => void;
}) {
  const [seen, setSeen] = useState(current);
  const [entries, setEntries] = useState(() => entriesOf(current, bound));
  const [typedProblem, setTypedProblem] = useState<string | null>(null);
  if (seen !== current) {
    setSeen(current);
    setEntries(entriesOf(current, bound));
    setTypedProblem(null);
  }
  const label = DATE_LABELS[bound];
  const complete = (d: Date | null) => d === null || (dateToDay(d) !== null && d.getFullYear() >= EARLIEST_YEAR);

  /** The URL's spelling of the entries, or null while one is half-typed. */
  const textOf = ({ date, time }: typeof entries): string | null => {
    if (!complete(date) || (time !== null && !dateToClock(time))) return null;
    const day = dateToDay(date);
    if (!day) return time === null ? '' : null;
    const clock = dateToClock(time);
    return clock ? `${day}T${clock}` : day;
  };

  const change = (next: typeof entries) => {
    setEntries(next);
    setTypedProblem(null);
    const text = textOf(next);
    if (text !== null && text !== current) onApply(bound, text);
  };

  // Said once the person leaves a field half-typed, not while they type.
  const leave = (e: FocusEvent<HTMLElement>) => {
    if (e.currentTarget.contains(e.relatedTarget as Node | null) || textOf(entries) !== null) return;
    setTypedProblem(
      entries.date === null
        ? `${label}: enter a date for the time.`
        : !complete(entries.date)
          ? `${label}: enter a whole date from 1970 on, like 1 Nov 2026.`
          : `${label}: type the hours and minutes, like 14:30.`,
    );
  };

  const dateProblem = typedProblem ?? problem;
  return (
    <Stack direction="row" spacing={1} onBlur={leave} sx={{ width: { xs: '100%', sm: 'auto' } }}>
      <DateInput
        kind="date"
        size="small"
        label={label}
        value={entries.date}
        onChange={(date) => change({ ...entries, date })}
        error={dateProblem}
        width={{ xs: '100%', sm: 180 }}
      />
      <DateInput
        kind="time"
        size="small"
        label={`${label} time`}
        value={entries.time}
        onChange={(time) => change({ ...entries, time })}
        error={dateProblem ? ' ' : undefined}
        width={{ xs: '100%', sm: 140 }}
      />
    </Stack>
  );
}
