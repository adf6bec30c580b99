import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The client is built to dist/ and served by the reference server (server/routes/pages.ts),
// which injects window._sharedData into index.html. `npm run dev` proxies the API to it.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    rollupOptions: {
      // lab/ holds browser harness pages for e2e pixel tests and bench/ (served only outside
      // production by the server).
      input: { main: 'index.html', lab: 'lab/index.html' },
    },
  },
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: {
      '^/(accounts/.*ajax|graphql|web|create|media|api|dev|fb|oauth|push|zr|qp|stories/reel|location_search|explore/locations/.+/?$|ajax|client_error)':
        { target: 'http://127.0.0.1:3000' },
    },
  },
});
