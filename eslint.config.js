import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * A `no-restricted-imports` block for the files under `files` that may not import from the given
 * top-level folders (of src/, or the repository root for src/server).
 */
function layer(files, forbidden, why, ignores = []) {
  return [
    {
      files: [files.endsWith('.ts') ? files : `${files}/*.{ts,tsx}`],
      ignores,
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: forbidden.map((folder) => ({
              regex: `^(\\.{1,2}/)+(src/)?${folder}/`,
              message: `Wrong-way import: ${why} (README, "Layout").`,
            })),
          },
        ],
      },
    },
  ];
}

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
  // Layers (README, "Layout"): imports run one way, app → features → state/canvas/media →
  // api/lib/ui, and common/ (what the client and the server both use) under all of them.
  ...layer('src/state/**', ['features', 'app', 'ui'], 'state/ is below features/, app/ and ui/'),
  ...layer(
    'src/ui/**',
    ['state', 'app', 'features'],
    'ui/ components take what they show as props',
  ),
  ...layer('src/lib/**', ['features', 'app', 'state'], 'lib/ holds pure helpers'),
  ...layer('src/api/**', ['features', 'app', 'state'], 'api/ is the bottom of the client'),
  ...layer('common/**', ['src', 'server'], 'common/ imports neither the client nor the server'),
  ...layer('server/**', ['src'], 'the server imports what it shares with the client from common/'),
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
