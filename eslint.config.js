// Lint for the whole tree: `npm run lint`. Line length is Prettier's (printWidth 140), not a lint rule.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import astro from 'eslint-plugin-astro';
import globals from 'globals';

const TS = ['**/*.ts', '**/*.tsx', '**/*.mts'];
const TESTS = ['tests/**', 'bench/**'];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'data/**', '.astro/**', 'bench/tmp/**', 'bench/results/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      // imports name their files with the extension, so Node's resolution finds them; TypeScript files are parsed to follow them
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      // unused arguments and caught errors named with a leading underscore are deliberate
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // a variable a closure reads before its one assignment (start.ts's runner) cannot be const
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSAsExpression > TSAsExpression.expression[typeAnnotation.type="TSUnknownKeyword"]',
          message: 'No `as unknown as` outside tests: type the value (a zod parse, a type guard or a generic) instead.',
        },
      ],
    },
  },
  {
    // type-aware rules that catch real bugs (a promise nobody awaits, a thenable misused)
    files: TS,
    // not the <script> blocks of .astro files (virtual files TypeScript's project does not have): they are linted without types
    ignores: ['**/*.astro/*'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        // Preact's act() returns a promise, but with a synchronous callback it has flushed everything before it returns
        { allowForKnownSafeCalls: [{ from: 'package', name: 'act', package: 'preact' }] },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // the server never imports the public site's code: what both sides use lives in src/lib/shared
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)src/lib/site(/|$)', message: 'The server imports shared code from src/lib/shared, never src/lib/site.' },
            { regex: '(^|/)src/islands(/|$)', message: 'The server never imports the islands.' },
          ],
        },
      ],
    },
  },
  {
    // and what is shared stays shared: it does not reach back into the site
    files: ['src/lib/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(site|\\.\\./islands)/',
              message: 'src/lib/shared is used by the server too: it never imports the site or the islands.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/islands/**/*.tsx', 'src/admin/**/*.tsx', 'tests/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    // the rules of hooks and their dependencies; the React Compiler's rules are not used (nothing here is compiled by it)
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/islands/**/*.tsx', 'src/admin/**/*.tsx'],
    // the plugin object itself: eslint-plugin-astro registers this same one for its .astro checks
    plugins: { 'jsx-a11y': jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // role="list" on a list whose bullets are styled away: Safari drops its list semantics otherwise
      'jsx-a11y/no-redundant-roles': ['error', { nav: ['navigation'], ul: ['list'], ol: ['list'] }],
      // a scrolling region (a wide table) takes focus so that keyboard users can scroll it
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }],
    },
  },
  ...astro.configs.recommended,
  ...astro.configs['jsx-a11y-recommended'],
  {
    files: TESTS,
    rules: { 'max-lines-per-function': 'off', 'no-restricted-syntax': 'off' },
  },
);
