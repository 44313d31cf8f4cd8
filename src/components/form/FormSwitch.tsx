import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface FormToggleProps<T extends FieldValues, N extends FieldPath<T>> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form context and output type
  control: Control<T, any, any>;
  name: N;
  label: ReactNode;
  disabled?: boolean;
  /** Under the control; the field's error replaces it. */
  helperText?: ReactNode;
  /** After the field changed, for what goes with it (turning one setting on clears another). */
  onChange?: (checked: boolean) => void;
  /** Shown off whatever the value, while the setting does not apply. */
  forceOff?: boolean;
  /** More attributes of the <input> (aria-describedby, …). */
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
}

function FormToggle<T extends FieldValues, N extends FieldPath<T>>({
  kind,
  control,
  name,
  label,
  disabled,
  helperText,
  onChange,
  forceOff = false,
  inputProps,
}: FormToggleProps<T, N> & { kind: 'switch' | 'checkbox' }) {
  const { field, fieldState } = useController({ control, name });
  const helperId = useId();
  const helper = fieldState.error?.message ?? helperText;
  const describedBy = [inputProps?.['aria-describedby'], helper ? helperId : null].filter(Boolean).join(' ') || undefined;
  const props = {
    checked: !forceOff && Boolean(field.value),
    disabled,
    onChange: (_: unknown, checked: boolean) => {
      field.onChange(checked);
      onChange?.(checked);
    },
    onBlur: field.onBlur,
    slotProps: { input: { ...inputProps, ref: field.ref, 'aria-describedby': describedBy } },
  };
  return (
    <Box>
      <FormControlLabel control={kind === 'switch' ? <Switch {...props} /> : <Checkbox {...props} />} label={label} />
      {helper && (
        <FormHelperText id={helperId} error={Boolean(fieldState.error)} sx={{ mt: -0.5, mx: 0 }}>
          {helper}
        </FormHelperText>
      )}
    </Box>
  );
}

/** A Switch bound to one boolean field of a React Hook Form form, with its label and helper text or error. */
export function FormSwitch<T extends FieldValues, N extends FieldPath<T>>(props: FormToggleProps<T, N>) {
  return <FormToggle kind="switch" {...props} />;
}

/** A Checkbox bound to one boolean field of a React Hook Form form, with its label and helper text or error. */
export function FormCheckbox<T extends FieldValues, N extends FieldPath<T>>(props: FormToggleProps<T, N>) {
  return <FormToggle kind="checkbox" {...props} />;
}
