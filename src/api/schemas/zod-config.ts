/**
 * In the browser, answers and forms are checked without zod's compiled parsers: zod builds those with
 * `new Function`, which the console's Content Security Policy forbids (no 'unsafe-eval'; vite.config.ts).
 * Left to find out, zod tries once per page, and the browser reports the blocked attempt as a policy
 * violation (to the report endpoint, where a deployment sets one) although zod catches it. Every schema is
 * built on wire-format.ts or field-rules.ts, which import this module first, so this runs before any check.
 * The mock server (Node) keeps the compiled parsers.
 */
import { z } from 'zod';

if (typeof document !== 'undefined') z.config({ jitless: true });
