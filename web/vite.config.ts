import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import { pageChunkGroups } from './build/chunk-groups';

const apiProxy = { '/api': { target: 'http://localhost:3000' } };

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
            // One file for the icons instead of a chain of 0.3 KB files, each a round trip on a slow link.
            { name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/, priority: 1 },
            ...pageChunkGroups(import.meta.dirname),
          ],
        },
      },
    },
  },
});
