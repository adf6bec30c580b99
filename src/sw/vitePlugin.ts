// Build-time only (imported by vite.config.ts, runs in Node): emits dist/sw.js for the variant of
// the Vite mode. The worker is bundled separately, as a classic script, so that it never shares a
// chunk with the app (vite.config.ts groups everything the app loads first into one file) and
// works in browsers without module-worker support.
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';
import { swVariantForMode, type SwVariant } from './variant.ts';

const ENTRY = fileURLToPath(new URL('./serviceWorker.ts', import.meta.url));

export function serviceWorkerPlugin(): Plugin {
  let variant: SwVariant | null = null;
  return {
    name: 'glint-service-worker',
    apply: 'build',
    configResolved(config) {
      variant = swVariantForMode(config.mode);
    },
    async generateBundle() {
      if (!variant) return; // lab and other modes ship no worker
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: await bundleServiceWorker(variant),
      });
    },
  };
}

/** The code of /sw.js for one variant. */
export async function bundleServiceWorker(variant: SwVariant): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define: { __SW_VARIANT__: JSON.stringify(variant) },
    build: {
      write: false,
      target: 'es2022',
      lib: { entry: ENTRY, formats: ['iife'], name: 'glintServiceWorker' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('service worker bundle is empty');
  return chunk.code;
}
