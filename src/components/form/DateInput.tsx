import TextField from '@mui/material/TextField';
import { format, isValid } from 'date-fns';
import { lazy, Suspense, type ReactNode, type Ref } from 'react';
import { useController, type Control, type FieldPath, type FieldValues, type UseControllerProps } from 'react-hook-form';

/** How dates and times are written and typed in date fields: 28 Nov 2026, 14:30. */
export const DATE_FORMAT = 'd MMM yyyy';
export const TIME_FORMAT = 'HH:mm';

const DatePickerField = lazy(() => import('@/components/form/date-pickers'));

export interface DateInputProps {
  kind: 'date' | 'time';
  label: string;
  /** The date (or time of day); an Invalid Date while what is typed is not one, so the field keeps it. */
  value: Date | null;
  onChange: (value: Date | null) => void;
  onBlur?: () => void;
  /** Why the value cannot be used, naming the field; shown in place of the helper text. */
  error?: string;
  helperText?: ReactNode;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  width?: number | string | Record<string, number | string>;
  size?: 'small' | 'medium';
}

/**
 * A date or a time of day, typed section by section (day, month, year; hours, minutes) or picked from
 * the calendar or clock its button opens. The pickers load with the first such field shown; until then
 * a disabled field of the same label holds the place.
 */
export function DateInput(props: DateInputProps) {
  return (
    <Suspense
      fallback={
        <TextField
          label={props.label}
          size={props.size}
          disabled
          helperText={props.error ?? props.helperText ?? ' '}
          sx={{ width: props.width }}
        />
      }
    >
      <DatePickerField {...props} />
    </Suspense>
  );
}

export type FormDateInputProps<T extends FieldValues, N extends FieldPath<T>> = Omit<
  DateInputProps,
  'value' | 'onChange' | 'onBlur' | 'name' | 'inputRef'
> & {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form context and output type
  control: Control<T, any, any>;
  name: N;
  rules?: UseControllerProps<T, N>['rules'];
};

/** A DateInput bound to one field (a `Date | null`) of a React Hook Form form, its error from the form state. */
export function FormDateInput<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  rules,
  error,
  ...rest
}: FormDateInputProps<T, N>) {
  const { field, fieldState } = useController({ control, name, rules });
  return (
    <DateInput
      {...rest}
      name={field.name}
      value={(field.value as Date | null | undefined) ?? null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error?.message ?? error}
    />
  );
}

// Read with plain patterns rather than date-fns' parse, which would load with the sign-in page (the shared chunk).
/** The local date of a `YYYY-MM-DD` day, null for anything else (no 2026-02-30). */
export function dayToDate(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const read = new Date();
  read.setFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  read.setHours(0, 0, 0, 0);
  return dateToDay(read) === day ? read : null;
}

/** The `YYYY-MM-DD` day of a date field's value; null while it is empty or not a whole date. */
export function dateToDay(value: Date | null): string | null {
  return value && isValid(value) ? format(value, 'yyyy-MM-dd') : null;
}

/** Today at an `HH:MM` time of day, null for anything else. */
export function clockToDate(time: string): Date | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!m) return null;
  const read = new Date();
  read.setHours(Number(m[1]), Number(m[2]), 0, 0);
  return read;
}

/** The `HH:MM` of a time field's value; null while it is empty or not a whole time. */
export function dateToClock(value: Date | null): string | null {
  return value && isValid(value) ? format(value, TIME_FORMAT) : null;
}
