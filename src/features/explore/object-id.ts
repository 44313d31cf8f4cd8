import { z } from 'zod';

/**
 * Object ids of graph entities, checked before anything is sent: a domain
 * object SID (`S-1-5-21-<a>-<b>-<c>-<RID>`, or the domain's own SID without a
 * RID) or a GUID (Azure and other object ids).
 */
import { plural } from '@/shared/words';
export const SID_PATTERN = /^S-1-5-21-\d+-\d+-\d+(-\d+)?$/;
export const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ObjectIdCheck = { ok: true; value: string; kind: 'sid' | 'guid' } | { ok: false; message: string };

const EXAMPLE =
  'a SID such as S-1-5-21-4107638521-1930581446-2864410937-1104 or a GUID such as 0f3e3f68-6c57-4bd6-a3e0-22d1e0c1f6f1';

/**
 * Normalises and checks an object id as typed or pasted. Surrounding spaces,
 * quotes and GUID braces are dropped and the SID prefix is upper-cased; what
 * is still wrong is said in a sentence.
 */
export function checkObjectId(raw: string): ObjectIdCheck {
  let value = raw
    .trim()
    .replace(/^["']+|["']+$/g, '')
    .trim();
  if (value === '') return { ok: false, message: 'Enter an object id: ' + EXAMPLE + '.' };
  if (/\s/.test(value)) return { ok: false, message: 'An object id contains no spaces. Paste a single SID or GUID.' };
  if (/^\{.*\}$/.test(value)) value = value.slice(1, -1);
  if (/^s-/i.test(value)) {
    value = 'S' + value.slice(1);
    if (SID_PATTERN.test(value)) return { ok: true, value, kind: 'sid' };
    if (!/^S(-\d+)+$/.test(value)) {
      return {
        ok: false,
        message: 'A SID is "S" followed by numbers separated by dashes (S-1-5-21-…); this one has other characters.',
      };
    }
    if (!value.startsWith('S-1-5-21-')) {
      return {
        ok: false,
        message: `${value} is not a domain SID. Only domain SIDs (S-1-5-21-…) name users and computers; well-known SIDs such as S-1-5-32-544 do not.`,
      };
    }
    const parts = value.split('-').length - 4; // sub-authorities after S-1-5-21
    return {
      ok: false,
      message: `This SID has ${plural(parts, 'number')} after S-1-5-21; a domain SID has 3, and an object's SID a fourth (its RID), as in S-1-5-21-4107638521-1930581446-2864410937-1104.`,
    };
  }
  if (GUID_PATTERN.test(value)) return { ok: true, value: value.toLowerCase(), kind: 'guid' };
  if (/^[0-9a-f-]+$/i.test(value) && value.includes('-')) {
    const digits = value.replace(/-/g, '').length;
    return {
      ok: false,
      message: `A GUID has 32 hexadecimal digits in groups of 8-4-4-4-12; this one has ${plural(digits, 'digit')} in groups of ${value
        .split('-')
        .map((g) => g.length)
        .join('-')}.`,
    };
  }
  if (/^[0-9a-f-]+$/i.test(value) && value.length === 32) {
    return { ok: false, message: 'Write the GUID with its dashes, in groups of 8-4-4-4-12 digits.' };
  }
  return {
    ok: false,
    message: `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}" is neither a SID nor a GUID. Enter ${EXAMPLE}.`,
  };
}

/** An object id in an address (a route parameter), checked and normalised as checkObjectId does. */
export const objectId = z.string().transform((raw, ctx) => {
  const check = checkObjectId(raw);
  if (check.ok) return check.value;
  ctx.addIssue({ code: 'custom', message: check.message });
  return z.NEVER;
});
