import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { enGB } from 'date-fns/locale/en-GB';
import { DATE_FORMAT, TIME_FORMAT, type DateInputProps } from '@/components/form/DateInput';

/**
 * The MUI X pickers behind DateInput, in the console's formats (28 Nov 2026, 14:30 on a 24-hour clock,
 * weeks from Monday). Loaded with the first date field a page shows, never with the sign-in page.
 */
export default function DatePickerField({
  kind,
  label,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  name,
  inputRef,
  width,
  size,
}: DateInputProps) {
  const textField = {
    name,
    onBlur,
    inputRef,
    size,
    error: Boolean(error),
    helperText: error ?? helperText,
    sx: { width },
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enGB}>
      {kind === 'date' ? (
        <DatePicker label={label} value={value} onChange={onChange} format={DATE_FORMAT} slotProps={{ textField }} />
      ) : (
        <TimePicker label={label} value={value} onChange={onChange} format={TIME_FORMAT} ampm={false} slotProps={{ textField }} />
      )}
    </LocalizationProvider>
  );
}
