// Lint: type-checked TypeScript, React hooks, accessibility, and the one-way import rules of
// docs/decisions/0030-layout-and-import-rules.md.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const layer = (target, from, message) => ({ target, from, message });

/** What the browser loads parses with zod's tree-shakable surface (docs/decisions/0083-first-page-zod-mini.md). */
const classicZod = { name: 'zod', message: "Import { z } from 'zod/mini' here: classic zod adds 24 KB gzip to every page that reads the contract (ADR 0083)." };

const processEnvOnlyInEnv = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration through server/env.ts (the only reader of process.env).',
};
const noIntl = 'Format with contracts/text/number-format.ts or japan-time.ts: Intl starts ICU before the first paint (ADR 0107).';

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'reports/**', 'coverage/**', 'test-results/**', 'playwright-report/**', '.data/**', 'docs/**', 'server/db/migrations/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      // Cycles and layers are about our own modules; parsing bundled packages (PGlite's is
      // megabytes on one line) only costs time and can overflow the parser's stack.
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Browser globals whose bare names read like local variables (a missing `origin` or `name`
      // would silently mean window.origin): write window.… when it is meant.
      'no-restricted-globals': ['error', 'origin', 'name', 'status', 'event', 'top', 'parent', 'length', 'close', 'open', 'closed', 'self'],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            layer('./contracts', ['./machines', './src', './server', './scripts', './test', './e2e'], 'contracts/ imports nothing of ours.'),
            layer('./machines', ['./src', './server', './scripts', './test', './e2e'], 'machines/ imports only contracts/.'),
            layer('./src', ['./server', './scripts', './test', './e2e'], 'src/ imports only contracts/ and machines/.'),
            layer('./server', ['./src', './scripts', './test', './e2e'], 'server/ imports only contracts/ and machines/.'),
          ],
        },
      ],
      'no-restricted-syntax': ['error', processEnvOnlyInEnv],
    },
  },
  {
    // What the browser runs formats numbers and dates without Intl: the first Intl formatter starts
    // ICU, 50-100 ms before the first paint (docs/decisions/0107-no-intl-on-the-first-paint.md).
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'contracts/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        processEnvOnlyInEnv,
        { selector: "MemberExpression[object.name='Intl']", message: noIntl },
        { selector: 'CallExpression[callee.property.name=/^toLocale(String|DateString|TimeString)$/]', message: noIntl },
      ],
    },
  },
  {
    // The one file allowed to read the environment, and the tools that only pass it through.
    files: ['server/env.ts', 'vite.config.ts', 'playwright.config.ts', 'drizzle.config.ts', 'stryker.config.js', 'scripts/**', 'e2e/**', 'test/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['react', 'react-dom', '@tanstack/*', 'fastify', '@fastify/*'], message: 'machines/ holds no React, router or server code.' }],
          // The browser loads the machines with their pages (docs/decisions/0083-first-page-zod-mini.md).
          paths: [classicZod],
        },
      ],
    },
  },
  {
    files: ['contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [classicZod] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [classicZod],
          // The whole endpoint table is the server's and the OpenAPI document's: a page imports the endpoints it calls.
          patterns: [{ group: ['**/contracts/endpoints'], message: 'Import the endpoint definitions you call from contracts/api/*: the whole table loads every contract into the page.' }],
        },
      ],
    },
  },
  {
    // Every e2e test checks the URL against the machine after each browser move (ADR 0065).
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', importNames: ['test'], message: "Take `test` from e2e/support/traced-test: it checks the URL after every Back, Forward and reload." }] },
      ],
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
