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
  },
});
