import fs from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { comlink } from 'vite-plugin-comlink';
import { DEV_PROXY } from './common/routeTable.ts';
import { serviceWorkerPlugin } from './src/sw/vitePlugin.ts';

// The client is built to dist/ and served by the reference server (server/routes/pages.ts),
// which injects the shared page data into index.html. `npm run dev` proxies the API to it.
// `vite build` builds the app; `vite build --mode lab` adds the lab/ harness pages (e2e pixel
// tests, bench) to the same dist/ without touching the app's chunks. `npm run build` runs both.
// App builds also emit dist/sw.js: `vite build` the prod service worker, `--mode canary` and
// `--mode preprod` the other variants (npm run build:canary / build:preprod); lab mode emits none.
const labPages = Object.fromEntries(
  fs
    .readdirSync('lab')
    .filter((f) => f.endsWith('.html'))
    .map((f) => [`lab-${f.replace(/\.html$/, '')}`, `lab/${f}`]),
);

/**
 * The message of an `invariant(cond, `…`)` / `warning(cond, `…`)` call: React Router ships one
 * build, with its development messages.
 */
const DEV_MESSAGE =
  /\b(invariant|warning|warningOnce)\(((?:[^()`"']|\([^()]*\))*?),\s*(?:\/\/[^\n]*\n\s*)*(?:`(?:[^`\\]|\\.)*`|"(?:[^"\\]|\\.)*")\s*\)/g;

/**
 * React Router's components are made by unannotated `React.forwardRef(…)` calls and named for
 * React DevTools by top-level `X.displayName = '…'` writes, which keep every one of them (Form,
 * ScrollRestoration, its Link with framework-mode prefetching …) in the bundle whether the app
 * uses it or not. Marking the calls pure and dropping the writes lets tree-shaking remove the
 * unused ones (≈ 3.8 KB gzip of `/`); the checks' messages go too (≈ 0.8 KB). README,
 * "JavaScript budget".
 */
function trimReactRouter(): Plugin {
  return {
    name: 'glint:trim-react-router',
    apply: 'build',
    transform: {
      filter: {
        id: /node_modules\/react-router\/dist\/(?:development|production)\/chunk-[^/]+\.mjs$/,
      },
      handler(code) {
        const shakable = code
          .replace(/^[A-Za-z]\w*\.displayName = "[^"]*";$/gm, '')
          .replace(/= (React\d*)\.(forwardRef|createContext|memo)\(/g, '= /* @__PURE__ */ $1.$2(')
          .replace(DEV_MESSAGE, (_call, fn: string, args: string) => `${fn}(${args}, "")`);
        return { code: shakable, map: null };
      },
    },
  };
}

export default defineConfig(({ mode }) => ({
  // comlink first (its README): `new ComlinkWorker(new URL(…))` becomes a wrapped module Worker.
  plugins: [comlink(), react(), serviceWorkerPlugin(), trimReactRouter()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    emptyOutDir: mode !== 'lab',
    // Every browser the es2022 target reaches supports <link rel="modulepreload">: no polyfill.
    // The rolldown runtime is part of the entry: no dynamic import needs to preload it.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps) => deps.filter((dep) => !/rolldown-runtime/.test(dep)),
    },
    // dist/.vite/manifest.json: which chunks each route loads (scripts/check-budgets.mjs).
    manifest: mode !== 'lab',
    rollupOptions: {
      input: mode === 'lab' ? labPages : { main: 'index.html' },
      // Everything the entry imports statically ships as one file: one request, and gzip sees
      // the whole first load at once (≈ 8 % smaller than the same code in twenty chunks).
      output:
        mode === 'lab' ? {} : { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
    },
  },
  // Lightning CSS (rather than PostCSS) compiles the stylesheets so that the breakpoints can be
  // custom media (src/styles/media.css): each `@media (--phone)` becomes its query in the build.
  css: { transformer: 'lightningcss', lightningcss: { drafts: { customMedia: true } } },
  worker: { format: 'es', plugins: () => [comlink()] },
  server: {
    port: 5173,
    proxy: {
      [DEV_PROXY]: {
        target: 'http://127.0.0.1:3000',
        // A page load (the address bar, a reload) under a proxied prefix, such as a location
        // page, is the app's: Vite serves it. tests/unit/app/routeTable.test.ts checks that every
        // route's page is served as a page by the server and by this proxy.
        bypass: (req) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
      },
    },
  },
}));
