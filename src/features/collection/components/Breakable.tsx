import { Fragment } from 'react';

/**
 * Text that may wrap only after the given characters and never inside a part: a host name after its
 * dots, an e-mail after its "@", a distinguished name after its commas. Where the text has room it
 * stays on one line.
 */
export function Breakable({ text, after }: { text: string; after: string }) {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (after.includes(text[i]!)) {
      parts.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </>
  );
}
