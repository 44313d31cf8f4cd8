import { useCallback, useState } from 'react';

/**
 * A text box typed into freely whose value is written elsewhere later (the URL, after
 * a pause or at once) and comes back as `current`. A `current` this box wrote itself
 * (passed to `wrote`) leaves what was typed since alone, so a fast typist loses nothing
 * while the URL catches up; any other change of `current` (back button, Clear filters)
 * replaces the text.
 */
export function useTypedText(current: string): {
  text: string;
  setText: (text: string) => void;
  wrote: (value: string) => void;
} {
  const [text, setText] = useState(current);
  // Values this box wrote, oldest first, that `current` may not show yet.
  const [sent, setSent] = useState<string[]>([]);
  const [seen, setSeen] = useState(current);
  if (seen !== current) {
    setSeen(current);
    const own = sent.indexOf(current);
    if (own >= 0) {
      setSent(sent.slice(own + 1));
    } else {
      if (sent.length > 0) setSent([]);
      setText(current);
    }
  }
  const wrote = useCallback((value: string) => setSent((s) => [...s, value]), []);
  return { text, setText, wrote };
}
