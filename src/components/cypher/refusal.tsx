import Alert from '@mui/material/Alert';
import { HttpError } from '@/api/errors';
import { parseErrorPosition, type QueryErrorPosition } from '@/components/cypher/error-position';

/** Why the service refused a query, in its words, and where in the text when it says. */
export interface QueryRefusal {
  message: string;
  line?: number;
  column?: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The refusal (400) of a query sent in a field of a request body, as a person reads it: the service puts the
 * field's path before its message ("seeds[0].value: line 1:19 …"), which names nothing on the page, so it is
 * taken off; a position at the start ("line 1:19") becomes the line and column. `field`: the start of the
 * errors' context that names the query (`seeds`); null when the answer's error is not about it.
 */
export function fieldQueryRefusal(error: unknown, field: string): QueryRefusal | null {
  if (!(error instanceof HttpError) || error.status !== 400) return null;
  const detail = error.body?.errors.find((e) => e.context?.startsWith(field) && e.message);
  if (!detail) return null;
  const message = detail.message.replace(new RegExp(`^${escapeRegExp(detail.context!)}:\\s*`), '').trim();
  return parseErrorPosition(message) ?? { message };
}

/** A refusal under the editor, as the Cypher page and the rule form show it: "Line 1, column 15: message". */
export function QueryRefusalMessage({ id, refusal }: { id: string; refusal: QueryRefusal | QueryErrorPosition }) {
  return (
    <Alert severity="error" id={id} sx={{ mt: 1 }}>
      {refusal.line !== undefined && refusal.column !== undefined
        ? `Line ${refusal.line}, column ${refusal.column}: ${refusal.message}`
        : refusal.message}
    </Alert>
  );
}
