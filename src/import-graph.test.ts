import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The module graph of src/ has no import circles: static imports that exist at run time
 * (`import type` and lazy `import()` are left out, as the bundler leaves them out).
 * The boundaries between areas are ESLint's job (eslint.config.js).
 */
const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = join(SRC, spec.slice(2));
  else if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else return null; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** Runtime imports of a file: `import x from`, `import { a, type B } from`, `export … from`, `import 'side-effect'`. */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  const re = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;
  for (const m of text.matchAll(re)) {
    if (m[5]) {
      out.push(m[5]);
      continue;
    }
    if (m[2]) continue; // import type / export type
    const names = m[3] ?? '';
    // `import { type A, type B } from` is erased too.
    const braces = /^\{([^}]*)\}$/.exec(names.trim());
    if (braces && braces[1]!.split(',').every((n) => n.trim() === '' || n.trim().startsWith('type '))) continue;
    out.push(m[4]!);
  }
  return out;
}

function cyclesOf(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const files = [...edges.keys()];
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string) => {
    state.set(f, 'open');
    stack.push(f);
    for (const next of edges.get(f) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of files) if (!state.has(f)) visit(f);
  return cycles;
}

function findCycles(): string[][] {
  const files = sourceFiles(SRC);
  const edges = new Map(files.map((f) => [f, runtimeImports(f).flatMap((s) => resolveImport(f, s) ?? [])]));
  return cyclesOf(edges).map((cycle) => cycle.map((p) => relative(SRC, p)));
}

/** The files `from` reaches through runtime imports (itself included), relative to src/. */
function reachableFrom(from: string): Set<string> {
  const seen = new Set<string>([join(SRC, from)]);
  const stack = [...seen];
  while (stack.length) {
    const f = stack.pop()!;
    for (const next of runtimeImports(f).flatMap((s) => resolveImport(f, s) ?? [])) {
      if (!seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return new Set([...seen].map((p) => relative(SRC, p)));
}

/** The graph-data areas' schemas: those areas' own, never imported by the shell or the access pages. */
const DATA_SCHEMAS = ['asset-groups', 'audit', 'collection', 'entities', 'file-upload'].map((n) => `api/schemas/${n}.ts`);

describe('import graph', () => {
  it('keeps the graph-data schemas away from the sign-in page', () => {
    // What a page reaches is what the dev server loads and runs for it: never these schemas. (The signed-in
    // routes hold every operation's declaration, and so their schemas: the navigation and the pages' first
    // reads name their operations.)
    for (const page of ['main.tsx', 'features/auth/routes/LoginPage.tsx']) {
      expect(
        [...reachableFrom(page)].filter((f) => DATA_SCHEMAS.includes(f)),
        page,
      ).toEqual([]);
    }
    // …and the check sees them where they are used.
    expect(reachableFrom('features/collection/routes/ClientsPage.tsx').has('api/schemas/collection.ts')).toBe(true);
  });

  it('has no circles', () => {
    expect(findCycles()).toEqual([]);
  });

  it('sees a circle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['shell', ['areas']],
      ['areas', ['home']],
      ['home', ['shell', 'lib']],
      ['lib', []],
    ]);
    expect(cyclesOf(graph)).toEqual([['shell', 'areas', 'home', 'shell']]);
    const a = join(SRC, 'app/AppShell.tsx');
    expect(runtimeImports(a).length).toBeGreaterThan(0);
    expect(resolveImport(a, '@/lib/area')).toBe(join(SRC, 'lib/area.ts'));
    expect(runtimeImports(join(SRC, 'lib/area.ts'))).toContain('./page-reads');
  });
});
