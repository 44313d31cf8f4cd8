import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues, type UseControllerProps } from 'react-hook-form';
import { TextInput, type TextInputProps } from '@/components/TextInput';

/**
 * {@link FormTextField}'s light twin on the sign-in page's TextInput (no MUI
 * TextField, Select or Modal in that page's bundle): bound to one form field,
 * with its error from the form state in place of the helper text.
 */
export function FormTextInput<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  rules,
  helperText,
  ...rest
}: Omit<TextInputProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref' | 'error' | 'helperText'> & {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form context and output type
  control: Control<T, any, any>;
  name: N;
  rules?: UseControllerProps<T, N>['rules'];
  helperText?: ReactNode;
}) {
  const { field, fieldState } = useController({ control, name, rules });
  return (
    <TextInput
      {...rest}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      ref={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
