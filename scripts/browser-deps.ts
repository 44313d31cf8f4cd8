import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The module specifiers one source file imports at run time. */
export type ImportsOf = (file: string, code: string) => string[];

/**
 * The packages the console's browser code imports (`react`, `@mui/material/styles`,
 * `@mui/icons-material/Add`, …): the dev server's `optimizeDeps.include` (vite.config.ts,
 * docs/performance.md, "A developer's first minute").
 *
 * It starts from every `.tsx` under `src` (every page, lazy or not; not the tests and
 * their helpers, which run in Vitest, nor what only they reach, like the mock's
 * server-side libraries) and follows their imports of the console's own files (relative
 * and `@/`), as Vite's own scan of `optimizeDeps.entries` did; but it only reads the
 * import statements, where Vite's scan bundled the 350 files: a few tens of milliseconds
 * against 0.5 to 1 s of every cold start. browser-deps.test.ts checks that a real parser
 * finds the same.
 */
export function browserDependencies(root: string, importsOf: ImportsOf = importStatements): string[] {
  const src = join(root, 'src');
  const queue = (readdirSync(src, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx') && !f.startsWith(`testing${sep}`))
    .map((f) => join(src, f));
  const seen = new Set<string>();
  const packages = new Set<string>();
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of importsOf(file, readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('@/') || specifier.startsWith('.')) {
        const local = sourceFile(specifier.startsWith('@/') ? join(src, specifier.slice(2)) : resolve(dirname(file), specifier));
        if (local) queue.push(local);
      } else if (isPackage(specifier) && existsSync(join(root, 'node_modules', packageName(specifier)))) {
        packages.add(specifier);
      }
    }
  }
  return [...packages].sort();
}

/**
 * `import … from '…'`, `import '…'`, `export … from '…'` and `import('…')` with a literal, found by a
 * pattern rather than a parser (which took 150 to 300 ms for the same files): comments are allowed inside
 * the braces, `import type` and `export type` statements are left out (TypeScript erases them). A match
 * inside a comment or a string only adds a package that is installed anyway.
 */
export const importStatements: ImportsOf = (_file, code) => {
  const found: string[] = [];
  for (const m of code.matchAll(STATEMENT)) if (!m[1]) found.push(m[2]!);
  for (const m of code.matchAll(DYNAMIC)) found.push(m[1]!);
  return found;
};
const COMMENT = String.raw`\/\/[^\n]*|\/\*[\s\S]*?\*\/`;
const STATEMENT = new RegExp(
  String.raw`(?:^|[;}])\s*(?:import|export)\s+(type\s+)?(?:(?:[\w$*{},\s]|${COMMENT})*?\bfrom\s*)?['"]([^'"\n]+)['"]`,
  'gm',
);
const DYNAMIC = new RegExp(String.raw`\bimport\(\s*(?:(?:${COMMENT})\s*)*['"\x60]([^'"\x60$\n]+)['"\x60]\s*[,)]`, 'g');

/** A bare import of a package (not a Node built-in, a URL, an absolute path or a virtual module). */
function isPackage(specifier: string): boolean {
  return /^(@[\w.-]+\/)?[\w.-]+(\/|$)/.test(specifier) && !specifier.startsWith('node:');
}

/** `@scope/name` or `name`: the folder under node_modules. */
function packageName(specifier: string): string {
  return specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
}

/** The `.ts`/`.tsx` file an extension-less import names, as the bundler resolves it; undefined for anything else (a `.css`, an `.svg`). */
function sourceFile(base: string): string | undefined {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** What the dev server pre-bundles, for a look: `npx tsx scripts/browser-deps.ts`. */
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const deps = browserDependencies(join(dirname(fileURLToPath(import.meta.url)), '..'));
  console.log(`${deps.join('\n')}\n${deps.length} packages in ${(performance.now() - started).toFixed(0)} ms`);
}
