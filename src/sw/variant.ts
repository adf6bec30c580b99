// Service worker variants (accounts-platform §9: prod, canary, preprod). The variant is fixed when
// the client is built, from the Vite mode: `vite build` is prod, `--mode canary` / `--mode preprod`
// the others. Imported by the browser code (registration) and by the build (vitePlugin.ts).

export type SwVariant = 'prod' | 'canary' | 'preprod';

/** Where the worker is served; at the root so its scope is the whole app. */
export const SW_URL = '/sw.js';

/** null: the build ships no worker (dev server, vitest, the lab harness, any other mode). */
export function swVariantForMode(mode: string): SwVariant | null {
  if (mode === 'production') return 'prod';
  if (mode === 'canary' || mode === 'preprod') return mode;
  return null;
}
