import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { utcDay } from '@/api/domains';
import { dateToDay, dayToDate, FormDateInput } from '@/components/form/DateInput';
import {
  RANGE_PRESETS,
  validateCustomDays,
  windowOf,
  type DateRange,
  type ParsedRange,
  type RangePreset,
} from '@/features/data-quality/range';

/**
 * The date range: the last 7, 30 or 90 days with one click, or "Custom" with From and To dates (UTC days,
 * both included), checked before anything is read; a wrong one is said on its field and stays as typed.
 */
export function RangePicker({ parsed, onChange }: { parsed: ParsedRange; onChange: (range: DateRange) => void }) {
  const current = parsed.ok ? parsed.range : null;
  // The custom fields start from what the URL said, or from the preset's days.
  const initial = !parsed.ok
    ? { from: parsed.from, to: parsed.to }
    : parsed.range.kind === 'custom'
      ? { from: parsed.range.from, to: parsed.range.to }
      : { from: utcDay(windowOf(parsed.range).start), to: utcDay(windowOf(parsed.range).end) };
  const [custom, setCustom] = useState(current === null || current.kind === 'custom');
  const form = useForm<{ from: Date | null; to: Date | null }>({
    defaultValues: { from: dayToDate(initial.from), to: dayToDate(initial.to) },
  });
  // A range the URL carried that does not hold is said on its fields from the start.
  const [urlErrors, setUrlErrors] = useState(parsed.ok ? {} : parsed.errors);
  const selected = custom ? 'custom' : current?.kind === 'preset' ? String(current.days) : 'custom';

  const apply = form.handleSubmit(({ from, to }) => {
    setUrlErrors({});
    const found = validateCustomDays(from, to);
    if (found.from) form.setError('from', { message: found.from });
    if (found.to) form.setError('to', { message: found.to });
    const fromDay = dateToDay(from);
    const toDay = dateToDay(to);
    if (!found.from && !found.to && fromDay && toDay) onChange({ kind: 'custom', from: fromDay, to: toDay });
  });

  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      <ToggleButtonGroup
        value={selected}
        exclusive
        size="small"
        aria-label="Date range"
        onChange={(_, v: string | null) => {
          if (v === null) return;
          if (v === 'custom') setCustom(true);
          else {
            setCustom(false);
            setUrlErrors({});
            form.clearErrors();
            onChange({ kind: 'preset', days: Number(v) as RangePreset });
          }
        }}
        sx={{ flexWrap: 'wrap' }}
      >
        {RANGE_PRESETS.map((d) => (
          <ToggleButton key={d} value={String(d)} aria-label={`Last ${d} days`}>
            {d} days
          </ToggleButton>
        ))}
        <ToggleButton value="custom">Custom</ToggleButton>
      </ToggleButtonGroup>
      {selected === 'custom' && (
        <Stack
          component="form"
          aria-label="Custom date range"
          noValidate
          onSubmit={(e) => void apply(e)}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          {(
            [
              ['from', 'From', 'First day (UTC), included'],
              ['to', 'To', 'Last day (UTC), included'],
            ] as const
          ).map(([key, label, help]) => (
            <FormDateInput
              key={key}
              kind="date"
              control={form.control}
              name={key}
              label={label}
              size="small"
              error={urlErrors[key]}
              helperText={help}
              width={{ xs: '100%', sm: 190 }}
            />
          ))}
          <Button type="submit" variant="outlined" sx={{ mt: { sm: '2px' } }}>
            Show range
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
