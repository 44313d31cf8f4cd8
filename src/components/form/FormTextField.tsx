import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues, type UseControllerProps } from 'react-hook-form';

export type FormTextFieldProps<T extends FieldValues, N extends FieldPath<T>> = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'inputRef' | 'helperText'
> & {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form context and output type
  control: Control<T, any, any>;
  name: N;
  rules?: UseControllerProps<T, N>['rules'];
  /** Shown under the field when it has no error; the field's error replaces it. */
  helperText?: ReactNode;
};

/**
 * A TextField bound to one field of a React Hook Form form: its value, its
 * label, its helper text, and the error from the form state (a rule's or the
 * server's) in place of the helper text. The input's ref is the field's, so
 * setFocus and shouldFocus reach it. Every MUI TextField prop passes through
 * (`select` with its options as children, `type`, `slotProps`, …); `error`
 * adds to the field's own error (say, its options could not be loaded).
 */
export function FormTextField<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  rules,
  helperText,
  error,
  fullWidth = true,
  ...rest
}: FormTextFieldProps<T, N>) {
  const { field, fieldState } = useController({ control, name, rules });
  return (
    <TextField
      {...rest}
      fullWidth={fullWidth}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error) || Boolean(error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
