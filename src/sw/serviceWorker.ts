// Entry of /sw.js, bundled on its own as a classic script by vitePlugin.ts (never part of the app
// bundle). __SW_VARIANT__ is replaced at build time with the variant of the Vite mode.
import { attachServiceWorker, type SwScope } from './handlers';
import type { SwVariant } from './variant';

declare const __SW_VARIANT__: SwVariant;

attachServiceWorker(self as unknown as SwScope, __SW_VARIANT__);
