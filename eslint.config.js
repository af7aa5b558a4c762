// ESLint (flat config): `npm run lint`, and a step of `npm test` right after the Prettier check.
// Formatting is Prettier's job: eslint-config-prettier (last) switches off every rule that would fight it.
// Only the non-type-checked rule sets: a type-aware lint would double the time of a run on a 2-core machine.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import astro from 'eslint-plugin-astro';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers: which folder may import which. Each zone forbids the files under `target` to import anything under
 * `from`. Keep this the one list of layer rules.
 */
const layers = [
  // The browser code is built into the static site: it never reaches into the API server or the repository's tools.
  {
    target: './src',
    from: ['./server', './scripts'],
    message: 'src/ is the browser side: shared code goes in core/.',
  },
  // A route file parses, calls a service and renders: SQL lives in the services, so routes never touch the database
  // layer. (tests/unit/structure-routes.test.ts also scans route files for SQL text and query calls reached through
  // the services object, which an import rule cannot see.)
  {
    target: ['./server/src/routes', './server/src/operator/routes'],
    from: './server/src/db',
    message: 'Routes call services; SQL and the database layer live in server/src/services.',
  },
  // The shared room imports nothing of the app around it: both sides import it.
  {
    target: './core',
    from: ['./src', './server', './scripts'],
    message: 'core/ is shared by src/ and server/ and imports neither.',
  },
  // The server imports shared code from core/, not from the browser's src/.
  { target: './server', from: './src', message: 'The server imports shared code from core/, not src/.' },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-cms/',
      '.astro/',
      '.data/',
      'node_modules/',
      'public/',
      'reports/',
      'test-results/',
      'playwright-report/',
      'bench-results/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    plugins: { 'import-x': importX },
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: globals.node,
    },
    settings: {
      // The files import-x reads to follow imports (for no-cycle): without the TypeScript ones it sees no cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.d.mts', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layers }],
      // The input guards match control characters on purpose (they refuse them): that is what this rule flags.
      'no-control-regex': 'off',
      // `_name` marks a parameter a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  // Astro components (astro-eslint-parser 1.x: eslint-plugin-astro 2.x needs ESLint 10): the plugin's recommended
  // rules, and the same import rules as the TypeScript around them (front matter and inline scripts).
  ...astro.configs['flat/recommended'],
  {
    files: ['src/**/*.astro'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.astro'],
      // The files an .astro file imports are read with their own parser, not the Astro one.
      'import-x/parsers': {
        '@typescript-eslint/parser': ['.ts', '.tsx', '.js', '.mjs'],
        'astro-eslint-parser': ['.astro'],
      },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json', '.astro'] })],
    },
    rules: {
      // Cycles among our own files: a package's bundled chunks are not followed (the TypeScript parser
      // overflows on one of PGlite's).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: layers }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  // The browser code; the tests and scripts drive both sides (happy-dom, Playwright's page functions).
  { files: ['src/**'], languageOptions: { globals: globals.browser } },
  { files: ['tests/**', 'scripts/**'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  {
    // The two rules of hooks. The plugin's other recommended rules (refs, set-state-in-effect, immutability, ...) are
    // the React Compiler's; the islands are not compiled by it, and those rules flag patterns that are correct here.
    files: ['src/islands/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Games are told apart only by their module in core/games/registry.ts (docs/games.md), never by comparing a
    // mechanic to a name. The game page's client views are not modules yet (the remaining branches, pinned by
    // tests/unit/games/mechanic-branches.test.ts).
    files: ['core/**/*.ts', 'server/**/*.ts', 'src/**/*.{ts,tsx,astro}'],
    ignores: ['server/src/providers/games/page/client/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "BinaryExpression[operator=/^[!=]==?$/]:matches([left.name='mechanic'], [left.property.name='mechanic'])" +
            '[right.type="Literal"]',
          message: 'Ask the game module (core/games/registry.ts) instead of comparing a mechanic to a name.',
        },
      ],
    },
  },
  prettier,
  {
    // After eslint-config-prettier, which switches max-len off. Prettier keeps code within 120 columns but does not
    // break strings, comments or JSX text: this catches those.
    files: ['**/*.{js,mjs,cjs,ts,tsx,astro}'],
    rules: { 'max-len': ['error', { code: 120, tabWidth: 2, ignoreUrls: true }] },
  },
);
