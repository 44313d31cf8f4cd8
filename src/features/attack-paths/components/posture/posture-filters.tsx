import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { DomainSelector } from '@/api/schemas/data-quality';
import type { AssetGroupTag } from '@/api/schemas/privilege-zones';
import { RangePicker, type RangeCheck } from '@/components/form/RangePicker';
import { plural } from '@/shared/words';
import {
  customFieldsOf,
  POSTURE_PRESETS,
  validateCustomFields,
  type ParsedPostureRange,
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
  return (
    <RangePicker
      label="Date range"
      showLabel
      presets={POSTURE_PRESETS}
      preset={current?.kind === 'preset' ? current.days : null}
      onPreset={(days) => onChange({ kind: 'preset', days })}
      times
      help={{ from: 'First day', to: 'Last day, up to now' }}
      defaultValues={customFieldsOf(parsed)}
      initialErrors={parsed.ok ? {} : { fromDay: parsed.problems.after, toDay: parsed.problems.before }}
      check={(fields): RangeCheck<PostureRange> => {
        const checked = validateCustomFields(fields);
        if (!checked.ok) return checked;
        const { after, before } = checked;
        return { ok: true, range: { kind: 'custom', after, before, start: new Date(after), end: new Date(before) } };
      }}
      onCustom={onChange}
    />
  );
}
