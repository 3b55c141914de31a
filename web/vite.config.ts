import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pageChunkGroups } from './build/chunk-groups';
import { lucideDeepImports } from './build/lucide-deep-imports';

const apiProxy = { '/api': { target: 'http://localhost:3000' } };

export default defineConfig({
  plugins: [
    lucideDeepImports(),
    react(),
    tailwindcss(),
    // The service worker (src/sw/sw.ts) with the list of files to precache injected, built to
    // dist/sw.js. The app registers it itself (src/pwa/) and the manifest is public/manifest.webmanifest.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // One classic script: no module workers needed, and no import round trips at install.
        rollupFormat: 'iife',
        // Hashed chunks and the offline app page; not the signed-out pages, the brotli/gzip
        // copies or the build manifest (written later, or never fetched by the app).
        globPatterns: ['assets/*.{js,css}', 'index.html', 'favicon.svg', 'icons/*.png', 'manifest.webmanifest'],
        // Hashed names change with their content, so the URL is the revision.
        dontCacheBustURLsMatching: /^assets\//,
      },
    }),
  ],
  resolve: {
    // Bundle @kora/contracts from its TypeScript source, so no contracts build is needed first.
    conditions: ['kora-source', ...defaultClientConditions],
  },
  // The prerender build (src/prerender.tsx) bundles the same source for Node.
  ssr: {
    noExternal: ['@kora/contracts'],
    resolve: { conditions: ['kora-source', ...defaultServerConditions] },
  },
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 4173, strictPort: true, proxy: apiProxy },
  build: {
    target: 'es2022',
    // scripts/prerender.mjs reads it to list each page's chunks for modulepreload.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The icons no first screen shows, in one file instead of a chain of 0.3 KB files, each a
            // round trip on a slow link.
            { name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/, priority: 1 },
            ...pageChunkGroups(import.meta.dirname),
          ],
        },
      },
    },
  },
});
