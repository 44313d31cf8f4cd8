import { utcDay } from '@/api/domains';
import { dateToDay, dayToDate } from '@/components/form/DateInput';
import { RangePicker, type RangeCheck } from '@/components/form/RangePicker';
import { RANGE_PRESETS, validateCustomDays, windowOf, type DateRange, type ParsedRange } from '@/features/data-quality/range';

/**
 * The date range: the last 7, 30 or 90 days with one click, or "Custom" with From and To dates (UTC days,
 * both included), checked before anything is read; a wrong one is said on its field and stays as typed.
 */
export function DataQualityRangePicker({ parsed, onChange }: { parsed: ParsedRange; onChange: (range: DateRange) => void }) {
  // The custom fields start from what the URL said, or from the preset's days.
  const initial = !parsed.ok
    ? { from: parsed.from, to: parsed.to }
    : parsed.range.kind === 'custom'
      ? { from: parsed.range.from, to: parsed.range.to }
      : { from: utcDay(windowOf(parsed.range).start), to: utcDay(windowOf(parsed.range).end) };
  const current = parsed.ok ? parsed.range : null;
  return (
    <RangePicker
      label="Date range"
      presets={RANGE_PRESETS}
      preset={current?.kind === 'preset' ? current.days : null}
      shortPresets
      onPreset={(days) => onChange({ kind: 'preset', days })}
      times={false}
      help={{ from: 'First day (UTC), included', to: 'Last day (UTC), included' }}
      defaultValues={{ fromDay: dayToDate(initial.from), fromTime: null, toDay: dayToDate(initial.to), toTime: null }}
      initialErrors={parsed.ok ? {} : { fromDay: parsed.errors.from, toDay: parsed.errors.to }}
      check={({ fromDay, toDay }): RangeCheck<DateRange> => {
        const found = validateCustomDays(fromDay, toDay);
        const from = dateToDay(fromDay);
        const to = dateToDay(toDay);
        if (found.from || found.to || !from || !to) return { ok: false, errors: { fromDay: found.from, toDay: found.to } };
        return { ok: true, range: { kind: 'custom', from, to } };
      }}
      onCustom={onChange}
    />
  );
}
