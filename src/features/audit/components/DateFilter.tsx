import TextField from '@mui/material/TextField';
import { useTypedText } from '@/components/use-typed-text';
import { DATE_LABELS, type DateBound } from '@/features/audit/filters';

/**
 * One bound of the date range: a date or a date and time, typed in the browser's time zone, applied on
 * Enter or on leaving the field (what was typed is kept in the URL even when it is wrong, with the
 * message under the field).
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
  const { text, setText, wrote } = useTypedText(current);
  const apply = () => {
    if (text.trim() === current) return;
    wrote(text.trim());
    onApply(bound, text);
  };
  return (
    <TextField
      size="small"
      label={DATE_LABELS[bound]}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={apply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') apply();
      }}
      placeholder="YYYY-MM-DD"
      error={!!problem}
      helperText={problem}
      autoComplete="off"
      sx={{ width: { xs: '100%', sm: 180 } }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { spellCheck: false } }}
    />
  );
}
