import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { DomainSelector } from '@/api/schemas/data-quality';
import type { AssetGroupTag } from '@/api/schemas/privilege-zones';
import { FormDateInput } from '@/components/form/DateInput';
import { browserTimeZone } from '@/shared/format';
import { plural } from '@/shared/words';
import {
  customFieldsOf,
  POSTURE_PRESETS,
  validateCustomFields,
  type CustomField,
  type CustomFields,
  type ParsedPostureRange,
  type PosturePreset,
  type PostureRange,
} from '@/features/attack-paths/components/posture/posture-range';

/** An environment's kind in words, under its name. */
export const environmentKind = (d: DomainSelector) =>
  d.type.toLowerCase() === 'azure' ? 'Azure tenant' : d.type.toLowerCase() === 'active-directory' ? 'AD domain' : d.type;

/** The environments whose figures are summed: any of the available domains and tenants, all by default. */
export function EnvironmentPicker({
  environments,
  value,
  onChange,
}: {
  environments: readonly DomainSelector[];
  value: readonly DomainSelector[];
  onChange: (picked: DomainSelector[]) => void;
}) {
  const all = value.length === environments.length;
  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      options={environments}
      value={[...value]}
      onChange={(_, picked) => onChange(picked)}
      getOptionLabel={(d) => d.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={(props, d, { selected }) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            <Checkbox
              checked={selected}
              size="small"
              sx={{ mr: 1 }}
              tabIndex={-1}
              slotProps={{ input: { 'aria-hidden': true } }}
            />
            <span>
              <Typography component="span" sx={{ display: 'block' }}>
                {d.name}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary">
                {environmentKind(d)}
              </Typography>
            </span>
          </li>
        );
      }}
      sx={{ minWidth: { sm: 300 }, flex: { md: '1 1 320px' }, maxWidth: { md: 520 } }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Environments"
          helperText={
            value.length === 0
              ? 'Choose at least one environment'
              : all
                ? `All ${plural(environments.length, 'environment')}`
                : `${value.length} of ${plural(environments.length, 'environment')}`
          }
        />
      )}
    />
  );
}

/** The zone the figures are about (Tier Zero unless another is picked), a native select. */
export function ZonePicker({
  zones,
  value,
  onChange,
  error,
}: {
  zones: readonly AssetGroupTag[];
  value: number | null;
  onChange: (zoneId: number) => void;
  error?: string;
}) {
  return (
    <TextField
      select
      label="Zone"
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(Number(e.target.value))}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      error={Boolean(error)}
      helperText={error ?? ' '}
      sx={{ minWidth: 200 }}
    >
      {value === null && <option value="">Choose a zone</option>}
      {zones.map((z) => (
        <option key={z.id} value={String(z.id)}>
          {z.name}
        </option>
      ))}
    </TextField>
  );
}

/** Linear or logarithmic y axes on every chart. */
export function ScalePicker({ value, onChange }: { value: 'linear' | 'log'; onChange: (scale: 'linear' | 'log') => void }) {
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2" color="text.secondary" id="posture-scale-label">
        Scale
      </Typography>
      <ToggleButtonGroup
        value={value}
        exclusive
        size="small"
        aria-labelledby="posture-scale-label"
        onChange={(_, v: 'linear' | 'log' | null) => v && onChange(v)}
      >
        <ToggleButton value="linear">Linear</ToggleButton>
        <ToggleButton value="log">Logarithmic</ToggleButton>
      </ToggleButtonGroup>
    </Stack>
  );
}

const FIELDS: readonly { key: CustomField; kind: 'date' | 'time'; label: string; help: string }[] = [
  { key: 'fromDay', kind: 'date', label: 'From', help: 'First day' },
  { key: 'fromTime', kind: 'time', label: 'From time', help: ' ' },
  { key: 'toDay', kind: 'date', label: 'To', help: 'Last day, up to now' },
  { key: 'toTime', kind: 'time', label: 'To time', help: ' ' },
];

/**
 * The window: the last 7, 30 or 90 days with one click, or "Custom" with a From and a To, each a date and a
 * time (the browser's), checked before anything is read. A wrong one is said on its field and stays as typed.
 */
export function PostureRangePicker({
  parsed,
  onChange,
}: {
  parsed: ParsedPostureRange;
  onChange: (range: PostureRange) => void;
}) {
  const current = parsed.ok ? parsed.range : null;
  const [custom, setCustom] = useState(current === null || current.kind === 'custom');
  const form = useForm<CustomFields>({ defaultValues: customFieldsOf(parsed) });
  // A range the URL carried that does not hold is said on its fields from the start.
  const [urlErrors, setUrlErrors] = useState<Partial<Record<CustomField, string>>>(
    parsed.ok ? {} : { fromDay: parsed.problems.after, toDay: parsed.problems.before },
  );
  const selected = custom || current?.kind !== 'preset' ? 'custom' : String(current.days);

  const apply = form.handleSubmit((fields) => {
    setUrlErrors({});
    const checked = validateCustomFields(fields);
    if (!checked.ok) {
      for (const [key, message] of Object.entries(checked.errors)) form.setError(key as CustomField, { message });
      return;
    }
    onChange({
      kind: 'custom',
      after: checked.after,
      before: checked.before,
      start: new Date(checked.after),
      end: new Date(checked.before),
    });
  });

  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      <Stack spacing={0.5}>
        <Typography variant="body2" color="text.secondary" id="posture-range-label">
          Date range
        </Typography>
        <ToggleButtonGroup
          value={selected}
          exclusive
          size="small"
          aria-labelledby="posture-range-label"
          onChange={(_, v: string | null) => {
            if (v === null) return;
            if (v === 'custom') {
              setCustom(true);
              return;
            }
            setCustom(false);
            setUrlErrors({});
            form.clearErrors();
            onChange({ kind: 'preset', days: Number(v) as PosturePreset });
          }}
          sx={{ flexWrap: 'wrap' }}
        >
          {POSTURE_PRESETS.map((d) => (
            <ToggleButton key={d} value={String(d)}>
              Last {d} days
            </ToggleButton>
          ))}
          <ToggleButton value="custom">Custom</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {selected === 'custom' && (
        <Stack
          component="form"
          aria-label="Custom date range"
          noValidate
          onSubmit={(e) => void apply(e)}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          useFlexGap
          sx={{ alignItems: { sm: 'flex-start' }, flexWrap: 'wrap' }}
        >
          {FIELDS.map(({ key, kind, label, help }) => (
            <FormDateInput
              key={key}
              kind={kind}
              control={form.control}
              name={key}
              label={label}
              size="small"
              error={urlErrors[key]}
              helperText={help}
              width={{ xs: '100%', sm: kind === 'date' ? 190 : 130 }}
            />
          ))}
          <Button type="submit" variant="outlined" sx={{ mt: { sm: '2px' } }}>
            Show range
          </Button>
          <Typography variant="caption" color="text.secondary" sx={{ flexBasis: '100%' }}>
            Times are in {browserTimeZone()}.
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}
