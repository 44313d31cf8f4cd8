import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Boundaries (README "Layout"): an area imports src/api, src/components, src/lib and itself, never another area;
 * src/components and src/lib stand below every area; src/api and the mock server stand below everything and use
 * relative imports only (the mock is loaded by vite.config.ts before any alias exists).
 */
const areas = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * MUI by each component's path, never the `@mui/material` index: the dev server pre-bundles the index's
 * every module (611 against about 445 for what the console uses; README "A developer's first minute").
 */
const muiIndex = {
  name: '@mui/material',
  message:
    "Import each MUI component by its path (import Button from '@mui/material/Button'; types and helpers by name from the same path).",
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
  ...areas.map((area) =>
    restrict(
      [`src/features/${area}/**/*.{ts,tsx}`],
      ['@/features/*', `!@/features/${area}`, `!@/features/${area}/**`, '@/app/*', '../../*', '../../../*'],
      `An area imports only @/api, @/components, @/lib and itself (move what several areas share down to one of those).`,
    ),
  ),
  restrict(
    ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    ['@/features/*', '@/app/*', '@/mock-server/*', '../features/*', '../app/*', '../../features/*', '../../app/*'],
    'Shared code stands below the areas and the app: it imports only @/api, @/components and @/lib.',
  ),
  restrict(
    ['src/api/**/*.{ts,tsx}'],
    ['@/*', '**/features/*', '**/app/*', '**/components/*', '**/lib/*', '**/mock-server/*'],
    'src/api stands below everything (the mock server imports it): only relative imports within src/api.',
  ),
  restrict(
    ['src/mock-server/**/*.{ts,tsx}'],
    ['@/*', '**/features/*', '**/app/*', '**/components/*', '**/lib/*'],
    'The mock server imports only src/api and its own files, by relative paths (vite.config.ts loads it before any alias exists).',
  ),
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
