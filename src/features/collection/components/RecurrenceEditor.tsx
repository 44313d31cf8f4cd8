import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState, type Ref } from 'react';
import { describeSchedule, ruleProblem, upcomingRuns } from '@/shared/schedule';
import { browserTimeZone } from '@/shared/format';
import { formatCount } from '@/shared/count';
import { clockToDate, DateInput, dateToClock, dateToDay, dayToDate } from '@/components/form/DateInput';
import {
  defaultRecurrence,
  isInterval,
  isMonthDay,
  localToInstant,
  MAX_INTERVAL,
  nextHour,
  recurrenceToRule,
  ruleToRecurrence,
  WEEKDAY_NAMES,
  WEEKDAYS,
  zoneSentence,
  type Frequency,
  type Recurrence,
  type Weekday,
} from '@/features/collection/recurrence';
import { pluralWord } from '@/shared/words';

const FREQUENCY_LABELS: Record<Frequency, string> = {
  once: 'Once',
  hourly: 'Every hour or few hours',
  daily: 'Every day or few days',
  weekly: 'Weekly, on chosen days',
  monthly: 'Monthly, on a day of the month',
};

const UNITS: Record<Exclude<Frequency, 'once'>, [string, string]> = {
  hourly: ['hour', 'hours'],
  daily: ['day', 'days'],
  weekly: ['week', 'weeks'],
  monthly: ['month', 'months'],
};

const CUSTOM = 'custom';

/** The number typed in a number field; NaN when the field is empty. */
const numberOf = (text: string) => (text.trim() === '' ? NaN : Number(text));

/** "Mon 7 Dec 2026, 09:00" in the browser's zone, and "08:00 UTC". */
function runText(d: Date): { local: string; utc: string } {
  const local = d.toLocaleString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const utc = d.toLocaleString('en-GB', {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  });
  return { local, utc: `${utc} UTC` };
}

/**
 * The schedule of an event, for people and for experts at once: a simple
 * editor (once, hourly, daily, weekly on chosen days, monthly on a day; a date
 * and time in the browser's zone, UTC shown), the rule in words and its next
 * five runs as it is edited, and the raw RFC 5545 rule, editable. Both stay in
 * step: the simple editor writes the rule; a rule typed that the editor can
 * say moves the editor; one it cannot say shows "Custom rule" and stays as
 * typed (choosing a frequency then replaces it).
 */
