/**
 * Material icons drawn inline, for the plain controls: the same paths as @mui/icons-material's, without a
 * styled SvgIcon per icon. 1em square, the text's colour.
 */
export function PlainIcon({ d, className, size = '1em' }: { d: string; className?: string; size?: string | number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} className={className} aria-hidden="true" focusable="false">
      <path d={d} fill="currentColor" />
    </svg>
  );
}

/** The paths, from @mui/icons-material (MIT), by that package's names. */
export const ARROW_DROP_DOWN = 'M7 10l5 5 5-5z';
export const ARROW_DOWNWARD = 'm20 12-1.41-1.41L13 16.17V4h-2v12.17l-5.58-5.59L4 12l8 8z';
export const SEARCH =
  'M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14';
export const CLEAR = 'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z';
export const FIRST_PAGE = 'M18.41 16.59 13.82 12l4.59-4.59L17 6l-6 6 6 6zM6 6h2v12H6z';
export const LAST_PAGE = 'M5.59 7.41 10.18 12l-4.59 4.59L7 18l6-6-6-6zM16 6h2v12h-2z';
export const KEYBOARD_ARROW_LEFT = 'M15.41 16.59 10.83 12l4.58-4.59L14 6l-6 6 6 6z';
export const KEYBOARD_ARROW_RIGHT = 'M8.59 16.59 13.17 12 8.59 7.41 10 6l6 6-6 6z';
