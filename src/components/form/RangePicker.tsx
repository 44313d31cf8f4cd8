import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDateInput } from '@/components/form/DateInput';
import { browserTimeZone } from '@/shared/format';

/**
 * What the custom range's form holds: a From and a To day and, when times are shown, a time of day for each
 * (an Invalid Date while one is half typed; the times stay null when they are not shown).
 */
export interface RangeFields {
  fromDay: Date | null;
  fromTime: Date | null;
  toDay: Date | null;
  toTime: Date | null;
}
export type RangeField = keyof RangeFields;
/** What is wrong with a custom range, on the field it is about. */
export type RangeFieldErrors = Partial<Record<RangeField, string>>;

/** A custom range's fields checked: the range they stand for, or what is wrong with them by field. */
export type RangeCheck<R> = { ok: true; range: R } | { ok: false; errors: RangeFieldErrors };

export interface RangePickerProps<P extends number, R> {
  /** The group of buttons' name ("Date range"). */
  label: string;
  /** Whether the name is also shown above the buttons (else it is only the group's accessible name). */
  showLabel?: boolean;
  /** The "Last N days" offered, in order. */
  presets: readonly P[];
  /** The preset the current range is; null while it is a custom one (or one the URL carried that does not hold). */
  preset: P | null;
  /** Whether the buttons say only "7 days" (still named "Last 7 days"). */
  shortPresets?: boolean;
  onPreset: (days: P) => void;
  /** Whether the custom range has a time of day at each end (the browser's, said under the fields). */
  times: boolean;
  /** The helper text under the From and To days. */
  help: { from: string; to: string };
  /** The custom fields' first values. */
  defaultValues: RangeFields;
  /** What is wrong with the range the URL carried, said on its fields from the start. */
  initialErrors?: RangeFieldErrors;
  /** The custom fields checked as the page reads them (past, future, order). */
  check: (fields: RangeFields) => RangeCheck<R>;
  onCustom: (range: R) => void;
}

/**
 * A date range: the last few days with one click, or "Custom" with a From and a To (days, or days and
 * times), checked before anything is read. A wrong one is said on its field and stays as typed.
 */
export function RangePicker<P extends number, R>({
  label,
  showLabel = false,
  presets,
  preset,
  shortPresets = false,
  onPreset,
  times,
  help,
  defaultValues,
  initialErrors = {},
  check,
  onCustom,
}: RangePickerProps<P, R>) {
  const labelId = useId();
  const [custom, setCustom] = useState(preset === null);
  const form = useForm<RangeFields>({ defaultValues });
  const [urlErrors, setUrlErrors] = useState<RangeFieldErrors>(initialErrors);
  const selected = custom || preset === null ? 'custom' : String(preset);

  const fields: readonly { key: RangeField; kind: 'date' | 'time'; label: string; help: string }[] = times
    ? [
        { key: 'fromDay', kind: 'date', label: 'From', help: help.from },
        { key: 'fromTime', kind: 'time', label: 'From time', help: ' ' },
        { key: 'toDay', kind: 'date', label: 'To', help: help.to },
        { key: 'toTime', kind: 'time', label: 'To time', help: ' ' },
      ]
    : [
        { key: 'fromDay', kind: 'date', label: 'From', help: help.from },
        { key: 'toDay', kind: 'date', label: 'To', help: help.to },
      ];

  const apply = form.handleSubmit((values) => {
    setUrlErrors({});
    const checked = check(values);
    if (checked.ok) {
      onCustom(checked.range);
      return;
    }
    for (const [key, message] of Object.entries(checked.errors)) if (message) form.setError(key as RangeField, { message });
  });

  const buttons = (
    <ToggleButtonGroup
      value={selected}
      exclusive
      size="small"
      {...(showLabel ? { 'aria-labelledby': labelId } : { 'aria-label': label })}
      onChange={(_, v: string | null) => {
        if (v === null) return;
        if (v === 'custom') {
          setCustom(true);
          return;
        }
        setCustom(false);
        setUrlErrors({});
        form.clearErrors();
        onPreset(Number(v) as P);
      }}
      sx={{ flexWrap: 'wrap' }}
    >
      {presets.map((d) => (
        <ToggleButton key={d} value={String(d)} aria-label={shortPresets ? `Last ${d} days` : undefined}>
          {shortPresets ? `${d} days` : `Last ${d} days`}
        </ToggleButton>
      ))}
      <ToggleButton value="custom">Custom</ToggleButton>
    </ToggleButtonGroup>
  );

  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      {showLabel ? (
        <Stack spacing={0.5}>
          <Typography variant="body2" color="text.secondary" id={labelId}>
            {label}
          </Typography>
          {buttons}
        </Stack>
      ) : (
        buttons
      )}
      {selected === 'custom' && (
        <Stack
          component="form"
          aria-label="Custom date range"
          noValidate
          onSubmit={(e) => void apply(e)}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          useFlexGap
          // With times, four fields and a note: they wrap, the note on its own line.
          sx={{ alignItems: { sm: 'flex-start' }, flexWrap: times ? 'wrap' : undefined }}
        >
          {fields.map(({ key, kind, label: fieldLabel, help: fieldHelp }) => (
            <FormDateInput
              key={key}
              kind={kind}
              control={form.control}
              name={key}
              label={fieldLabel}
              size="small"
              error={urlErrors[key]}
              helperText={fieldHelp}
              width={{ xs: '100%', sm: kind === 'date' ? 190 : 130 }}
            />
          ))}
          <Button type="submit" variant="outlined" sx={{ mt: { sm: '2px' } }}>
            Show range
          </Button>
          {times && (
            <Typography variant="caption" color="text.secondary" sx={{ flexBasis: '100%' }}>
              Times are in {browserTimeZone()}.
            </Typography>
          )}
        </Stack>
      )}
    </Stack>
  );
}
