// Build the viewer's client bundle (DESIGN §3: its own small bundle, no Polaris, no editor code) into
// build/viewer/viewer.js. Plain JavaScript so `npm start` and the test setup can run it before anything else.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function buildViewer() {
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    publicDir: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir: path.join(ROOT, 'build', 'viewer'),
      emptyOutDir: true,
      target: 'es2020',
      minify: 'esbuild',
      sourcemap: false,
      lib: {
        entry: path.join(ROOT, 'viewer', 'client', 'main.ts'),
        formats: ['es'],
        fileName: () => 'viewer.js',
      },
    },
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildViewer();
}
