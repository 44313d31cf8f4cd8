import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState, type FormEvent } from 'react';
import { utcDay } from '@/api/domains';
import {
  RANGE_PRESETS,
  validateCustomRange,
  windowOf,
  type DateRange,
  type ParsedRange,
  type RangeErrors,
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
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [errors, setErrors] = useState<RangeErrors>(parsed.ok ? {} : parsed.errors);
  const selected = custom ? 'custom' : current?.kind === 'preset' ? String(current.days) : 'custom';

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const found = validateCustomRange(from, to);
    setErrors(found);
    if (!found.from && !found.to) onChange({ kind: 'custom', from: from.trim(), to: to.trim() });
  };

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
            setErrors({});
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
          onSubmit={apply}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          {(
            [
              ['from', 'From', from, setFrom, 'First day (UTC), included'],
              ['to', 'To', to, setTo, 'Last day (UTC), included'],
            ] as const
          ).map(([key, label, value, set, help]) => (
            <TextField
              key={key}
              label={label}
              type="date"
              size="small"
              value={value}
              onChange={(e) => set(e.target.value)}
              error={!!errors[key]}
              helperText={errors[key] ?? help}
              slotProps={{ inputLabel: { shrink: true } }}
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
