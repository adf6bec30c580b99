import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['dist', 'data', 'node_modules', 'bench/results', 'test-results', 'playwright-report'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Raw fetch only inside src/api (CONVENTIONS 13).
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Use the wretch client in src/api.' },
      ],
    },
  },
  {
    files: ['src/api/**/*.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['workers/**/*.ts'],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: [
      'server/**/*.ts',
      'tests/server/**/*.ts',
      'scripts/**/*.{js,mjs,ts}',
      'bench/**/*.ts',
      'e2e/**/*.ts',
      '*.config.{js,ts}',
      '.ci/**/*.mjs',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-properties': 'off',
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='only']",
          message: 'No committed .only tests.',
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/fixtures.ts'],
    rules: {
      // The suite's test fails on any Content-Security-Policy violation (e2e/fixtures.ts).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import test from './fixtures': it fails a test on any CSP violation.",
            },
          ],
        },
      ],
    },
  },
);
