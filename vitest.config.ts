import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          testTimeout: 20000,
          // Worker threads start faster than child processes: 173 → 147 s for the whole suite on
          // a 2-core machine. Files that need no DOM say `@vitest-environment node`.
          pool: 'threads',
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          pool: 'forks',
        },
      },
      {
        // Not part of `npm test`: needs PostgreSQL, Redis and the S3 gateway, which its global
        // setup starts (scripts/cluster). `npx vitest run --project scaleout`; .ci/run runs it.
        test: {
          name: 'scaleout',
          include: ['tests/scaleout/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/scaleout/globalSetup.ts'],
          testTimeout: 60000,
          hookTimeout: 60000,
          pool: 'forks',
        },
      },
    ],
  },
});
