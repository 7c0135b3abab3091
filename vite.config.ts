import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // Server-only packages stay external to the server bundle; node_modules are loaded at run time.
  ssr: { noExternal: ['@shopify/polaris'] },
  build: { sourcemap: false, chunkSizeWarningLimit: 1500 },
});
