// @vitest-environment node
// Builds the real /sw.js (as `vite build` does) and runs it against a fake worker scope.
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { swVariantForMode, type SwVariant } from '../../../src/sw/variant';
import { bundleServiceWorker } from '../../../src/sw/vitePlugin';

async function runBuiltWorker(variant: SwVariant) {
  const code = await bundleServiceWorker(variant);
  const listeners = new Map<string, (event: unknown) => void>();
  const self = {
    location: { origin: 'https://glint.test' },
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      listeners.set(type, listener),
  };
  // A classic script: no import/export statements, or the browser refuses to start the worker.
  vm.runInNewContext(code, { self, URL });
  return { code, listeners };
}

describe('the built service worker', () => {
  it('maps Vite modes to variants', () => {
    expect(swVariantForMode('production')).toBe('prod');
    expect(swVariantForMode('canary')).toBe('canary');
    expect(swVariantForMode('preprod')).toBe('preprod');
    expect(swVariantForMode('lab')).toBeNull();
    expect(swVariantForMode('development')).toBeNull();
    expect(swVariantForMode('test')).toBeNull();
  });

  it.each(['prod', 'canary', 'preprod'] as const)(
    'is a classic script for %s with its variant baked in and no fetch handler',
    async (variant) => {
      const { code, listeners } = await runBuiltWorker(variant);
      expect(code).not.toMatch(/\bimport\s*[{(*]|\bexport\s*[{*]/);
      expect([...listeners.keys()]).not.toContain('fetch');
      expect([...listeners.keys()]).toEqual(
        expect.arrayContaining(['install', 'activate', 'push', 'notificationclick']),
      );
      const answers: unknown[] = [];
      listeners.get('message')!({
        data: { type: 'glint:sw-variant' },
        ports: [{ postMessage: (m: unknown) => answers.push(m) }],
      });
      expect(answers).toEqual([variant]);
    },
    30_000,
  );
});
