import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // Server-only packages stay external to the server bundle; node_modules are loaded at run time.
  ssr: { noExternal: ['@shopify/polaris'] },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // Fonts stay files however small (a few symbol subsets are under Vite's 4 KB inline limit):
    // a page fetches a face only when it uses it, and the PDF embeds the same file.
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
    rollupOptions: {
      output: {
        // Zod and the page's switch to its plain parsers (app/zod-jitless.ts) share one chunk, so the switch runs
        // as Zod loads, before any module builds a schema (an object schema tries `new Function` when built, which
        // the pages' policy reports as a violation).
        manualChunks: (id) =>
          /[\\/]node_modules[\\/]zod[\\/]|[\\/]app[\\/]zod-jitless\.ts$/.test(id) ? 'zod' : undefined,
      },
    },
  },
});
