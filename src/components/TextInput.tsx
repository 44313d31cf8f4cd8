import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ReactNode, type Ref } from 'react';

export interface TextInputProps extends Omit<
  OutlinedInputProps,
  'label' | 'error' | 'inputRef' | 'ref' | 'inputProps' | 'slotProps'
> {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  /** Goes to the <input> itself (React Hook Form's `register(...).ref`), so setFocus works. */
  ref?: Ref<HTMLInputElement>;
  htmlInput?: React.InputHTMLAttributes<HTMLInputElement>;
}

/**
 * An outlined text field (label, input, helper text) that looks and behaves like
 * MUI's TextField without its select mode, which drags Select, Menu, Popover and
 * Modal into the bundle. Used on the sign-in page, which must stay small.
 */
export function TextInput({ label, helperText, error, required, fullWidth = true, ref, htmlInput, id, ...rest }: TextInputProps) {
  const auto = useId();
  const inputId = id ?? `text-input-${auto}`;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  return (
    <FormControl variant="outlined" error={error} required={required} fullWidth={fullWidth}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        {...rest}
        id={inputId}
        label={required ? `${label}\u2009*` : label}
        inputRef={ref}
        inputProps={{ ...htmlInput, 'aria-describedby': helperId }}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