export function RecurrenceEditor({
  value,
  onChange,
  onBlur,
  error,
  inputRef,
}: {
  value: string;
  onChange: (rule: string) => void;
  onBlur?: () => void;
  /** The form's (or the server's) message for the rule. */
  error?: string;
  inputRef?: Ref<HTMLTextAreaElement | HTMLInputElement>;
}) {
  const [draft, setDraft] = useState<Recurrence>(() => ruleToRecurrence(value) ?? defaultRecurrence());
  const [custom, setCustom] = useState(() => value.trim() !== '' && ruleToRecurrence(value) === null);
  const zone = useMemo(() => browserTimeZone(), []);
  const daysLabel = useId();
  const previewId = useId();
  // Once the person types the rule, its problems show under it as they type.
  const [typing, setTyping] = useState(false);

  // The number fields keep what was typed; a number out of range is said at its field (and written into
  // the rule as it is, so the form refuses it too) rather than changed behind the person's back.
  const [intervalText, setIntervalText] = useState(() => String(draft.interval));
  const [monthDayText, setMonthDayText] = useState(() => String(draft.monthDay));
  const intervalProblem = isInterval(numberOf(intervalText)) ? null : `Enter a whole number from 1 to ${MAX_INTERVAL}.`;
  const monthDayProblem = isMonthDay(numberOf(monthDayText)) ? null : 'Enter a day from 1 to 31.';
  // The date and time fields likewise keep what was typed while it is not a whole date or time (the rule
  // then waits for one); a rule typed or a frequency chosen moves them.
  const [dateEntry, setDateEntry] = useState(() => dayToDate(draft.date));
  const [timeEntry, setTimeEntry] = useState(() => clockToDate(draft.time));
  const dateProblem =
    dateEntry === null ? 'Enter a date.' : dateToDay(dateEntry) ? null : 'Enter a whole date, like 28 Nov 2026.';
  const timeProblem = timeEntry === null ? 'Enter a time.' : dateToClock(timeEntry) ? null : 'Enter a whole time, like 09:30.';

  const edit = (patch: Partial<Recurrence>) => {
    const next = { ...draft, ...patch };
    if (patch.date) setDateEntry(dayToDate(patch.date));
    if (patch.time) setTimeEntry(clockToDate(patch.time));
    setDraft(next);
    setCustom(false);
    const rule = recurrenceToRule(next);
    if (rule) onChange(rule);
  };

  const type = (text: string) => {
    setTyping(true);
    onChange(text);
    const read = ruleToRecurrence(text);
    if (read) {
      setDraft(read);
      setDateEntry(dayToDate(read.date));
      setTimeEntry(clockToDate(read.time));
      setIntervalText(String(read.interval));
      setMonthDayText(String(read.monthDay));
      setCustom(false);
    } else setCustom(true);
  };

  const chooseFrequency = (frequency: Frequency) => {
    // An hourly schedule starts at the next hour, not on the next day's date another frequency left.
    const start = frequency === 'hourly' && f !== 'hourly' ? nextHour() : {};
    edit({ frequency, ...start });
  };

  const problem = value.trim() === '' ? null : ruleProblem(value);
  const words = describeSchedule(value);
  const runs = problem ? [] : upcomingRuns(value, 5);
  const start = localToInstant(draft.date, draft.time);
  const f = draft.frequency;
  const unit = f === 'once' ? null : UNITS[f];

  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Repeats"
        value={custom ? CUSTOM : f}
        onChange={(e) => {
          const next = e.target.value;
          if (next !== CUSTOM) chooseFrequency(next as Frequency);
        }}
        helperText={custom ? 'The rule below says more than this editor can; choose a frequency to replace it.' : undefined}
        fullWidth
      >
        {(Object.keys(FREQUENCY_LABELS) as Frequency[]).map((k) => (
          <MenuItem key={k} value={k}>
            {FREQUENCY_LABELS[k]}
          </MenuItem>
        ))}
        {custom && (
          <MenuItem value={CUSTOM} disabled>
            Custom rule
          </MenuItem>
        )}
      </TextField>

      {!custom && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {unit && (
              <TextField
                label="Every"
                type="number"
                value={intervalText}
                onChange={(e) => {
                  setIntervalText(e.target.value);
                  edit({ interval: numberOf(e.target.value) });
                }}
                error={intervalProblem !== null}
                helperText={intervalProblem}
                slotProps={{
                  htmlInput: { min: 1, max: MAX_INTERVAL, step: 1 },
                  input: {
                    endAdornment: <InputAdornment position="end">{draft.interval === 1 ? unit[0] : unit[1]}</InputAdornment>,
                  },
                }}
                sx={{ minWidth: 160 }}
              />
            )}
            <DateInput
              kind="date"
              label={f === 'once' ? 'On' : 'Starting on'}
              value={dateEntry}
              onChange={(value) => {
                setDateEntry(value);
                const day = dateToDay(value);
                // The year is taken once its four digits are typed (not year 2, 20, 202 on the way).
                if (day && value!.getFullYear() >= 1000) edit({ date: day });
              }}
              error={dateProblem ?? undefined}
              width="100%"
            />
            <DateInput
              kind="time"
              label={f === 'hourly' ? 'First run at (your time)' : 'At (your time)'}
              value={timeEntry}
              onChange={(value) => {
                setTimeEntry(value);
                const time = dateToClock(value);
                if (time) edit({ time });
              }}
              error={timeProblem ?? undefined}
              width="100%"
            />
          </Stack>
          {start && (
            <Typography variant="body2" color="text.secondary">
              {zoneSentence(start, undefined, zone)}
              {f === 'hourly' ? ' Later runs keep the same minutes past the hour.' : ''}
              {runs[0] && runs[0].getTimezoneOffset() !== start.getTimezoneOffset()
                ? ' Runs keep to UTC, so with the change of daylight-saving time they move by an hour in your time: see the next runs.'
                : ''}
            </Typography>
          )}
          {f === 'weekly' && (
            <FormControl error={draft.weekdays.length === 0}>
              <FormLabel id={daysLabel} sx={{ mb: 0.5 }}>
                On these days (your time)
              </FormLabel>
              <ToggleButtonGroup
                aria-labelledby={daysLabel}
                value={draft.weekdays}
                onChange={(_, days: Weekday[]) => edit({ weekdays: WEEKDAYS.filter((d) => days.includes(d)) })}
                size="small"
                sx={{ flexWrap: 'wrap' }}
              >
                {WEEKDAYS.map((d) => (
                  <ToggleButton key={d} value={d} aria-label={WEEKDAY_NAMES[d]} sx={{ minWidth: 48 }}>
                    {WEEKDAY_NAMES[d].slice(0, 3)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              {draft.weekdays.length === 0 && (
                <FormHelperText>No day chosen: the rule runs on the start day’s weekday.</FormHelperText>
              )}
            </FormControl>
          )}
          {f === 'monthly' && (
            <TextField
              label="Day of the month (your time)"
              type="number"
              value={monthDayText}
              onChange={(e) => {
                setMonthDayText(e.target.value);
                edit({ monthDay: numberOf(e.target.value) });
              }}
              slotProps={{ htmlInput: { min: 1, max: 31, step: 1 } }}
              error={monthDayProblem !== null}
              helperText={
                monthDayProblem ?? (draft.monthDay > 28 ? `Months without a day ${draft.monthDay} are skipped.` : 'From 1 to 31')
              }
              sx={{ maxWidth: 240 }}
            />
          )}
        </>
      )}

      <Box
        id={previewId}
        aria-live="polite"
        sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}
        data-testid="schedule-preview"
      >
        {problem ? (
          <Typography color="error" variant="body2">
            No runs to show: {problem}
          </Typography>
        ) : value.trim() === '' ? (
          <Typography variant="body2" color="text.secondary">
            Choose when the collection runs.
          </Typography>
        ) : (
          <>
            <Typography sx={{ fontWeight: 600 }} data-testid="schedule-words">
              {words.text}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              Next {pluralWord(runs.length, 'run', `${formatCount(runs.length)} runs`)} (your time, {zone}):
            </Typography>
            <Box component="ol" sx={{ m: 0, mt: 0.5, pl: 2.5 }} aria-label="Next runs">
              {runs.map((d) => {
                const t = runText(d);
                return (
                  <li key={d.toISOString()}>
                    <Typography variant="body2">
                      <time dateTime={d.toISOString()}>{t.local}</time>{' '}
                      <Typography component="span" variant="body2" color="text.secondary">
                        ({t.utc})
                      </Typography>
                    </Typography>
                  </li>
                );
              })}
            </Box>
          </>
        )}
      </Box>

      <TextField
        label="Rule (RFC 5545, times in UTC)"
        value={value}
        onChange={(e) => type(e.target.value)}
        onBlur={onBlur}
        inputRef={inputRef}
        multiline
        minRows={2}
        fullWidth
        error={Boolean(error) || (typing && problem !== null)}
        helperText={
          error ??
          (typing && problem
            ? problem
            : 'For experts: edit the rule directly (DTSTART, then RRULE); the editor above follows it.')
        }
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', style: { fontFamily: 'monospace' } } }}
      />
      {custom && !problem && (
        <Alert severity="info">Custom rule: the editor above cannot show it, so it is kept exactly as typed.</Alert>
      )}
    </Stack>
  );
}
