import { fileURLToPath } from 'node:url';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { browserDependencies, importStatements, type ImportsOf } from './browser-deps';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The same question answered by oxc's parser: slower (150–300 ms for the console's files), but exact. */
const parsedImports: ImportsOf = (file, code) => {
  const { module } = parseSync(file, code, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' });
  const typeOnly = (start: number, end: number) => /^(import|export)\s+type\b/.test(code.slice(start, end));
  return [
    ...module.staticImports.filter((s) => !typeOnly(s.start, s.end)).map((s) => s.moduleRequest.value),
    ...module.staticExports
      .filter((s) => !typeOnly(s.start, s.end))
      .flatMap((s) => s.entries.map((e) => e.moduleRequest?.value).filter((v): v is string => !!v)),
    ...module.dynamicImports.flatMap((d) => {
      const literal = /^(['"`])([^'"`$]+)\1$/.exec(code.slice(d.moduleRequest.start, d.moduleRequest.end).trim());
      return literal ? [literal[2]!] : [];
    }),
  ];
};

describe('browserDependencies (the dev server’s optimizeDeps.include)', () => {
  it('finds in the console’s sources what a parser finds', () => {
    expect(browserDependencies(root)).toEqual(browserDependencies(root, parsedImports));
  });

  it('holds the browser’s packages, lazy pages’ too, and none that only the tests or the mock use', () => {
    const deps = browserDependencies(root);
    expect(deps).toEqual(
      expect.arrayContaining(['react', 'react-dom/client', '@mui/material/Button', '@mui/x-charts/LineChart', 'zod']),
    );
    // MUI by each component's path (eslint.config.js): never its index, which would pre-bundle all of MUI.
    expect(deps).not.toContain('@mui/material');
    for (const serverOnly of ['hono', 'jose', 'vitest', '@testing-library/react']) expect(deps).not.toContain(serverOnly);
  });
});

describe('importStatements', () => {
  const found = (code: string) => importStatements('x.tsx', code);

  it('reads every form of import and re-export, over several lines and with comments in the braces', () => {
    const code = [
      `import React from 'a';`,
      `import { b1, type B2 } from "b";`,
      `import {`,
      `  c1, // the first`,
      `  /* the second */ c2,`,
      `} from 'c';`,
      `import * as D from 'd';`,
      `import 'e';`,
      `export * from 'f';`,
      `export { g } from 'g';`,
      `const H = lazy(() => import('h'));`,
      `const I = await import(/* why */ 'i');`,
    ].join('\n');
    expect(found(code).sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']);
  });

  it('leaves out type-only statements and what is no import', () => {
    const code = [
      `import type { A } from 'a';`,
      `export type { B } from 'b';`,
      `export const from = 'c';`,
      `export default function importer() { return 'd'; }`,
      `const e = import(name);`,
    ].join('\n');
    expect(found(code)).toEqual([]);
  });
});
