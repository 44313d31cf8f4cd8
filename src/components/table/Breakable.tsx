import { Fragment } from 'react';

/** Where a long name may wrap: after these, never inside a word. */
const BREAK_AFTER = /(?<=[@._/\\])/;

/**
 * Text that wraps, where it has to (a phone's card), only after "@", ".", "_", "/" or "\" — an e-mail
 * address after its "@", a host name or key at its dots — instead of being cut or broken mid-word.
 * Where it fits, it reads as it is.
 */
export function Breakable({
  text,
  after = BREAK_AFTER,
}: {
  text: string;
  /** Other places to wrap after, as a look-behind split (a distinguished name: `/(?<=,)/`, after its commas). */
  after?: RegExp;
}) {
  const parts = text.split(after);
  if (parts.length < 2) return <>{text}</>;
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
