import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Boundaries (README "Layout"): an area imports src/api, src/components, src/lib, src/shared and itself, never
 * another area; src/components and src/lib stand below every area; src/api (the client, the schemas, the query
 * keys and the hooks) stands below them and imports only itself and src/shared; src/shared (the logic the console
 * and the mock server share: words, labels of values, times, schedules, permissions and the access table, the one
 * formatting module and the one text comparer) stands below everything and imports only itself. src/api,
 * src/shared and the mock server use relative imports only (vite.config.ts loads the mock before any alias exists).
 */
const areas = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * MUI by each component's path, never the `@mui/material` index: the dev server pre-bundles the index's
 * every module (611 against about 445 for what the console uses; docs/performance.md).
 */
const muiIndex = {
  name: '@mui/material',
  message:
    "Import each MUI component by its path (import Button from '@mui/material/Button'; types and helpers by name from the same path).",
};

/**
 * Conventions (README "Conventions"): each has one module, and these rules keep it so. Each message says what
 * to use instead.
 */
const FORMAT_MODULES = ['src/shared/format.ts', 'src/shared/count.ts'];
const COMPARER_MODULE = ['src/shared/compare-text.ts', 'src/shared/compare-text.test.ts'];
const intlConstruction = {
  selector: "NewExpression[callee.object.name='Intl'], CallExpression[callee.object.name='Intl']",
  message:
    'Format through src/shared/format.ts (formatDateTime, formatDay, formatRelative, browserTimeZone) and src/shared/count.ts (formatCount); add what is missing there, where each Intl formatter is built once; sort text with compareText (src/shared/compare-text.ts).',
};
/**
 * A hand-written plural: a comparison with 1 choosing between two texts (`n === 1 ? 'file' : 'files'`,
 * `n === 1 ? '' : 's'`, `n !== 1 ? 's' : ''`). The plural's side is never empty text, so `n === 1 ? 'only ' : ''`
 * is left alone, and so is `i % 3 === 1 ? …` (a remainder, not a count).
 */
const textSide = (side, nonEmpty) => `:matches([${side}.type='TemplateLiteral'], [${side}.value=${nonEmpty ? '/./' : '/.*/'}])`;
const handWrittenPlurals = [
  { operator: '/^===?$/', one: 'consequent', many: 'alternate' },
  { operator: '/^!==?$/', one: 'alternate', many: 'consequent' },
].map(({ operator, one, many }) => ({
  selector: `ConditionalExpression[test.operator=${operator}][test.right.value=1]:not([test.left.type='BinaryExpression'])${textSide(one, false)}${textSide(many, true)}`,
  message:
    "Write a count and its noun with plural(n, 'file') (\"1 file\", \"3 files\"; plural(n, 'entry', 'entries')), or the noun or phrase alone with pluralWord(n, 'user'), from src/shared/words.ts.",
}));
const localeCompare = {
  property: 'localeCompare',
  message:
    'Sort names and labels with compareText(a, b) from src/shared/compare-text.ts, the one comparer (case and accents do not count, digits by value); compare ISO times as times.',
};

/**
 * File names (README "Conventions"): a file is named after what it holds. A component's own file is its name in
 * PascalCase (`UserDetailPage.tsx`, exporting `UserDetailPage`); every other file, a module of several parts, hooks
 * or helpers, is kebab-case after what it holds (`user-actions.tsx`, `use-search-state.ts`), never after where it
 * stands on a page (`*-sections`). Tests and declarations add their suffix (`.test`, `.d`, `.bench`).
 */
const fileNames = {
  rules: {
    'file-name': {
      meta: { type: 'suggestion', schema: [] },
      create(context) {
        const base = context.filename.split(/[\\/]/).pop() ?? '';
        const match = /^([^.]+)((?:\.[a-z]+)*)\.(tsx?)$/.exec(base);
        if (!match) return {};
        const [, stem, suffix, ext] = match;
        const pascal = /^[A-Z][A-Za-z0-9]*$/.test(stem);
        const kebab = /^[a-z0-9]+(-[a-z0-9]+)*$/.test(stem);
        const report = (node, message) => context.report({ node, message: `${base}: ${message}` });
        return {
          Program(node) {
            if (!pascal && !kebab) return report(node, 'name a file in kebab-case, or a component of its own in PascalCase.');
            if (kebab && stem.endsWith('-sections'))
              return report(node, 'name a module of parts after what they are, not after "sections" of a page.');
            if (pascal && ext !== 'tsx')
              return report(node, "a PascalCase name is a component's file (.tsx); name this one in kebab-case.");
            if (pascal && suffix === '') {
              const exported = node.body.some(
                (s) =>
                  (s.type === 'ExportNamedDeclaration' &&
                    ((s.declaration?.id?.name ?? null) === stem ||
                      (s.declaration?.declarations ?? []).some((d) => d.id?.name === stem) ||
                      s.specifiers.some((sp) => sp.exported.name === stem))) ||
                  (s.type === 'ExportDefaultDeclaration' && (s.declaration?.id?.name ?? stem) === stem),
              );
              if (!exported) report(node, `a PascalCase file exports the component it is named after (${stem}).`);
            }
          },
        };
      },
    },
  },
};

// One rule per file: a later `no-restricted-imports` replaces an earlier one, so each carries the MUI rule too.
const restrict = (files, patterns, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { paths: [muiIndex], patterns: [{ group: patterns, message }] }] },
});

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'playwright-report', 'test-results', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  // The console's code (the bench's floor app is one bundle either way).
  { files: ['src/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { paths: [muiIndex] }] } },
  {
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    plugins: { local: fileNames },
    rules: { 'local/file-name': 'error' },
  },
  ...areas.map((area) =>
    restrict(
      [`src/features/${area}/**/*.{ts,tsx}`],
      ['@/features/*', `!@/features/${area}`, `!@/features/${area}/**`, '@/app/*', '../../*', '../../../*'],
      `An area imports only @/api, @/components, @/lib, @/shared and itself (move what several areas share down to one of those).`,
    ),
  ),
  restrict(
    ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    ['@/features/*', '@/app/*', '@/mock-server/*', '../features/*', '../app/*', '../../features/*', '../../app/*'],
    'src/components and src/lib stand below the areas and the app: they import only @/api, @/components, @/lib and @/shared.',
  ),
  restrict(
    ['src/api/**/*.{ts,tsx}'],
    ['@/*', '**/features/*', '**/app/*', '**/components/*', '**/lib/*', '**/mock-server/*'],
    'src/api stands below the console (the mock server imports its schemas): only relative imports within src/api and of src/shared.',
  ),
  restrict(
    ['src/shared/**/*.{ts,tsx}'],
    ['@/*', '**/features/*', '**/app/*', '**/components/*', '**/lib/*', '**/mock-server/*', '**/api/*'],
    'src/shared stands below everything (the console, src/api and the mock server import it): only relative imports within src/shared.',
  ),
  restrict(
    ['src/mock-server/**/*.{ts,tsx}'],
    ['@/*', '**/features/*', '**/app/*', '**/components/*', '**/lib/*'],
    'The mock server imports only src/api, src/shared and its own files, by relative paths (vite.config.ts loads it before any alias exists).',
  ),
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', intlConstruction, ...handWrittenPlurals],
      'no-restricted-properties': ['error', localeCompare],
    },
  },
  { files: [...FORMAT_MODULES, ...COMPARER_MODULE], rules: { 'no-restricted-syntax': ['error', ...handWrittenPlurals] } },
  { files: COMPARER_MODULE, rules: { 'no-restricted-properties': 'off' } },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
