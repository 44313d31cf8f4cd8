import type { ButtonHTMLAttributes } from 'react';
import { PlainIcon } from './PlainIcon';
import { usePlainControlsCss } from './plain-styles';

/**
 * A round icon button that looks like MUI's IconButton (medium, or `small`), made of a plain `<button>`
 * styled by one sheet (plain-styles.ts). Its name is `label` (`aria-label`), also shown on hover as the
 * title. For controls every list page renders on its first load (the pager, a filter's clear button).
 */
export function PlainIconButton({
  label,
  icon,
  small = false,
  className,
  ...button
}: {
  label: string;
  /** An icon's path (PlainIcon.tsx). */
  icon: string;
  small?: boolean;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children' | 'aria-label' | 'title'>) {
  usePlainControlsCss();
  return (
    <button
      type="button"
      className={['pib', small ? 'small' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-label={label}
      title={label}
      {...button}
    >
      <PlainIcon d={icon} size={small ? 20 : 24} />
    </button>
  );
}
