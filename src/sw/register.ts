// Registers /sw.js from the page. Only builds that ship a worker register it: under vitest, on the
// dev server and in the lab build there is no /sw.js (the lab pages drive e2e and benchmarks,
// which must see the network untouched).
import { SW_URL, swVariantForMode } from './variant';

export interface RegisterEnv {
  mode: string;
  prod: boolean;
}

export function registerServiceWorker(
  env: RegisterEnv = { mode: import.meta.env.MODE, prod: import.meta.env.PROD },
  nav: Navigator = navigator,
  win: Window = window,
): void {
  if (!env.prod || swVariantForMode(env.mode) === null) return;
  // Missing in old browsers and on plain-http origins other than localhost.
  if (!('serviceWorker' in nav) || !nav.serviceWorker) return;
  const register = () => {
    // updateViaCache 'none': the browser always asks the server for a new /sw.js, never its cache.
    nav.serviceWorker
      .register(SW_URL, { scope: '/', updateViaCache: 'none' })
      .catch(() => undefined); // a page without its worker works the same; nothing to report
  };
  // After load, so installing the worker never competes with the first page load.
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
