import { useId, type CSSProperties, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { ARROW_DROP_DOWN, PlainIcon } from './PlainIcon';
import { usePlainControlsCss } from './plain-styles';

interface FieldFrame {
  /** The field's label: on its outline, or inside an empty text box without an icon until it has focus, as MUI's. */
  label: string;
  /** A problem with what was typed: the outline, label and helper text turn to the error colour. */
  error?: boolean;
  /** Text under the field (the problem, when `error`). */
  helperText?: ReactNode;
  /** Width of the whole field; full width when omitted. */
  width?: number;
  /** Full width on a phone (below `sm`) whatever `width` says. */
  phoneFull?: boolean;
  /** The label sits inside the box while it is empty and without focus (CSS: the input's `:placeholder-shown`). */
  float?: boolean;
  className?: string;
}

/** What a field's caller sets of its frame (`float` is the field's own). */
type FieldProps = Omit<FieldFrame, 'float'>;

/** A field's props: those of its frame, and the rest for its control. */
function splitFrame<P extends FieldProps>({ label, error, helperText, width, phoneFull, className, ...rest }: P) {
  return [{ label, error, helperText, width, phoneFull, className }, rest] as const;
}

/** What ties a control to its frame: its id (the label's `for`), its error state and its helper text. */
interface ControlAttributes {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

function Frame({
  controlId,
  frame,
  control,
  start,
  end,
  arrow,
}: {
  /** The control's own id, if its caller gave one. */
  controlId: string | undefined;
  frame: FieldFrame;
  control: (attributes: ControlAttributes) => ReactNode;
  start?: ReactNode;
  end?: ReactNode;
  arrow?: boolean;
}) {
  usePlainControlsCss();
  const own = useId();
  const id = controlId ?? own;
  const { label, error, helperText, width, phoneFull, float, className } = frame;
  return (
    <div
      className={['pf', error ? 'error' : '', phoneFull ? 'phone-full' : '', float ? 'float' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      style={width === undefined ? undefined : ({ '--pf-width': `${width}px` } as CSSProperties)}
    >
      <label htmlFor={id}>{label}</label>
      <div className="box">
        {start && <span className="start">{start}</span>}
        {control({ id, 'aria-invalid': error || undefined, 'aria-describedby': helperText ? `${id}-help` : undefined })}
        {arrow && <PlainIcon d={ARROW_DROP_DOWN} className="arrow" />}
        {end && <span className="end">{end}</span>}
        <fieldset aria-hidden="true">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
      {helperText && (
        <p className="help" id={`${id}-help`}>
          {helperText}
        </p>
      )}
    </div>
  );
}

/**
 * A text box that looks like MUI's small outlined TextField (label on the outline, optional icon before and
 * button after, helper text), made of plain elements styled by one sheet (plain-styles.ts): for the controls
 * every list page renders on its first load (filters, the pager). The label names the input.
 */
export function PlainTextField({
  start,
  end,
  ...props
}: FieldProps & { start?: ReactNode; end?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'width'>) {
  const [frame, input] = splitFrame(props);
  return (
    <Frame
      controlId={input.id}
      frame={{ ...frame, float: !start }}
      start={start}
      end={end}
      control={(attributes) => (
        <input
          type="text"
          {...input}
          // A placeholder, if only a space, so CSS can tell an empty box (see `float`).
          placeholder={input.placeholder ?? (start ? undefined : ' ')}
          {...attributes}
        />
      )}
    />
  );
}

/** A native choice that looks like MUI's small outlined TextField with `select` and a native select. */
export function PlainSelectField({
  children,
  ...props
}: FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className' | 'width'>) {
  const [frame, select] = splitFrame(props);
  return (
    <Frame
      controlId={select.id}
      frame={frame}
      arrow
      control={(attributes) => (
        <select {...select} {...attributes}>
          {children}
        </select>
      )}
    />
  );
}
