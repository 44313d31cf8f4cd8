import { z } from 'zod';

/**
 * Zod's settings for the whole console: imported first by the schemas' shared building blocks
 * (common.ts), which every schema module imports, so they hold before any schema is built.
 *
 * No reference-cycle memoizer. Zod 4.6 wraps every object, array, record and map schema so that one
 * parse can follow a value that refers back to itself; the first parse through each schema walks the
 * schema's whole tree to find out whether it can recur. Nothing the console parses can hold a cycle
 * (an answer's JSON, a form's values, the URL), so the walk and the wrapper are pure cost: the users
 * page's first rows came 2.8 ms sooner on a warm load without them (README "Benchmarks"). With this one in
 * its place, a parse is Zod's plain one: the same results and the same issues at the same paths.
 */
z.config({
  memoizer: {
    attach() {},
    guard() {},
    alloc: (_schema, _payload, empty) => empty,
  },
});
